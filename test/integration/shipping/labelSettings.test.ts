import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippingCommands } from '../../../shared/contract/shipping';
import { startFakeServer } from '../api/fakeServer';
import { startBench, shipTo, type Bench, type BenchStation } from './harness';

// What a bench prints on its labels (its reference text, UPS's print type),
// read from the requests a loopback service in front of the sandbox saw.

let front: Awaited<ReturnType<typeof startFakeServer>>;
let bench: Bench;
let station: BenchStation;
/** Where the front hands requests on: the sandbox, known once the bench is up. */
let target = '';

async function call<N extends keyof typeof shippingCommands>(name: N, input: unknown): Promise<Awaited<ReturnType<BenchStation['module']['handlers'][N]>>> {
  const args = shippingCommands[name].input.parse(input);
  return (station.module.handlers[name] as (a: unknown) => Promise<never>)(args);
}

beforeAll(async () => {
  front = await startFakeServer(async (request) => {
    const headers: Record<string, string> = {};
    for (const name of ['authorization', 'content-type']) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const res = await fetch(`${target}${request.url}`, { method: request.method, headers, ...(request.body ? { body: request.body } : {}) });
    return { status: res.status, text: await res.text() };
  });
  bench = await startBench({ seed: 41, v2BaseUrl: front.url });
  target = bench.sandbox.baseUrl;
  station = await bench.open();
});
afterAll(async () => {
  await station.close();
  await bench.close();
  await front.close();
});

const bodiesTo = (endpoint: string): Array<Record<string, unknown>> =>
  front.seen.filter((r) => new URL(r.url, 'http://x').pathname === endpoint && r.body).map((r) => JSON.parse(r.body) as Record<string, unknown>);

const pkg = { weightOz: 24, lengthIn: 12, widthIn: 9, heightIn: 5 };

describe("a bench's label settings on the wire", () => {
  it('prints the bench reference on the second custom line when the purchase names none, and the purchase\'s own when it does', async () => {
    await call('settings.shipping.set', { labelReference: '  Bench 4  ' });
    expect((await call('settings.shipping.get', {})).labelReference).toBe('Bench 4');
    await call('rates.quote', { to: shipTo, package: pkg, orderNumber: 'LS-1' });
    await call('rates.quote', { to: shipTo, package: pkg, orderNumber: 'LS-2', options: { reference: 'PO 9' } });
    const optionsOf = (order: string) => bodiesTo('/api/shipment/get_rates').find((b) => (b.option_data as Record<string, unknown> | undefined)?.custom_text_on_label_1 === order)?.option_data;
    expect(optionsOf('LS-1')).toEqual({ custom_text_on_label_1: 'LS-1', custom_text_on_label_2: 'Bench 4' });
    expect(optionsOf('LS-2')).toEqual({ custom_text_on_label_1: 'LS-2', custom_text_on_label_2: 'PO 9' });

    await call('settings.shipping.set', { labelReference: '' });
    expect((await call('settings.shipping.get', {})).labelReference).toBeNull();
    await call('rates.quote', { to: shipTo, package: pkg, orderNumber: 'LS-3' });
    expect(optionsOf('LS-3')).toEqual({ custom_text_on_label_1: 'LS-3' });
  });

  it('refuses a reference longer than the label line, and a print type the docs do not give UPS, in words', () => {
    const long = shippingCommands['settings.shipping.set'].input.safeParse({ labelReference: 'x'.repeat(36) });
    expect(long.success ? null : long.error.issues.map((i) => i.message)).toEqual(['The reference on the label can be at most 35 characters']);
    const qr = shippingCommands['settings.shipping.set'].input.safeParse({ upsLabelPrintType: 'qrcode' });
    expect(qr.success ? null : qr.error.issues.map((i) => i.message)).toEqual(['UPS labels print as common or barcode']);
  });

  it('asks a barcode label for UPS only, where the bench sets it', async () => {
    expect((await call('settings.shipping.get', {})).upsLabelPrintType).toBe('common');
    await call('settings.shipping.set', { upsLabelPrintType: 'barcode' });
    const quote = await call('rates.quote', { to: shipTo, package: pkg, orderNumber: 'LS-4' });
    const ups = quote.rates.find((r) => r.carrierCode === 'UPS');
    const usps = quote.rates.find((r) => r.carrierCode === 'USPS');
    expect(ups && usps).toBeTruthy();
    for (const rate of [ups, usps]) {
      const bought = await call('labels.buy', { method: 'rate', quoteId: quote.quoteId, rateId: rate?.rateId, packageKey: `ls-${rate?.carrierCode}`, print: false });
      expect(bought.shipment.state).toBe('bought');
    }
    const paid = bodiesTo('/api/shipment/create_and_pay');
    const printTypeOf = (rateId: string | null | undefined) => paid.find((b) => b.rate_id === rateId)?.label_print_type;
    expect(printTypeOf(ups?.rateId)).toBe('barcode');
    expect(printTypeOf(usps?.rateId)).toBe('common');
  });
});
