import path from 'node:path';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import type { Shipment } from '../../../shared/contract/shippingTypes';
import { openDatabase, type Db } from '../../../electron/store/database';
import { sharedShipmentOf, toShipment, type SharedShipment, type ShipmentRecord, type ShipmentRow } from '../../../electron/store/shipmentRecord';
import { createShipmentsRepo } from '../../../electron/store/shipmentsRepo';
import { makeTempDir } from '../../support/tempDir';

const temps: Array<() => void> = [];
afterEach(() => temps.splice(0).forEach((cleanup) => cleanup()));
function db(name: string): Db {
  const temp = makeTempDir();
  const opened = openDatabase({ file: path.join(temp.dir, `${name}.sqlite`) });
  temps.push(() => {
    opened.close();
    temp.cleanup();
  });
  return opened;
}

describe('one shipment record', () => {
  it('the row, the shared record and the contract spell its fields alike (checked by the compiler)', () => {
    expectTypeOf<ShipmentRow['platform_uk_id']>().toEqualTypeOf<Shipment['platformUkId']>();
    expectTypeOf<ShipmentRow['method']>().toEqualTypeOf<Shipment['method']>();
    expectTypeOf<ShipmentRow['tracking_no']>().toEqualTypeOf<Shipment['trackingNo']>();
    expectTypeOf<ShipmentRow['is_return']>().toEqualTypeOf<number>();
    expectTypeOf<SharedShipment['isReturn']>().toEqualTypeOf<Shipment['isReturn']>();
    expectTypeOf<Pick<SharedShipment, keyof ShipmentRecord>>().toEqualTypeOf<ShipmentRecord>();
  });

  it('a label bought on one bench, shared and adopted on another, reads the same on both', () => {
    const at = () => new Date('2026-11-28T10:00:00.000Z');
    const here = createShipmentsRepo(db('here'), at);
    const pending = here.insertPending({ packageKey: 'order:A-1#0', platformUkId: 'p-1', backendId: 'sandbox', method: 'create_and_pay', requestJson: '{"rate_id":"r1"}', chosenJson: null, orderNumber: 'A-1', recipientName: 'Ann Lee', insuranceCents: 5000, isReturn: true });
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47]);
    here.markBought(pending.id, { resultJson: '{}', shipmentNo: 'S-1', trackingNo: '1Z999AA10123456784', carrierCode: 'UPS', serviceLevel: 'UPS_GROUND', serviceName: 'UPS Ground', costCents: 1234, currency: 'USD', duplicateLabel: false, rateMismatchJson: null, note: null, labels: [{ kind: 'label', seq: 0, url: null, png }] });
    const bought = here.get(pending.id) as ShipmentRow;

    const shared = sharedShipmentOf(bought, 'bench-a', [{ kind: 'label', seq: 0, url: null, png }]);
    const there = createShipmentsRepo(db('there'), at).adoptShared(shared);

    const pick = (s: Shipment) => ({ ...s, id: 0, createdAt: '', boughtAt: '', labelCount: 0, qrCodeCount: 0, customsFormCount: 0, error: null, bench: null });
    expect(pick(toShipment(there))).toEqual(pick(toShipment(bought)));
    // Only the bench differs: the adopting bench names the one that bought it.
    expect([toShipment(bought).bench, toShipment(there).bench]).toEqual([null, 'bench-a']);
    expect(toShipment(bought)).toMatchObject({ platformUkId: 'p-1', trackingNo: '1Z999AA10123456784', cost: 12.34, insuranceAmount: 50, isReturn: true, duplicateLabel: false, state: 'bought' });
  });
});
