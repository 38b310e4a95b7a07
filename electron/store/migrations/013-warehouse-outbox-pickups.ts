import type { Migration } from './index';

/**
 * Warehouse mode: a pickup this bench booked, canceled or saw in the
 * service's list is kept for the warehouse database too while it is away,
 * beside labels and voids. A kept write names a label (platform_uk_id) or a
 * pickup (pickup number), hence `ref`; SQLite changes a CHECK only by
 * copying the table.
 */
export const m013WarehouseOutboxPickups: Migration = {
  version: 13,
  name: 'warehouse: pickups are kept for the warehouse database while it is away',
  sql: `
    CREATE TABLE warehouse_outbox_new (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      kind TEXT NOT NULL CHECK (kind IN ('publish', 'void', 'pickup')),
      ref TEXT NOT NULL,
      queued_at TEXT NOT NULL,
      UNIQUE (kind, ref)
    );
    INSERT INTO warehouse_outbox_new (seq, kind, ref, queued_at) SELECT seq, kind, platform_uk_id, queued_at FROM warehouse_outbox;
    DROP TABLE warehouse_outbox;
    ALTER TABLE warehouse_outbox_new RENAME TO warehouse_outbox;
  `,
};
