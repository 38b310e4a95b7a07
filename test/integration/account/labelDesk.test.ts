import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountCommands } from '../../../shared/contract/account';
import type { StationError } from '../../../shared/contract/errors';
import type { AccountCommandName } from '../../../electron/account/module';
import { v1PackageKey } from '../../../electron/purchases/packageKey';
import { v1Draft } from '../../../electron/account/v1Adapter';
import { v1ShipmentRequest } from '../../../electron/account/v1Request';
import { createLabelsRepo } from '../../../electron/store/labelsRepo';
import { createShipmentsRepo } from '../../../electron/store/shipmentsRepo';
import { deskShipFrom, openV1Desk, type V1Desk } from '../../support/v1Desk';

let desk: V1Desk;
let clock = Date.now();
const sent: Array<{ path: string; body: unknown }> = [];
/** Paths whose next request fails before it reaches the service, as a reset would. */
const cutNext = new Set<string>();
/** Paths cut off until removed (reads are retried, so one cut is not enough). */
const cutOff = new Set<string>();
/** When set, v1 errors come as the published OpenAPI shows them: `{message}` only, no sandbox `code`. */
const documentedErrors = { on: false };

const call: V1Desk['call'] = (name, input) => desk.call(name, input);
const printed = (): string[] => desk.printJobs.map((job) => job.reference ?? '');
async function refusal(name: AccountCommandName, input: unknown): Promise<StationError> {
  try {
    await call(name, input);
  } catch (error) {
    return (error as { error: StationError }).error;
  }
  throw new Error(`${name} was not refused`);
}

const store = 'Desk Store';
const to = { name: 'Ann Lee', street: '1457 Sunset Boulevard', city: 'Los Angeles', state: 'CA', zip: '90026' };
const pkg = { weightOz: 12, lengthIn: 10, widthIn: 8, heightIn: 4 };
const shipment = (orderNumber: string) => ({ storeName: store, orderNumber, warehouseName: 'Main Warehouse', to, package: pkg });

async function order(orderNumber: string): Promise<void> {
  await call('account.orders.create', { storeName: store, warehouseName: 'Main Warehouse', orderNumber, recipient: to, packages: [pkg] });
}
async function soldFor(orderNumber: string): Promise<number> {
  return call('account.orders.labels', { storeName: store, orderNumber }).then(
    (labels) => labels.length,
    () => 0,
  );
}

beforeAll(async () => {
  desk = await openV1Desk({
    sandbox: { seed: 21, now: () => new Date(clock) },
    client: {
      fetch: async (url, init) => {
        const path = new URL(String(url)).pathname;
        sent.push({ path, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
        if (cutNext.delete(path) || cutOff.has(path)) throw new TypeError('fetch failed (connection reset)');
        const response = await fetch(url, init);
        if (!documentedErrors.on || response.ok) return response;
        const { message } = (await response.json()) as { message: string };
        return new Response(JSON.stringify({ message }), { status: response.status, headers: { 'content-type': 'application/json' } });
      },
    },
  });
});
afterAll(() => desk.close());

describe('v1 label desk against the sandbox', () => {
  it('rates an order package in pounds: 12 oz goes out as 0.75 lb', async () => {
    await order('LD-1');
    const quote = await call('account.rates', shipment('LD-1'));
    expect(quote.weightLb).toBe(0.75);
    expect(quote.rates.length).toBeGreaterThan(0);
    const prices = quote.rates.map((r) => r.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const body = sent.filter((s) => s.path === '/api/rates/list').at(-1)?.body as { shipments: Array<{ weight: number }> };
    expect(body.shipments[0]?.weight).toBe(0.75);
  });

  it('buys a rate once, stores and prints the label, finds it in History, and a second press does not buy again', async () => {
    const quote = await call('account.rates', shipment('LD-1'));
    const rate = quote.rates[0];
    const before = desk.sandbox.stats().labelsSold;
    const [a, b] = await Promise.all([
      call('account.buy', { storeName: store, orderNumber: 'LD-1', rateId: rate?.rateId }),
      call('account.buy', { storeName: store, orderNumber: 'LD-1', rateId: rate?.rateId }),
    ]);
    expect(a.trackingCode).toBe(b.trackingCode);
    expect(desk.sandbox.stats().labelsSold - before).toBe(1);
    expect(a.labelPng?.length).toBeGreaterThan(100);
    expect(printed()).toContain(a.trackingCode);
    const row = createShipmentsRepo(desk.db, () => new Date()).findByRef(a.trackingCode);
    expect(row?.state).toBe('bought');
    // The price the desk showed is what the label cost, the service's fee included.
    expect(row?.cost_cents).toBe(Math.round((rate?.price ?? 0) * 100));
    expect(createLabelsRepo(desk.db).list(row?.id ?? 0, 'label')).toHaveLength(1);
    const again = await call('account.buy', { storeName: store, orderNumber: 'LD-1', rateId: rate?.rateId });
    expect(again.trackingCode).toBe(a.trackingCode);
    expect(again.note).toMatch(/already has a label/);
    expect(desk.sandbox.stats().labelsSold - before).toBe(1);
  });

  it('a direct purchase with a price on screen buys only while the service asks that price, and then costs it', async () => {
    await order('LD-D');
    const quote = await call('account.rates', shipment('LD-D'));
    const priority = quote.rates.find((r) => r.serviceType === 'usps_priority_mail');
    expect(priority).toBeDefined();
    const before = desk.sandbox.stats().labelsSold;
    const stale = call('account.buyDirect', { ...shipment('LD-D'), serviceType: 'usps_priority_mail', shownPrice: (priority?.price ?? 0) - 1, print: false });
    await expect(stale).rejects.toThrow(/not the \$[\d.]+ shown, so nothing was bought/);
    expect(desk.sandbox.stats().labelsSold).toBe(before);
    const bought = await call('account.buyDirect', { ...shipment('LD-D'), serviceType: 'usps_priority_mail', shownPrice: priority?.price, print: false });
    expect(bought.cost).toBe(priority?.price);
    expect(desk.sandbox.stats().labelsSold - before).toBe(1);
  });

  it('voids by tracking code, and a second void is a clear conflict', async () => {
    const row = createShipmentsRepo(desk.db, () => new Date()).findByRef((await call('account.orders.labels', { storeName: store, orderNumber: 'LD-1' }))[0]?.trackingCode ?? '');
    const tracking = row?.tracking_no ?? '';
    expect(await call('account.void', { trackingCode: tracking })).toEqual({ trackingCode: tracking, voided: true });
    expect(createShipmentsRepo(desk.db, () => new Date()).findByRef(tracking)?.state).toBe('voided');
    const twice = await refusal('account.void', { trackingCode: tracking });
    expect(twice.code).toBe('conflict');
    expect(twice.message).toMatch(/already (been )?voided/);
    const unknown = await refusal('account.void', { trackingCode: '9400000000000000000000' });
    expect(unknown.code).toBe('not_found');
  });

  it('buys directly for a service type', async () => {
    await order('LD-2');
    const bought = await call('account.buyDirect', { ...shipment('LD-2'), serviceType: 'usps_ground_advantage' });
    expect(bought.carrier).toBe('USPS');
    expect(bought.labelPng).toBeTruthy();
    expect(await soldFor('LD-2')).toBe(1);
  });

  it('refuses an unknown rate id and an expired one in words', async () => {
    await order('LD-3');
    const unknown = await refusal('account.buy', { storeName: store, orderNumber: 'LD-3', rateId: 'rate_nope' });
    expect(unknown.code).toBe('not_found');
    expect(unknown.message).toMatch(/Get rates again/);
    const quote = await call('account.rates', shipment('LD-3'));
    clock += 2 * 3600_000;
    try {
      const expired = await refusal('account.buy', { storeName: store, orderNumber: 'LD-3', rateId: quote.rates[0]?.rateId });
      expect(expired.code).toBe('conflict');
      expect(expired.message).toMatch(/expired/);
    } finally {
      clock = Date.now();
    }
    expect(await soldFor('LD-3')).toBe(0);
  });

  it('deleting an unknown order is not_found in words; an existing order number is a conflict', async () => {
    const missing = await refusal('account.orders.delete', { storeName: store, orderNumber: 'NO-SUCH-ORDER' });
    expect(missing.code).toBe('not_found');
    expect(missing.message).toMatch(/no such order/);
    const dup = await refusal('account.orders.create', { storeName: store, warehouseName: 'Main Warehouse', orderNumber: 'LD-1', recipient: to, packages: [pkg] });
    expect(dup.code).toBe('conflict');
  });

  it('a dropped purchase answer is read back: one label sold, stored and printed', async () => {
    await order('LD-4');
    const quote = await call('account.rates', shipment('LD-4'));
    const before = desk.sandbox.stats().labelsSold;
    desk.sandbox.faults.set({ dropPurchaseResponses: 1 });
    const bought = await call('account.buy', { storeName: store, orderNumber: 'LD-4', rateId: quote.rates[0]?.rateId });
    expect(bought.note).toMatch(/read the order back/);
    expect(bought.labelPng).toBeTruthy();
    expect(printed()).toContain(bought.trackingCode);
    expect(desk.sandbox.stats().labelsSold - before).toBe(1);
    const again = await call('account.buyDirect', { ...shipment('LD-4'), serviceType: 'usps_ground_advantage' });
    expect(again.trackingCode).toBe(bought.trackingCode);
    expect(desk.sandbox.stats().labelsSold - before).toBe(1);
    expect(await soldFor('LD-4')).toBe(1);
  });

  it('a purchase lost before it reached the service is read back as not sold, and the next press buys once', async () => {
    await order('LD-5');
    const quote = await call('account.rates', shipment('LD-5'));
    cutNext.add('/api/rates/buy');
    const lost = await refusal('account.buy', { storeName: store, orderNumber: 'LD-5', rateId: quote.rates[0]?.rateId });
    expect(lost.code).toBe('timeout');
    expect(lost.message).toMatch(/no label was sold/);
    expect(await soldFor('LD-5')).toBe(0);
    const bought = await call('account.buy', { storeName: store, orderNumber: 'LD-5', rateId: quote.rates[0]?.rateId });
    expect(bought.note).toBeNull();
    expect(await soldFor('LD-5')).toBe(1);
  });

  it('a lost purchase read back against errors that carry only {message} resolves as not sold, and the next press buys once', async () => {
    await order('LD-5M');
    const quote = await call('account.rates', shipment('LD-5M'));
    documentedErrors.on = true;
    try {
      cutNext.add('/api/rates/buy');
      const lost = await refusal('account.buy', { storeName: store, orderNumber: 'LD-5M', rateId: quote.rates[0]?.rateId });
      expect(lost.message).toMatch(/no label was sold/);
      const bought = await call('account.buy', { storeName: store, orderNumber: 'LD-5M', rateId: quote.rates[0]?.rateId });
      expect(bought.trackingCode).toBeTruthy();
      expect(await soldFor('LD-5M')).toBe(1);
    } finally {
      documentedErrors.on = false;
    }
  });

  it('when the answer is lost and the read-back fails too, it does not buy again until it can check', async () => {
    await order('LD-6');
    const before = desk.sandbox.stats().labelsSold;
    desk.sandbox.faults.set({ dropPurchaseResponses: 1 });
    cutOff.add('/api/shipments/get');
    const unsure = await refusal('account.buyDirect', { ...shipment('LD-6'), serviceType: 'usps_ground_advantage' }).finally(() => cutOff.clear());
    expect(unsure.code).toBe('timeout');
    expect(unsure.message).toMatch(/will not buy this package again until it can check/);
    const bought = await call('account.buyDirect', { ...shipment('LD-6'), serviceType: 'usps_ground_advantage' });
    expect(bought.note).toMatch(/went through although its answer was lost/);
    expect(desk.sandbox.stats().labelsSold - before).toBe(1);
  });

  it('verifies an address: standardized, corrections and errors in words', async () => {
    const good = await call('account.verifyAddress', { street: '1457 sunset blvd', city: 'los angeles', state: 'ca', zip: '90026' });
    expect(good.errored).toBe(false);
    expect(good.address?.street).toBeTruthy();
    const bad = await call('account.verifyAddress', { street: '1 Nowhere', city: 'Nowhere', state: 'ZZ', zip: '00000' });
    expect(bad.errored).toBe(true);
    expect(bad.errors[0]?.message).toBeTruthy();
  });

  it('on start-up, settles purchases a stopped session left unconfirmed: a sold label is stored, an unsold one is freed', async () => {
    await order('LD-7');
    await order('LD-8');
    const shipments = createShipmentsRepo(desk.db, () => new Date());
    const journaled = (orderNumber: string) => {
      const input = accountCommands['account.buyDirect'].input.parse({ ...shipment(orderNumber), serviceType: 'usps_ground_advantage' });
      const request = v1ShipmentRequest(input, deskShipFrom);
      shipments.insertPending({ backendId: 'sandbox', packageKey: v1PackageKey(store, orderNumber, 1), platformUkId: `v1-${orderNumber}`, ...v1Draft({ request }, orderNumber) });
      return request;
    };
    // LD-7: the request reached the service and the station stopped before the answer was stored.
    const sold = await desk.v1.buyLabel(journaled('LD-7'));
    // LD-8: the station stopped before the request left.
    journaled('LD-8');
    await desk.module.start?.();
    const stored = shipments.findByRef(sold.tracking_code);
    expect(stored?.state).toBe('bought');
    expect(createLabelsRepo(desk.db).list(stored?.id ?? 0, 'label')).toHaveLength(1);
    expect(shipments.liveByPackageKey('sandbox', v1PackageKey(store, 'LD-8', 1))?.state).toBe('failed');
    const bought = await call('account.buyDirect', { ...shipment('LD-8'), serviceType: 'usps_ground_advantage' });
    expect(bought.note).toBeNull();
    expect(await soldFor('LD-8')).toBe(1);
  });
});
