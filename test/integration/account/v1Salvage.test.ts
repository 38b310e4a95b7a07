import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShipmentsRepo } from '../../../electron/store/shipmentsRepo';
import { openV1Desk, type V1Desk } from '../../support/v1Desk';

/**
 * Issue 10 part 2 for the legacy v1 buy, against the sandbox over HTTP: a
 * purchase answer the parser refuses is recorded as bought from what it
 * holds and never sent again (v1 has no platform_uk_id, so a second send
 * would buy a second label); the label found prints and voids by tracking code.
 */
let desk: V1Desk;
const call: V1Desk['call'] = (name, input) => desk.call(name, input);

beforeAll(async () => {
  desk = await openV1Desk({ sandbox: { seed: 35 } });
});
afterAll(() => desk.close());

const store = 'Salvage Store';
const to = { name: 'Ann Lee', street: '1457 Sunset Boulevard', city: 'Los Angeles', state: 'CA', zip: '90026' };
const pkg = { weightOz: 20, lengthIn: 10, widthIn: 8, heightIn: 4 };

async function order(orderNumber: string) {
  await call('account.orders.create', { storeName: store, warehouseName: 'Main Warehouse', orderNumber, recipient: to, packages: [pkg] });
  return { storeName: store, orderNumber, warehouseName: 'Main Warehouse', to, package: pkg, serviceType: 'usps_ground_advantage' };
}

describe('a v1 purchase answer the parser refuses', () => {
  it('keeps the label found in it (printed, never bought again, voided by its tracking code)', async () => {
    const shipment = await order('V1S-1');
    desk.sandbox.faults.set({ unreadablePurchaseAnswers: 1, unreadableKind: 'scattered' });
    const before = desk.sandbox.stats().labelsSold;
    const first = await call('account.buyDirect', shipment);
    expect(desk.sandbox.stats().labelsSold).toBe(before + 1);
    expect(first.trackingCode).toMatch(/^[0-9A-Z]{10,}$/);
    expect(first.labelPng?.startsWith('iVBORw0KGgo')).toBe(true);
    expect(first.printJobId).toBe(`job-${desk.printJobs.length}`);
    expect(first.note).toMatch(/answer was not understood.*found tracking number/);
    const row = createShipmentsRepo(desk.db, () => new Date()).findByRef(first.trackingCode);
    expect(row?.unreadable_answer).toMatch(/tracking from result\.parcel\.carrierTracking · label from links\.print/);

    const again = await call('account.buyDirect', shipment);
    expect(again.trackingCode).toBe(first.trackingCode);
    expect(desk.sandbox.stats().labelsSold).toBe(before + 1);

    expect(await call('account.void', { trackingCode: first.trackingCode })).toEqual({ trackingCode: first.trackingCode, voided: true });
  });

  it('with nothing usable: bought, never re-sent, and the operator is told to contact support', async () => {
    const shipment = await order('V1S-2');
    desk.sandbox.faults.set({ unreadablePurchaseAnswers: 1, unreadableKind: 'empty' });
    const before = desk.sandbox.stats().labelsSold;
    const first = await call('account.buyDirect', shipment);
    expect(first.trackingCode).toBe('');
    expect(first.labelPng).toBeNull();
    expect(first.note).toMatch(/contact support with the details line below to void it/);
    const again = await call('account.buyDirect', shipment);
    expect(again.note).toMatch(/already has a label/);
    expect(desk.sandbox.stats().labelsSold).toBe(before + 1);
  });
});
