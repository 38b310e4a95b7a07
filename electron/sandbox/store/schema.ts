import type { Migration } from '../../store/migrations';

/** The sandbox's own database (never the station's): one file under its data directory. */
export const sandboxMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'sandbox: account, shipments, labels, pickups, scan forms, pods, orders, ledger',
    sql: `
      CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE shipments (
        shipment_no TEXT PRIMARY KEY,
        platform_uk_id TEXT UNIQUE,
        tracking_no TEXT NOT NULL UNIQUE,
        api TEXT NOT NULL,
        carrier_code TEXT NOT NULL,
        service_level TEXT NOT NULL,
        service_name TEXT NOT NULL,
        status TEXT NOT NULL,
        label_fee_cents INTEGER NOT NULL,
        insurance_fee_cents INTEGER NOT NULL,
        insured_value_cents INTEGER,
        total_fee_cents INTEGER NOT NULL,
        delivery_days INTEGER NOT NULL,
        zone INTEGER NOT NULL,
        weight_oz REAL NOT NULL,
        detail TEXT NOT NULL,
        store_name TEXT,
        order_number TEXT,
        scan_form_no TEXT,
        created_at TEXT NOT NULL,
        voided_at TEXT
      );
      CREATE INDEX shipments_order ON shipments (store_name, order_number);
      CREATE TABLE labels (
        id TEXT PRIMARY KEY,
        shipment_no TEXT NOT NULL,
        kind TEXT NOT NULL,
        position INTEGER NOT NULL,
        png BLOB NOT NULL
      );
      CREATE INDEX labels_shipment ON labels (shipment_no, kind, position);
      CREATE TABLE pickups (
        pickup_no TEXT PRIMARY KEY,
        confirmation_number TEXT NOT NULL UNIQUE,
        status TEXT NOT NULL,
        carrier_code TEXT NOT NULL,
        pickup_date TEXT NOT NULL,
        package_location TEXT NOT NULL,
        package_location_ext TEXT,
        pickup_location TEXT,
        tracking_nos TEXT NOT NULL,
        package_total_num INTEGER NOT NULL,
        package_total_weight REAL NOT NULL,
        created_at TEXT NOT NULL,
        canceled_at TEXT
      );
      CREATE TABLE scan_forms (
        scan_form_no TEXT PRIMARY KEY,
        api TEXT NOT NULL,
        carrier_code TEXT NOT NULL,
        tracking_nos TEXT NOT NULL,
        request_id INTEGER UNIQUE,
        pdf BLOB,
        ready_at TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE TABLE pods (
        request_no TEXT PRIMARY KEY,
        tracking_no TEXT NOT NULL,
        email_list TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE TABLE orders (
        store_name TEXT NOT NULL,
        order_number TEXT NOT NULL,
        warehouse_name TEXT NOT NULL,
        status TEXT NOT NULL,
        data TEXT NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (store_name, order_number)
      );
      CREATE TABLE ledger (
        id INTEGER PRIMARY KEY,
        amount_cents INTEGER NOT NULL,
        kind TEXT NOT NULL,
        ref TEXT,
        created_at TEXT NOT NULL
      );
    `,
  },
];
