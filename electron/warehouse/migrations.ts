import { createHash } from 'node:crypto';
import type pg from 'pg';
import { fail } from '../../shared/contract/errors';

export interface PgMigration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

/**
 * The warehouse schema in PostgreSQL. Claims: one live claim per package and
 * backend (a unique index), so two benches cannot both hold it. Shipments and
 * label bytes of every bench, for history and reprints anywhere. The access
 * token of each AppKey (keyed by a hash of the service and keys). SCAN
 * forms: a tracking number is the key of its form item, so a label is on at
 * most one form whichever bench made it. Pickups: every bench's, so any bench
 * knows which labels are picked and cancels another bench's pickup. Shared
 * settings: one value per key (ship-from, presets, rate rule), so every bench
 * ships from the same address under the same rule. Orders: the inbox every
 * bench imports into and scans from; an order is shipped when any bench's
 * shipment for it is bought.
 */
/**
 * An order number as the inbox keys it (electron/store/shipmentsRepo.ts
 * normalizeKey: blanks collapsed, trimmed, lower case), so a shipment finds
 * its order; the shipments index is on this very expression.
 */
export const orderKeySql = (column: string): string => `lower(btrim(regexp_replace(${column}, '\\s+', ' ', 'g')))`;

export const pgMigrations: readonly PgMigration[] = [
  {
    version: 1,
    name: 'purchase claims, shared shipments and label bytes',
    sql: `
      CREATE TABLE purchase_claims (
        platform_uk_id TEXT PRIMARY KEY,
        backend_id TEXT NOT NULL,
        package_key TEXT NOT NULL,
        generation INTEGER NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('pending', 'bought', 'failed', 'voided')),
        bench TEXT NOT NULL,
        order_number TEXT,
        claimed_at TIMESTAMPTZ NOT NULL DEFAULT now(),
        heartbeat_at TIMESTAMPTZ NOT NULL DEFAULT now(),
        updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX purchase_claims_live ON purchase_claims (backend_id, package_key) WHERE state <> 'voided';

      CREATE TABLE shipments (
        platform_uk_id TEXT PRIMARY KEY REFERENCES purchase_claims (platform_uk_id),
        backend_id TEXT NOT NULL,
        package_key TEXT NOT NULL,
        bench TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('bought', 'voided')),
        method TEXT NOT NULL,
        request_json TEXT NOT NULL,
        order_number TEXT,
        recipient_name TEXT,
        shipment_no TEXT,
        tracking_no TEXT,
        tracking_lc TEXT,
        carrier_code TEXT,
        service_level TEXT,
        service_name TEXT,
        cost_cents BIGINT,
        currency TEXT,
        insurance_cents BIGINT,
        is_return BOOLEAN NOT NULL DEFAULT false,
        duplicate_label BOOLEAN NOT NULL DEFAULT false,
        result_json TEXT NOT NULL,
        bought_at TIMESTAMPTZ NOT NULL DEFAULT now(),
        voided_at TIMESTAMPTZ
      );
      CREATE INDEX shipments_tracking ON shipments (tracking_lc);
      CREATE INDEX shipments_shipment_no ON shipments (shipment_no);
      CREATE INDEX shipments_bought_at ON shipments (bought_at);

      CREATE TABLE labels (
        platform_uk_id TEXT NOT NULL REFERENCES shipments (platform_uk_id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('label', 'qrcode')),
        seq INTEGER NOT NULL,
        url TEXT,
        png BYTEA NOT NULL,
        PRIMARY KEY (platform_uk_id, kind, seq)
      );
    `,
  },
  {
    version: 2,
    name: 'the access token of each AppKey, shared by every bench',
    sql: `
      CREATE TABLE access_tokens (
        key_id TEXT PRIMARY KEY,
        token TEXT NOT NULL,
        refresh_at_ms BIGINT NOT NULL,
        minted_by TEXT NOT NULL,
        minted_at TIMESTAMPTZ NOT NULL DEFAULT now()
      );
    `,
  },
  {
    version: 3,
    name: 'SCAN forms of every bench, a label on at most one',
    sql: `
      CREATE TABLE scan_forms (
        id BIGSERIAL PRIMARY KEY,
        bench TEXT NOT NULL,
        api TEXT NOT NULL CHECK (api IN ('v2', 'v1', 'v1_ecommerce')),
        status TEXT NOT NULL CHECK (status IN ('making', 'ready', 'pending', 'failed')),
        scan_form_no TEXT,
        pdf_url TEXT,
        tracking_nos_json TEXT NOT NULL,
        result_json TEXT,
        created_at TIMESTAMPTZ NOT NULL DEFAULT now()
      );
      CREATE TABLE scan_form_items (
        tracking_lc TEXT PRIMARY KEY,
        tracking_no TEXT NOT NULL,
        scan_form_id BIGINT NOT NULL REFERENCES scan_forms (id)
      );
      CREATE INDEX scan_form_items_form ON scan_form_items (scan_form_id);
    `,
  },
  {
    version: 4,
    name: 'carrier pickups of every bench',
    sql: `
      CREATE TABLE pickups (
        pickup_no TEXT PRIMARY KEY,
        bench TEXT NOT NULL,
        confirmation_number TEXT,
        pickup_date TEXT,
        status TEXT NOT NULL,
        carrier_code TEXT NOT NULL,
        package_count INTEGER,
        total_weight DOUBLE PRECISION,
        tracking_nos_json TEXT NOT NULL,
        result_json TEXT,
        created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
        updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
      );
      CREATE INDEX pickups_status ON pickups (status);
    `,
  },
  {
    version: 5,
    name: 'settings every bench shares: ship-from, package presets, rate rule',
    sql: `
      CREATE TABLE shared_settings (
        key TEXT PRIMARY KEY,
        value_json TEXT NOT NULL,
        bench TEXT NOT NULL,
        updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
      );
    `,
  },
  {
    version: 6,
    name: 'the orders inbox of every bench',
    sql: `
      CREATE TABLE orders (
        order_number_lc TEXT COLLATE "C" PRIMARY KEY,
        order_number TEXT NOT NULL,
        source TEXT NOT NULL CHECK (source IN ('csv', 'v1', 'manual')),
        recipient_json TEXT NOT NULL,
        package_json TEXT,
        customs_json TEXT,
        recipient_lc TEXT COLLATE "C",
        bench TEXT NOT NULL,
        seq BIGSERIAL NOT NULL,
        imported_at TIMESTAMPTZ NOT NULL DEFAULT now(),
        updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
      );
      CREATE INDEX orders_recipient ON orders (recipient_lc);
      CREATE INDEX orders_seq ON orders (seq);
      CREATE INDEX shipments_order_key ON shipments ((${orderKeySql('order_number')}));
    `,
  },
  {
    version: 7,
    name: 'orders keep their line items',
    sql: 'ALTER TABLE orders ADD COLUMN items_json TEXT;',
  },
  {
    version: 8,
    name: 'automation rules every bench shares; orders keep their store and tags',
    sql: `
      CREATE TABLE rules (
        id BIGSERIAL PRIMARY KEY,
        position INTEGER NOT NULL,
        name TEXT NOT NULL,
        conditions_json TEXT NOT NULL,
        actions_json TEXT NOT NULL,
        bench TEXT NOT NULL,
        created_at TIMESTAMPTZ NOT NULL DEFAULT now()
      );
      CREATE INDEX rules_position ON rules (position);
      CREATE TABLE rules_started (bench TEXT NOT NULL, at TIMESTAMPTZ NOT NULL DEFAULT now());
      ALTER TABLE orders ADD COLUMN store TEXT;
      ALTER TABLE orders ADD COLUMN tags_json TEXT;
    `,
  },
];

const checksum = (m: PgMigration): string => createHash('sha256').update(m.sql).digest('hex').slice(0, 16);

/** Any number fixed for this schema: benches starting together migrate one at a time. */
const MIGRATION_LOCK = 7_114_201;

/**
 * Brings the warehouse database to this station's schema: each migration in
 * its own transaction (PostgreSQL's DDL is transactional, so a crash leaves a
 * whole version), under an advisory lock. A schema newer than this station
 * knows is refused with words rather than half understood, and so is a
 * migration whose text changed after it was applied.
 */
export async function migrateWarehouse(client: pg.ClientBase, list: readonly PgMigration[] = pgMigrations): Promise<number> {
  await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    await client.query(`CREATE TABLE IF NOT EXISTS parcel_station_migrations (
      version INTEGER PRIMARY KEY, name TEXT NOT NULL, checksum TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`);
    const applied = (await client.query<{ version: number; name: string; checksum: string }>('SELECT version, name, checksum FROM parcel_station_migrations ORDER BY version')).rows;
    const newest = applied.at(-1)?.version ?? 0;
    if (newest > list.length) {
      fail(
        'conflict',
        `The warehouse database was set up by a newer Parcel Station (schema ${newest}; this bench knows ${list.length}). Update this bench; the database is left untouched.`,
      );
    }
    for (const row of applied) {
      const known = list[row.version - 1];
      if (known && checksum(known) !== row.checksum) {
        fail('conflict', `Warehouse database migration ${row.version} (${row.name}) differs from this bench's; refusing to use the database.`);
      }
    }
    for (const migration of list.slice(newest)) {
      await client.query('BEGIN');
      try {
        await client.query(migration.sql);
        await client.query('INSERT INTO parcel_station_migrations (version, name, checksum) VALUES ($1, $2, $3)', [migration.version, migration.name, checksum(migration)]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    }
    return list.length;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  }
}
