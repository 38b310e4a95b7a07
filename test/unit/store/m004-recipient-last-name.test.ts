import { describe, expect, it } from 'vitest';
import { openDatabase, schemaVersion } from '../../../electron/store/database';
import { migrations } from '../../../electron/store/migrations';

describe('migration 004 (recipient last name)', () => {
  it('applies on a fresh database', () => {
    const db = openDatabase({ file: ':memory:', migrations: migrations.slice(0, 4) });
    expect(schemaVersion(db)).toBe(4);
    const cols = (db.prepare('PRAGMA table_info(shipments)').all() as Array<{ name: string }>).map((c) => c.name);
    expect(cols).toContain('recipient_last_lc');
    db.close();
  });

  it('fills the last name of shipments stored before it', () => {
    const db = openDatabase({ file: ':memory:', migrations: migrations.slice(0, 3) });
    const insert = db.prepare(
      "INSERT INTO shipments (package_key, platform_uk_id, state, method, request_json, recipient_lc, created_at, updated_at) VALUES (?, ?, 'bought', 'direct_buy', '{}', ?, 'now', 'now')",
    );
    insert.run('a', 'a', 'mary ann lee');
    insert.run('b', 'b', 'cher');
    insert.run('c', 'c', null);
    db.exec((migrations[3] as { sql: string }).sql);
    const rows = db.prepare('SELECT platform_uk_id AS id, recipient_last_lc AS last FROM shipments ORDER BY id').all();
    expect(rows).toEqual([
      { id: 'a', last: 'lee' },
      { id: 'b', last: null },
      { id: 'c', last: null },
    ]);
    db.close();
  });
});
