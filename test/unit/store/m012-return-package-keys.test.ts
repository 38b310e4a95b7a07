import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../electron/store/database';
import { migrations } from '../../../electron/store/migrations';
import { createShipmentsRepo } from '../../../electron/store/shipmentsRepo';
import { packageKeyOf } from '../../../electron/purchases/packageKey';

describe('migration 012 (returns keyed by their order)', () => {
  it('gives an order\'s return bought under a page key the key Buy again looks for, without breaking the one-live-label rule', () => {
    const db = openDatabase({ file: ':memory:', migrations: migrations.slice(0, 11) });
    const insert = db.prepare(
      `INSERT INTO shipments (package_key, platform_uk_id, backend_id, state, method, request_json, order_number, is_return, created_at, updated_at)
       VALUES (?, ?, 'sandbox', ?, 'direct_buy', '{}', ?, ?, 'now', 'now')`,
    );
    insert.run('return:DEMO-1002:0', 'a', 'bought', 'DEMO-1002', 1);
    insert.run('return-5f1c', 'b', 'voided', 'DEMO-1003', 1);
    insert.run('return-77aa', 'c', 'bought', 'DEMO-1003', 1);
    insert.run('return:DEMO-1004:0', 'd', 'bought', 'DEMO-1004', 1);
    insert.run('return:order:demo-1004#0', 'e', 'bought', 'DEMO-1004', 1);
    insert.run('order:demo-1005#0', 'f', 'bought', 'DEMO-1005', 0);
    insert.run('return-no-order', 'g', 'bought', null, 1);
    for (const m of migrations.slice(11, 12)) db.exec(m.sql);

    const keys = Object.fromEntries((db.prepare('SELECT platform_uk_id AS id, package_key AS key FROM shipments').all() as Array<{ id: string; key: string }>).map((r) => [r.id, r.key]));
    expect(keys).toEqual({
      a: 'return:order:demo-1002#0',
      b: 'return:order:demo-1003#0',
      c: 'return:order:demo-1003#0',
      d: 'return:DEMO-1004:0',
      e: 'return:order:demo-1004#0',
      f: 'order:demo-1005#0',
      g: 'return-no-order',
    });
    const repo = createShipmentsRepo(db, () => new Date());
    const again = packageKeyOf({ orderNumber: 'DEMO-1002', packageIndex: 0, packageKey: 'return-new-session' }, true);
    expect(repo.liveByPackageKey('sandbox', again)?.platform_uk_id).toBe('a');
    expect(repo.liveByPackageKey('sandbox', packageKeyOf({ orderNumber: 'demo-1003', packageIndex: 0 }, true))?.platform_uk_id).toBe('c');
    db.close();
  });
});
