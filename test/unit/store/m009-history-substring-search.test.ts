import { describe, expect, it } from 'vitest';
import { openDatabase, schemaVersion } from '../../../electron/store/database';
import { createHistorySearch } from '../../../electron/store/historySearch';
import { migrations } from '../../../electron/store/migrations';

describe('migration 009 (history search by any part of a value)', () => {
  it('fills city and ZIP of shipments stored before it, from a direct buy\'s request or the quote that offered the rate, and indexes them', () => {
    const db = openDatabase({ file: ':memory:', migrations: migrations.slice(0, 8) });
    const insert = db.prepare(
      `INSERT INTO shipments (package_key, platform_uk_id, state, method, request_json, order_number, recipient_name, tracking_lc, created_at, updated_at)
       VALUES (?, ?, 'bought', ?, ?, ?, ?, ?, 'now', 'now')`,
    );
    insert.run('a', 'a', 'direct_buy', JSON.stringify({ to_address_data: { city: 'Denver', zip_code: '80202' } }), 'SO-1', 'Ann Lee', '9400111122223333');
    insert.run('b', 'b', 'create_and_pay', JSON.stringify({ rate_id: 'rate-2' }), 'SO-2', 'Bo Li', '1z999888');
    insert.run('c', 'c', 'create_and_pay', 'not json', null, null, null);
    db.prepare("INSERT INTO rate_quotes (source, request_json, rates_json, errors_json, created_at) VALUES ('ship', ?, ?, '[]', 'now')").run(
      JSON.stringify({ input: { to: { city: 'Salt Lake City', zip: '84101' } } }),
      JSON.stringify([{ rateId: 'rate-1' }, { rateId: 'rate-2' }]),
    );
    for (const m of migrations.slice(8)) db.exec(m.sql);
    const rows = db.prepare('SELECT platform_uk_id AS id, recipient_city AS city, recipient_zip AS zip FROM shipments ORDER BY id').all();
    expect(rows).toEqual([
      { id: 'a', city: 'Denver', zip: '80202' },
      { id: 'b', city: 'Salt Lake City', zip: '84101' },
      { id: 'c', city: null, zip: null },
    ]);
    const search = createHistorySearch(db);
    const find = (query: string) => search({ query, limit: 10 }).map((r) => r.platform_uk_id);
    expect(find('lake')).toEqual(['b']);
    expect(find('3333')).toEqual(['a']);
    expect(find('0202')).toEqual(['a']);
    db.close();
  });

  it('applies on a fresh database', () => {
    const db = openDatabase({ file: ':memory:' });
    expect(schemaVersion(db)).toBeGreaterThanOrEqual(9);
    db.close();
  });
});
