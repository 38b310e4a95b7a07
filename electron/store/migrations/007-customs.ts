import type { Migration } from './index';

/**
 * International shipments (issue 15): an order keeps its customs declaration,
 * and a purchase keeps the customs forms the service returned next to its
 * label, as PNG images or PDF files, so printing and reprinting never need
 * the network.
 */
export const m007Customs: Migration = {
  version: 7,
  name: 'shipping: customs declarations on orders, customs forms with labels',
  sql: `
    ALTER TABLE orders ADD COLUMN customs_json TEXT;
    CREATE TABLE customs_forms (
      id INTEGER PRIMARY KEY,
      shipment_id INTEGER NOT NULL REFERENCES shipments (id) ON DELETE CASCADE,
      seq INTEGER NOT NULL,
      url TEXT,
      mime TEXT NOT NULL CHECK (mime IN ('image/png', 'application/pdf')),
      bytes BLOB NOT NULL,
      UNIQUE (shipment_id, seq)
    );
  `,
};
