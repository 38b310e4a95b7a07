import { describe, expect, it } from 'vitest';
import { openDatabase, schemaVersion } from '../../../electron/store/database';
import { migrations } from '../../../electron/store/migrations';
import { createShipmentsRepo } from '../../../electron/store/shipmentsRepo';
import { v1OrderOf } from '../../../electron/account/v1Adapter';

const request = (name: string, insurance?: number) =>
  JSON.stringify({
    request: {
      to: { name, city: 'Los Angeles', zip: '90026' },
      shipments: [{ weight: 1.25, ...(insurance ? { insurance_amount: insurance } : {}) }],
      order: { store_name: 'Fault Store', order_number: 'M-1', service_type: 'usps_ground_advantage' },
    },
  });

describe('migration 016 (v1 purchases journaled in shipments)', () => {
  it('carries every v1 purchase whose outcome matters into shipments: unsettled ones pending with their request, bought ones with their sends', () => {
    const db = openDatabase({ file: ':memory:', migrations: migrations.slice(0, 15) });
    db.prepare(
      `INSERT INTO shipments (id, package_key, platform_uk_id, backend_id, state, method, request_json, tracking_no, tracking_lc, created_at, updated_at)
       VALUES (1, 'v1:fault store/m-1#1', 'v1-psbought', 'sandbox', 'bought', 'direct_buy', ?, '9400A', '9400a', 'then', 'then')`,
    ).run(request('Ann Lee'));
    const v1 = db.prepare(
      `INSERT INTO v1_purchases (id, backend_id, package_key, kind, rate_id, store_name, order_number, request_json, state, shipment_id, tracking_code, error, attempts, created_at, updated_at)
       VALUES (?, 'sandbox', ?, ?, ?, 'Fault Store', ?, ?, ?, ?, ?, ?, ?, 'then', 'later')`,
    );
    v1.run(1, 'v1:fault store/m-1#1', 'direct', null, 'M-1', request('Ann Lee'), 'bought', 1, '9400A', null, 2);
    v1.run(2, 'v1:fault store/m-1#2', 'direct', null, 'M-1', request('Ann Lee'), 'failed', null, null, 'Insufficient balance', 1);
    v1.run(3, 'v1:fault store/m-1#2', 'direct', null, 'M-1', request('Ann Lee'), 'pending', null, null, null, 1);
    v1.run(4, 'v1:fault store/m-2#1', 'rate', 'rate-9', 'M-2', request('Bo Chen', 50), 'unknown', null, null, 'no answer', 1);
    for (const m of migrations.slice(15, 16)) db.exec(m.sql);
    expect(schemaVersion(db)).toBe(15);

    const shipments = createShipmentsRepo(db, () => new Date());
    expect(shipments.get(1)?.attempts).toBe(2);
    const pending = shipments.pending('sandbox', true);
    expect(pending.map((r) => [r.package_key, r.platform_uk_id, r.method, r.attempts, r.error])).toEqual([
      ['v1:fault store/m-1#2', 'v1-m016-3', 'direct_buy', 1, null],
      ['v1:fault store/m-2#1', 'v1-m016-4', 'create_and_pay', 1, 'no answer'],
    ]);
    const unknown = pending[1];
    expect(unknown?.request_json).toBe(request('Bo Chen', 50));
    expect([unknown?.order_number, unknown?.recipient_name, unknown?.recipient_city, unknown?.recipient_zip, unknown?.insurance_cents]).toEqual(['M-2', 'Bo Chen', 'Los Angeles', '90026', 5000]);
    expect(JSON.parse(unknown?.chosen_json ?? '{}')).toMatchObject({ serviceLevel: 'usps_ground_advantage' });
    expect(unknown && v1OrderOf(unknown)).toEqual({ store_name: 'Fault Store', order_number: 'M-2' });
    // v2 settles none of them; the refused attempt sold nothing and stays in the old journal only.
    expect(shipments.pending('sandbox')).toEqual([]);
    expect(shipments.anyPending()).toBe(false);
    expect(shipments.anyPending(true)).toBe(true);
    expect((db.prepare('SELECT count(*) AS n FROM v1_purchases').get() as { n: number }).n).toBe(4);
    expect(shipments.findByRef('9400A')?.id).toBe(1);
    db.close();
  });
});
