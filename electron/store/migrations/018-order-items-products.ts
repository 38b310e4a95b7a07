import type { Migration } from './index';

/**
 * Orders keep their line items as the store sold them (SKU, name, quantity,
 * unit price), so the packer sees what goes in the box and the catalog can
 * weigh it. Products: the catalog, one row per SKU (case-insensitive), with
 * what weighs and declares a unit; only the SKU and the weight are required.
 */
export const m018OrderItemsProducts: Migration = {
  version: 18,
  name: 'orders: line items; products: the catalog',
  sql: `
    ALTER TABLE orders ADD COLUMN items_json TEXT;
    CREATE TABLE products (
      id INTEGER PRIMARY KEY,
      sku TEXT NOT NULL,
      sku_lc TEXT NOT NULL UNIQUE,
      name TEXT NOT NULL DEFAULT '',
      weight_oz REAL NOT NULL CHECK (weight_oz > 0),
      length_in REAL,
      width_in REAL,
      height_in REAL,
      barcode TEXT,
      hs_code TEXT,
      origin_country TEXT,
      customs_description TEXT,
      value_usd REAL,
      updated_at TEXT NOT NULL
    );
    CREATE INDEX products_barcode ON products (barcode);
  `,
};
