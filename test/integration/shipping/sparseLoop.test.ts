import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandName, CommandOutput } from '../../../shared/contract';
import type { PrintJobView } from '../../../shared/contract/printing';
import { createStation, type Station } from '../../../electron/station/createStation';
import { createVault } from '../../../electron/vault/vault';
import { noKeychain } from '../../support/station';
import { makeTempDir } from '../../support/tempDir';

// The whole loop against a service that answers in the documented shapes
// with every optional field left out, numbers as strings, delivery days as
// ranges and unknown extra fields: the real station (its embedded sandbox in
// sparse mode, over HTTP on 127.0.0.1, the virtual printer) through its services.

const shipFrom = { name: 'Shipping Desk', company: 'Harbor Goods Co', phone: '2135550147', street: '2150 E 7th St', city: 'Los Angeles', state: 'CA', zip: '90021', country: 'US' };
const shipTo = { name: 'Maria Gonzalez', street: '1457 sunset blvd', street2: 'apt 3', city: 'los angeles', state: 'CA', zip: '90026', country: 'US' };
const pkg = { weightOz: 19, lengthIn: 10, widthIn: 8, heightIn: 4 };

let station: Station;
let cleanup: () => void;

async function run<N extends CommandName>(name: N, input: unknown): Promise<CommandOutput<N>> {
  const result = await station.dispatch(name, input);
  if (!result.ok) throw new Error(`${name}: ${result.error.message} (${result.error.code})`);
  return result.value as CommandOutput<N>;
}

/** Resolves when the print job reaches a final state (from the station's print.job events). */
function printed(): { until(jobId: string): Promise<PrintJobView> } {
  const seen = new Map<string, PrintJobView>();
  const waiting = new Map<string, (job: PrintJobView) => void>();
  station.events.subscribe((name, payload) => {
    if (name !== 'print.job') return;
    const job = payload as PrintJobView;
    if (job.status !== 'done' && job.status !== 'failed') return;
    seen.set(job.id, job);
    waiting.get(job.id)?.(job);
  });
  return {
    until: (jobId) => {
      const known = seen.get(jobId);
      return known ? Promise.resolve(known) : new Promise((resolve) => waiting.set(jobId, resolve));
    },
  };
}

beforeAll(async () => {
  const temp = makeTempDir();
  cleanup = temp.cleanup;
  station = await createStation({ dataDir: temp.dir, vault: createVault({ keychain: noKeychain }), devices: { noUsb: true }, sandbox: { sparseAnswers: true, seed: 3 } });
  await run('settings.shipping.set', { shipFrom });
});
afterAll(async () => {
  await station?.close();
  cleanup?.();
});

describe('the whole loop against sparse answers', () => {
  it('validates, rates (one and a batch), buys with insurance and directly, prints, tracks, schedules a pickup, makes a SCAN form, asks for a POD and voids', async () => {
    const check = await run('address.validate', { address: shipTo });
    expect(check.valid).toBe(true);
    expect(check.standardized).toMatchObject({ city: 'LOS ANGELES', zip: expect.stringMatching(/^90026/) });

    const quote = await run('rates.quote', { to: shipTo, package: pkg, orderNumber: 'SPARSE-1' });
    expect(quote.rates.length).toBeGreaterThan(1);
    const picked = quote.rates[quote.preselected ?? -1];
    expect(picked?.price).toBeGreaterThan(0);
    // "2-5" reads as its upper bound: the cautious end of the promise.
    expect(quote.rates.every((r) => r.deliveryDays === null || Number.isInteger(r.deliveryDays))).toBe(true);
    expect(quote.rates.some((r) => (r.deliveryDays ?? 0) > 1)).toBe(true);

    const batch = await run('rates.batch', { requests: [{ key: 'b-1', to: shipTo, package: pkg }, { key: 'b-2', to: shipTo, package: { ...pkg, weightOz: 40 } }] });
    expect(batch.map((r) => r.key)).toEqual(['b-1', 'b-2']);
    expect(batch.every((r) => r.rates.length > 0 && r.rates.every((rate) => rate.price > 0))).toBe(true);

    const insurance = await run('insurance.quote', { amount: 120 });
    expect(insurance.premium).toBeGreaterThan(0);
    expect(insurance.rateId).toBeTruthy();

    const jobs = printed();
    const bought = await run('labels.buy', { method: 'rate', quoteId: quote.quoteId, rateId: picked?.rateId, orderNumber: 'SPARSE-1', insuranceAmount: 120 });
    expect(bought.shipment).toMatchObject({ state: 'bought', carrierCode: picked?.carrierCode, serviceLevel: picked?.serviceLevel, insuranceAmount: 120 });
    expect(bought.shipment.trackingNo).toBeTruthy();
    // The sparse answer carried no shipment number, fee or carrier: the rest came from the request.
    expect(bought.shipment.shipmentNo).toBeNull();
    expect(Buffer.from(bought.labelPng ?? '', 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(bought.printJobId).toBeTruthy();
    const job = await jobs.until(bought.printJobId as string);
    expect(job.status).toBe('done');
    const trackingNo = bought.shipment.trackingNo as string;

    const tracking = await run('tracking.get', { ref: trackingNo });
    expect(tracking.status).toBe('created');
    expect(tracking.trackingNo).toBe(trackingNo);
    expect(tracking.events.length).toBeGreaterThan(0);
    const mock = await run('tracking.get', { ref: trackingNo, source: 'platform_uk_id' });
    expect(mock.status).toBe('in_transit');
    // A label kept from the URL the sparse answer gave prints again without the network.
    expect((await run('history.reprint', { shipmentId: bought.shipment.id })).jobIds).toHaveLength(1);

    const second = await run('rates.quote', { to: shipTo, package: { ...pkg, weightOz: 8 }, orderNumber: 'SPARSE-2' });
    const usps = second.rates.find((r) => r.carrierCode === 'USPS');
    const other = await run('labels.buy', { method: 'rate', quoteId: second.quoteId, rateId: usps?.rateId, orderNumber: 'SPARSE-2', print: false });
    expect(other.shipment.state).toBe('bought');

    const direct = await run('labels.buy', { method: 'direct', carrierCode: 'USPS', serviceLevel: 'USPS_PRIORITY_MAIL', to: shipTo, package: pkg, packageKey: 'sparse-direct', print: false });
    expect(direct.shipment).toMatchObject({ state: 'bought', method: 'direct_buy', carrierCode: 'USPS', serviceLevel: 'USPS_PRIORITY_MAIL' });

    const pickup = await run('pickups.schedule', { trackingNos: [trackingNo], packageLocation: ['front_door'] });
    expect(pickup.pickupNo).toMatch(/^\d+$/);
    const listed = await run('pickups.list', {});
    expect(listed.pickups.find((p) => p.pickupNo === pickup.pickupNo)).toMatchObject({ status: 'CONFIRMED', trackingNos: [trackingNo], packageCount: 1 });
    const canceled = await run('pickups.cancel', { pickupNo: pickup.pickupNo });
    expect(canceled.status).toBe('CANCELED');

    const form = await run('scanForms.createToday', { trackingNos: [trackingNo] });
    expect(form.trackingNos).toEqual([trackingNo]);

    const pod = await run('pod.submit', { ref: trackingNo, emails: ['dock@example.com'] });
    expect(pod.message).toBeTruthy();

    const voided = await run('labels.void', { ref: other.shipment.trackingNo });
    expect(voided.state).toBe('voided');
  });

  it('rates, buys and voids a legacy v1 order package: rates in {rates: [...]}, numbers as strings, failures {message} only', async () => {
    const order = { storeName: 'Demo Store', orderNumber: 'DEMO-1002', warehouseName: 'Main Warehouse', to: shipTo, package: pkg };
    const quote = await run('account.rates', order);
    expect(quote.rates.length).toBeGreaterThan(0);
    const rate = quote.rates[0];
    expect(rate?.price).toBeGreaterThan(0);
    expect(rate?.deliveryDays).toBeGreaterThan(0);
    const bought = await run('account.buy', { storeName: 'Demo Store', orderNumber: 'DEMO-1002', rateId: rate?.rateId, print: false });
    expect(bought.trackingCode).toBeTruthy();
    // The rate's price includes the service's fee, so the label costs exactly the price shown.
    expect(bought.cost).toBe(rate?.price);
    expect(bought.labelPng).toBeTruthy();
    expect(await run('account.void', { trackingCode: bought.trackingCode })).toEqual({ trackingCode: bought.trackingCode, voided: true });
  });
});
