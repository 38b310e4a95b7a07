import { describe, expect, it } from 'vitest';
import { openDatabase, schemaVersion } from '../../../electron/store/database';
import { migrations } from '../../../electron/store/migrations';
import { m002Shipping } from '../../../electron/store/migrations/002-shipping';

describe('migration 002 (shipping)', () => {
  it('applies on a fresh database and creates the shipping tables', () => {
    const db = openDatabase({ file: ':memory:', migrations: migrations.slice(0, 2) });
    expect(schemaVersion(db)).toBe(2);
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>).map((r) => r.name);
    for (const t of ['shipments', 'labels', 'rate_quotes', 'pickups', 'tracking_snapshots', 'scan_forms', 'scan_form_items', 'orders']) {
      expect(tables).toContain(t);
    }
    expect(migrations[1]).toBe(m002Shipping);
    db.close();
  });

  it('keeps one live platform_uk_id per package key, allowing a new one after a void', () => {
    const db = openDatabase({ file: ':memory:', migrations: migrations.slice(0, 2) });
    const insert = db.prepare(
      "INSERT INTO shipments (package_key, platform_uk_id, state, method, request_json, created_at, updated_at) VALUES (?, ?, ?, 'direct_buy', '{}', 'now', 'now')",
    );
    insert.run('order-1#0', 'a', 'pending');
    expect(() => insert.run('order-1#0', 'b', 'pending')).toThrow(/UNIQUE/);
    db.prepare("UPDATE shipments SET state = 'voided' WHERE platform_uk_id = 'a'").run();
    expect(() => insert.run('order-1#0', 'b', 'pending')).not.toThrow();
    expect(() => insert.run('order-2#0', 'b', 'pending')).toThrow(/UNIQUE/);
    db.close();
  });

  it('searches recipients by a prefix range on the index', () => {
    const db = openDatabase({ file: ':memory:', migrations: migrations.slice(0, 2) });
    const plan = db
      .prepare("EXPLAIN QUERY PLAN SELECT id FROM shipments WHERE recipient_lc >= 'smi' AND recipient_lc < 'smj' ORDER BY recipient_lc, id DESC LIMIT 50")
      .all() as Array<{ detail: string }>;
    expect(plan.map((p) => p.detail).join(' ')).toMatch(/USING (COVERING )?INDEX shipments_recipient/);
    db.close();
  });
});
