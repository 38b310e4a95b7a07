import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StationFailure } from '../../../shared/contract/errors';
import { shippingCommands } from '../../../shared/contract/shipping';
import { orderBoxKey } from '../../../electron/purchases/packageKey';
import { startBench, shipTo, type Bench, type BenchStation } from './harness';

let bench: Bench;
let station: BenchStation;
const h = () => station.module.handlers;
/** Calls a handler the way the dispatcher does: input parsed by the contract's schema first. */
async function call<N extends keyof typeof shippingCommands>(name: N, input: unknown): Promise<Awaited<ReturnType<BenchStation['module']['handlers'][N]>>> {
  const args = shippingCommands[name].input.parse(input);
  return (h()[name] as (a: unknown) => Promise<never>)(args);
}

beforeAll(async () => {
  bench = await startBench();
  station = await bench.open();
});
afterAll(async () => {
  await station.close();
  await bench.close();
});

const pkg = { weightOz: 19, lengthIn: 10, widthIn: 8, heightIn: 4 };

describe('shipping services against the sandbox', () => {
  it('rates with get_rates, sorted, with the rule\'s pick', async () => {
    const quote = await call('rates.quote', { to: shipTo, package: pkg });
    expect(quote.rates.length).toBeGreaterThan(1);
    const prices = quote.rates.map((r) => r.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const picked = quote.rates[quote.preselected ?? -1];
    expect(picked?.serviceLevel).not.toMatch(/MEDIA_MAIL|LIBRARY_MAIL/);
    expect(quote.rates.filter((r) => !/MEDIA_MAIL|LIBRARY_MAIL/.test(r.serviceLevel)).every((r) => r.price >= (picked?.price ?? 0))).toBe(true);
    const quick = await call('rates.quote', { to: shipTo, package: pkg, source: 'quick_rate' });
    expect(quick.rates.every((r) => r.carrierCode === 'USPS')).toBe(true);
    const fromQuick = await call('labels.buy', { method: 'rate', quoteId: quick.quoteId, rateId: quick.rates[0]?.rateId, packageKey: 'quick-1', print: false });
    expect(fromQuick.shipment.state).toBe('bought');
  });

  it('rates a batch of 11 with quick_rate', async () => {
    const requests = Array.from({ length: 11 }, (_, i) => ({ key: `p${i}`, to: shipTo, package: { ...pkg, weightOz: 4 + i } }));
    const results = await call('rates.batch', { requests });
    expect(results.map((r) => r.key)).toEqual(requests.map((r) => r.key));
    expect(results.every((r) => r.rates.length > 0)).toBe(true);
  });

  it('buys and prints through the journal; a second Buy pays nothing more', async () => {
    const quote = await call('rates.quote', { to: shipTo, package: pkg, orderNumber: 'T-100' });
    const rate = quote.rates[quote.preselected ?? 0];
    const input = { method: 'rate', quoteId: quote.quoteId, rateId: rate?.rateId, orderNumber: 'T-100', insuranceAmount: 50 };
    const before = bench.sandbox.stats().labelsSold;
    const [a, b] = await Promise.all([call('labels.buy', input), call('labels.buy', input)]);
    expect(a.shipment.platformUkId).toBe(b.shipment.platformUkId);
    expect(a.shipment.state).toBe('bought');
    expect(a.shipment.trackingNo).toBeTruthy();
    expect(a.labelPng?.length).toBeGreaterThan(100);
    expect(a.printJobId).toBeTruthy();
    await new Promise((r) => setTimeout(r, 20));
    const stages = bench.events
      .filter((e) => e.name === 'purchase.progress' && (e.payload as { packageKey: string }).packageKey === 'order:t-100#0')
      .map((e) => (e.payload as { stage: string }).stage);
    expect(stages).toEqual(['journaled', 'sent', 'bought', 'printing', 'printed']);
    const again = await call('labels.buy', input);
    expect(again.shipment.id).toBe(a.shipment.id);
    expect(again.reused).toBe(true);
    expect(again.printJobId).toBeNull();
    expect(bench.printer.jobs.filter((j) => j.title.includes(a.shipment.trackingNo ?? '?'))).toHaveLength(1);
    expect(bench.sandbox.stats().labelsSold - before).toBe(1);

    const found = await call('history.search', { query: a.shipment.trackingNo });
    expect(found.shipments[0]?.id).toBe(a.shipment.id);
    expect((await call('history.search', { query: 'maria gon' })).shipments.some((s) => s.id === a.shipment.id)).toBe(true);
    expect((await call('history.search', { query: 'gonzal' })).shipments.some((s) => s.id === a.shipment.id)).toBe(true);
    expect((await call('history.search', { query: 't-100' })).shipments[0]?.id).toBe(a.shipment.id);
    // An image lost from the store is fetched again from the URL the service gave, then kept.
    station.db.prepare('DELETE FROM labels WHERE shipment_id = ?').run(a.shipment.id);
    const label = await call('history.label', { shipmentId: a.shipment.id });
    expect(Buffer.from(label.pngBase64, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect((await call('history.reprint', { shipmentId: a.shipment.id })).jobIds).toHaveLength(1);
  });

  it('shows the label actually sold when an earlier, unconfirmed purchase of the package went through', async () => {
    // Answers slower than the client waits: the purchase commits on the service, the station never hears of it.
    const slow = await startBench({ clientTimeoutMs: 250 });
    const s = await slow.open();
    const buy = (input: unknown) => s.module.handlers['labels.buy'](shippingCommands['labels.buy'].input.parse(input));
    try {
      const quote = await s.module.handlers['rates.quote'](shippingCommands['rates.quote'].input.parse({ to: shipTo, package: pkg }));
      const [first, second] = quote.rates.filter((r) => !/MEDIA|LIBRARY/.test(r.serviceLevel));
      slow.sandbox.faults.set({ latencyMs: 400 });
      await expect(buy({ method: 'rate', quoteId: quote.quoteId, rateId: first?.rateId, packageKey: 'mismatch-1', print: false })).rejects.toMatchObject({
        error: { retryable: true },
      });
      slow.sandbox.faults.set({ latencyMs: 0 });
      const result = await buy({ method: 'rate', quoteId: quote.quoteId, rateId: second?.rateId, packageKey: 'mismatch-1', print: false });
      expect(result.shipment.duplicateLabel).toBe(true);
      expect(result.shipment.serviceLevel).toBe(first?.serviceLevel);
      expect(result.shipment.rateMismatch).toMatchObject({ picked: { serviceLevel: second?.serviceLevel }, bought: { serviceLevel: first?.serviceLevel } });
      expect(slow.events.some((e) => e.name === 'station.notice' && /already been bought/.test((e.payload as { message: string }).message))).toBe(true);
      expect(slow.sandbox.stats().labelsSold).toBe(1);
    } finally {
      await s.close();
      await slow.close();
    }
  }, 30_000);

  it('keys an order\'s package the same on every path; a return label is its own package', async () => {
    const quote = await call('rates.quote', { to: shipTo, package: pkg, orderNumber: 'T-200' });
    const rateId = quote.rates[quote.preselected ?? 0]?.rateId;
    const before = bench.sandbox.stats().labelsSold;
    const fromScreen = await call('labels.buy', { method: 'rate', quoteId: quote.quoteId, rateId, packageKey: orderBoxKey('T-200', 0), orderNumber: 'T-200', print: false });
    const fromCli = await call('labels.buy', { method: 'rate', quoteId: quote.quoteId, rateId, orderNumber: 't-200', print: false });
    const fromBatch = await call('labels.buy', { method: 'rate', quoteId: quote.quoteId, rateId, packageKey: 'batch-row-7', orderNumber: 'T-200 ', print: false });
    expect(new Set([fromScreen, fromCli, fromBatch].map((r) => r.shipment.platformUkId)).size).toBe(1);
    // The Ship bench names its package with the engine's one spelling, so the progress it listens for carries that very key.
    expect(bench.events.some((e) => e.name === 'purchase.progress' && (e.payload as { packageKey: string }).packageKey === orderBoxKey('T-200', 0))).toBe(true);
    const ret = await call('labels.buy', {
      method: 'direct', carrierCode: 'USPS', serviceLevel: 'USPS_GROUND_ADVANTAGE_RETURN', from: shipTo, to: shipTo, package: pkg, orderNumber: 'T-200', print: false,
    });
    expect(ret.shipment.platformUkId).not.toBe(fromScreen.shipment.platformUkId);
    expect(ret.reused).toBe(false);
    expect(bench.sandbox.stats().labelsSold - before).toBe(2);
  });

  it('buys directly (USPS Returns, lithium battery, QR label) and voids once', async () => {
    const ret = await call('labels.buy', {
      method: 'direct', carrierCode: 'USPS', serviceLevel: 'USPS_GROUND_ADVANTAGE_RETURN', to: shipTo, package: pkg, packageKey: 'return-1', print: false,
    });
    expect(ret.shipment.isReturn).toBe(true);
    const qr = await call('labels.buy', {
      method: 'direct', carrierCode: 'USPS', serviceLevel: 'USPS_GROUND_ADVANTAGE', to: shipTo, package: pkg, packageKey: 'lith-1', lithiumBattery: true, qrLabel: true, print: false,
    });
    expect(qr.shipment.qrCodeCount).toBeGreaterThan(0);
    const voided = await call('labels.void', { ref: qr.shipment.trackingNo });
    expect(voided.state).toBe('voided');
    await expect(call('labels.void', { ref: qr.shipment.trackingNo })).rejects.toMatchObject({ error: { code: 'conflict' } });
    expect((await call('history.search', { query: qr.shipment.trackingNo })).shipments[0]?.state).toBe('voided');
  });

  it('tracks by every endpoint, validates addresses, quotes insurance', async () => {
    const bought = (await call('history.search', { query: 't-100' })).shipments[0];
    for (const source of ['tracking_no', 'direct', 'platform_uk_id'] as const) {
      const t = await call('tracking.get', { ref: bought?.trackingNo, source });
      expect(t.source).toBe(source);
      expect(t.fromCache).toBe(false);
    }
    bench.sandbox.faults.set({ failRate: 1 });
    const cached = await call('tracking.get', { ref: bought?.trackingNo });
    bench.sandbox.faults.set({ failRate: 0 });
    expect(cached).toMatchObject({ source: 'tracking_no', fromCache: true, trackingNo: bought?.trackingNo });
    const check = await call('address.validate', { address: { ...shipTo, street: '88 north main street', city: 'Salt Lake City', state: 'UT', zip: '84111' } });
    expect(check.standardized).not.toBeNull();
    const ins = await call('insurance.quote', { amount: 100 });
    expect(ins.premium).toBeGreaterThan(0);
  });

  it('schedules, lists and cancels a pickup from today\'s USPS labels', async () => {
    const candidates = await call('pickups.candidates', {});
    expect(candidates.length).toBeGreaterThan(0);
    await expect(call('pickups.schedule', { trackingNos: [candidates[0]?.trackingNo], packageLocation: ['other'] })).rejects.toThrow(/other/);
    const pickup = await call('pickups.schedule', { trackingNos: candidates.map((c) => c.trackingNo), packageLocation: ['front_door'] });
    expect(pickup.status).toBe('CONFIRMED');
    expect((await call('pickups.candidates', {})).every((c) => c.picked)).toBe(true);
    const list = await call('pickups.list', { status: 'CONFIRMED' });
    expect(list.pickups.some((p) => p.pickupNo === pickup.pickupNo)).toBe(true);
    expect((await call('pickups.cancel', { pickupNo: pickup.pickupNo })).status).toBe('CANCELED');
    await expect(call('pickups.cancel', { pickupNo: pickup.pickupNo })).rejects.toBeInstanceOf(StationFailure);
    expect((await call('pickups.locations', {})).length).toBe(9);
    expect(await call('pickups.defaultDate', {})).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('makes today\'s SCAN form in one step and requests a POD', async () => {
    const form = await call('scanForms.createToday', {});
    expect(form.pdfUrl).toBeTruthy();
    await expect(call('scanForms.createToday', {})).rejects.toMatchObject({ error: { code: 'conflict' } });
    const bought = (await call('history.search', { query: 't-100' })).shipments[0];
    const pod = await call('pod.submit', { ref: bought?.trackingNo, emails: ['a@example.com'] });
    expect(pod.message).toBeTruthy();
  });

  it('finds a demo order on its first scan by pulling the inbox once', async () => {
    const order = await call('orders.lookup', { orderNumber: 'DEMO-1003' });
    expect(order.orderNumber).toBe('DEMO-1003');
    expect(order.recipient.zip).toMatch(/^\d{5}/);
    const pulls = () => (station.db.prepare("SELECT count(*) AS n FROM audit_log WHERE endpoint LIKE '/api/sandbox-training/orders/list%'").get() as { n: number }).n;
    const pullsBefore = pulls();
    expect(pullsBefore).toBeGreaterThan(0);
    for (const typo of ['NOPE-42', 'NOPE-43', 'NOPE-44']) {
      const missing = await call('orders.lookup', { orderNumber: typo }).catch((error: unknown) => error);
      expect(missing).toBeInstanceOf(StationFailure);
      expect((missing as StationFailure).error).toMatchObject({ code: 'not_found', field: 'orderNumber' });
    }
    // Scans of unknown orders right after a pull do not pull the whole inbox again.
    expect(pulls()).toBe(pullsBefore);
  });

  it('pulls demo orders, imports CSV with line-numbered errors, looks orders up', async () => {
    const pulled = await call('orders.pullPracticeOrders', {});
    expect(pulled.imported + pulled.updated).toBeGreaterThan(0);
    const csv = 'order_number,recipient_name,street,city,state,zip_code,weight_oz\nC-1,Ann Lee,1 Main St,Austin,TX,78701,12\nC-2,,2 Oak St,Austin,TX,78701,8\n';
    const report = await call('orders.importCsv', { csv });
    expect(report).toMatchObject({ format: 'station', imported: 1, refused: [{ line: 3 }] });
    expect((await call('orders.lookup', { orderNumber: 'c-1' })).recipient.name).toBe('Ann Lee');
    expect((await call('orders.list', {})).length).toBeGreaterThan(1);
  });
});
