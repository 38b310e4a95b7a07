import type { Migration } from './index';

/**
 * The journal of legacy (v1) purchases. A v1 purchase carries no
 * platform_uk_id, so the service cannot de-duplicate it: the station journals
 * the request (rate id or the direct request, with the order it is for)
 * before sending, and a purchase whose answer was lost stays `unknown` until
 * the order's labels have been read back. One live purchase per order package
 * and backend. A bought one points at its shipments row, where History finds
 * it and its label bytes.
 */
export const m006V1Purchases: Migration = {
  version: 6,
  name: 'account: legacy v1 purchase journal',
  sql: `
    CREATE TABLE v1_purchases (
      id INTEGER PRIMARY KEY,
      backend_id TEXT NOT NULL,
      package_key TEXT NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('rate', 'direct')),
      rate_id TEXT,
      store_name TEXT NOT NULL,
      order_number TEXT NOT NULL,
      request_json TEXT NOT NULL,
      state TEXT NOT NULL CHECK (state IN ('pending', 'unknown', 'bought', 'failed', 'voided')),
      shipment_id INTEGER REFERENCES shipments (id),
      tracking_code TEXT,
      error TEXT,
      attempts INTEGER NOT NULL DEFAULT 0,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );
    CREATE UNIQUE INDEX v1_purchases_live ON v1_purchases (backend_id, package_key) WHERE state NOT IN ('failed', 'voided');
    CREATE INDEX v1_purchases_tracking ON v1_purchases (tracking_code) WHERE tracking_code IS NOT NULL;
  `,
};
