import type { Migration } from './index';

/**
 * Warehouse mode: what this bench did that the warehouse database has not
 * heard yet (a label it bought, a label it voided) while the database was
 * away. The label itself is already in shipments and labels; a row here only
 * says it still has to be published, so a restart loses nothing.
 */
export const m011WarehouseOutbox: Migration = {
  version: 11,
  name: 'warehouse: writes kept for the warehouse database while it is away',
  sql: `
    CREATE TABLE warehouse_outbox (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      kind TEXT NOT NULL CHECK (kind IN ('publish', 'void')),
      platform_uk_id TEXT NOT NULL,
      queued_at TEXT NOT NULL,
      UNIQUE (kind, platform_uk_id)
    );
  `,
};
