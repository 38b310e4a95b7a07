import { describe, expect, it } from 'vitest';
import { openDatabase, schemaVersion } from '../../../electron/store/database';
import { migrations } from '../../../electron/store/migrations';

describe('migration 005 (purchases belong to a backend)', () => {
  it('applies on a fresh database and scopes the live package key by backend', () => {
    const db = openDatabase({ file: ':memory:', migrations: migrations.slice(0, 5) });
    expect(schemaVersion(db)).toBe(5);
    const insert = db.prepare(
      "INSERT INTO shipments (package_key, platform_uk_id, backend_id, state, method, request_json, created_at, updated_at) VALUES (?, ?, ?, 'pending', 'direct_buy', '{}', 'now', 'now')",
    );
    insert.run('order:a#0', 'p1', 'sandbox');
    insert.run('order:a#0', 'p2', 'live:https://api.example.com');
    expect(() => insert.run('order:a#0', 'p3', 'sandbox')).toThrow(/UNIQUE/);
    insert.run('order:b#0', 'p4', null);
    expect(() => insert.run('order:b#0', 'p5', null)).toThrow(/UNIQUE/);
    db.close();
  });
});
