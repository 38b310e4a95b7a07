import type { Migration } from './index';

/**
 * Shipments (the purchase journal), their label bytes, quotes, pickups,
 * tracking snapshots, SCAN forms and the orders inbox.
 *
 * Search columns (*_lc) hold lowercase, trimmed copies so every history
 * search is an index seek or a prefix range scan, never a table scan. The
 * package key is unique among live rows: one platform_uk_id per package until
 * its label is voided.
 */
export const m002Shipping: Migration = {
  version: 2,
  name: 'shipping: journal, labels, quotes, pickups, tracking, scan forms, orders',
  sql: `
    CREATE TABLE shipments (
      id INTEGER PRIMARY KEY,
      package_key TEXT NOT NULL,
      platform_uk_id TEXT NOT NULL UNIQUE,
      state TEXT NOT NULL CHECK (state IN ('pending', 'bought', 'voided', 'failed')),
      method TEXT NOT NULL CHECK (method IN ('create_and_pay', 'direct_buy')),
      request_json TEXT NOT NULL,
      chosen_json TEXT,
      result_json TEXT,
      error TEXT,
      attempts INTEGER NOT NULL DEFAULT 0,
      order_number TEXT,
      order_number_lc TEXT,
      recipient_name TEXT,
      recipient_lc TEXT,
      shipment_no TEXT,
      tracking_no TEXT,
      tracking_lc TEXT,
      carrier_code TEXT,
      service_level TEXT,
      service_name TEXT,
      cost_cents INTEGER,
      currency TEXT,
      insurance_cents INTEGER,
      duplicate_label INTEGER NOT NULL DEFAULT 0,
      rate_mismatch_json TEXT,
      is_return INTEGER NOT NULL DEFAULT 0,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      bought_at TEXT,
      voided_at TEXT
    );
    CREATE UNIQUE INDEX shipments_live_package ON shipments (package_key) WHERE state <> 'voided';
    CREATE INDEX shipments_tracking ON shipments (tracking_lc) WHERE tracking_lc IS NOT NULL;
    CREATE INDEX shipments_shipment_no ON shipments (shipment_no) WHERE shipment_no IS NOT NULL;
    CREATE INDEX shipments_order ON shipments (order_number_lc, id DESC) WHERE order_number_lc IS NOT NULL;
    CREATE INDEX shipments_recipient ON shipments (recipient_lc, id DESC) WHERE recipient_lc IS NOT NULL;
    CREATE INDEX shipments_state ON shipments (state, id);
    CREATE INDEX shipments_bought_at ON shipments (bought_at) WHERE bought_at IS NOT NULL;

    CREATE TABLE labels (
      id INTEGER PRIMARY KEY,
      shipment_id INTEGER NOT NULL REFERENCES shipments (id) ON DELETE CASCADE,
      kind TEXT NOT NULL CHECK (kind IN ('label', 'qrcode')),
      seq INTEGER NOT NULL,
      url TEXT,
      png BLOB NOT NULL,
      UNIQUE (shipment_id, kind, seq)
    );

    CREATE TABLE rate_quotes (
      id INTEGER PRIMARY KEY,
      source TEXT NOT NULL,
      request_json TEXT NOT NULL,
      rates_json TEXT NOT NULL,
      errors_json TEXT NOT NULL,
      order_number TEXT,
      created_at TEXT NOT NULL
    );
    CREATE INDEX rate_quotes_created ON rate_quotes (created_at);

    CREATE TABLE pickups (
      id INTEGER PRIMARY KEY,
      pickup_no TEXT NOT NULL UNIQUE,
      confirmation_number TEXT,
      pickup_date TEXT,
      status TEXT NOT NULL,
      carrier_code TEXT NOT NULL,
      package_count INTEGER,
      total_weight REAL,
      tracking_nos_json TEXT NOT NULL,
      result_json TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );

    CREATE TABLE tracking_snapshots (
      source TEXT NOT NULL,
      ref TEXT NOT NULL,
      tracking_no TEXT,
      status TEXT NOT NULL,
      info_json TEXT NOT NULL,
      fetched_at TEXT NOT NULL,
      PRIMARY KEY (source, ref)
    );

    CREATE TABLE scan_forms (
      id INTEGER PRIMARY KEY,
      api TEXT NOT NULL CHECK (api IN ('v2', 'v1', 'v1_ecommerce')),
      request_id TEXT,
      status TEXT NOT NULL CHECK (status IN ('ready', 'pending', 'failed')),
      pdf_url TEXT,
      tracking_nos_json TEXT NOT NULL,
      result_json TEXT,
      created_at TEXT NOT NULL
    );
    CREATE TABLE scan_form_items (
      scan_form_id INTEGER NOT NULL REFERENCES scan_forms (id) ON DELETE CASCADE,
      tracking_no TEXT NOT NULL,
      PRIMARY KEY (tracking_no, scan_form_id)
    );

    CREATE TABLE orders (
      id INTEGER PRIMARY KEY,
      order_number TEXT NOT NULL,
      order_number_lc TEXT NOT NULL UNIQUE,
      source TEXT NOT NULL CHECK (source IN ('csv', 'v1', 'manual')),
      recipient_json TEXT NOT NULL,
      package_json TEXT,
      recipient_lc TEXT,
      imported_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );
    CREATE INDEX orders_recipient ON orders (recipient_lc);
  `,
};
