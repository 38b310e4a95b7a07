import { describe, expect, it } from 'vitest';
import { openDatabase, schemaVersion } from '../../../electron/store/database';
import { migrations } from '../../../electron/store/migrations';

describe('migration 006 (legacy v1 purchase journal)', () => {
  it('applies on top of 005 and allows one live purchase per order package and backend', () => {
    const db = openDatabase({ file: ':memory:', migrations: migrations.slice(0, 6) });
    expect(schemaVersion(db)).toBe(6);
    const insert = db.prepare(
      "INSERT INTO v1_purchases (backend_id, package_key, kind, store_name, order_number, request_json, state, created_at, updated_at) VALUES (?, ?, 'rate', 's', 'o', '{}', ?, 'now', 'now')",
    );
    insert.run('sandbox', 'v1:s/o#1', 'failed');
    insert.run('sandbox', 'v1:s/o#1', 'pending');
    insert.run('live:https://x', 'v1:s/o#1', 'pending');
    expect(() => insert.run('sandbox', 'v1:s/o#1', 'unknown')).toThrow(/UNIQUE/);
    expect(() => insert.run('sandbox', 'v1:s/o#2', 'lost')).toThrow(/CHECK/);
    db.close();
  });
});
