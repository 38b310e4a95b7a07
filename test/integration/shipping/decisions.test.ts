import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippingCommands } from '../../../shared/contract/shipping';
import { startBench, shipTo, type Bench, type BenchStation } from './harness';

// How a package was chosen (a rule, an automatic buy, a skipped check) is the
// operator's record: it stays with the shipment, in History, and never goes
// to the service.

let bench: Bench;
let station: BenchStation;

async function call<N extends keyof typeof shippingCommands>(name: N, input: unknown): Promise<Awaited<ReturnType<BenchStation['module']['handlers'][N]>>> {
  const args = shippingCommands[name].input.parse(input);
  return (station.module.handlers[name] as (a: unknown) => Promise<never>)(args);
}

beforeAll(async () => {
  bench = await startBench({ seed: 43 });
  station = await bench.open();
});
afterAll(async () => {
  await station.close();
  await bench.close();
});

const pkg = { weightOz: 24, lengthIn: 12, widthIn: 9, heightIn: 5 };

describe('how a package was chosen, kept with its label', () => {
  it('keeps the lines a buy carries on the shipment, in History, and off the wire', async () => {
    const quote = await call('rates.quote', { to: shipTo, package: pkg, orderNumber: 'DC-1' });
    const rate = quote.rates[0];
    const decisions = ['Rule "Canada gets insurance" set the insurance to $42.00.', 'Bought automatically: $9.10 within the $50.00 cap.'];
    const bought = await call('labels.buy', { method: 'rate', quoteId: quote.quoteId, rateId: rate?.rateId, packageKey: 'dc-1', print: false, decisions });
    expect(bought.shipment.decisions).toEqual(decisions);
    const found = await call('history.search', { query: 'DC-1' });
    expect(found.shipments.map((s) => s.decisions)).toEqual([decisions]);
    const stored = station.db.prepare('SELECT request_json FROM shipments WHERE package_key = ?').get('dc-1') as { request_json: string };
    expect(stored.request_json).not.toMatch(/automatically/);
  });

  it('a label bought with no such lines has none', async () => {
    const quote = await call('rates.quote', { to: shipTo, package: pkg, orderNumber: 'DC-2' });
    const bought = await call('labels.buy', { method: 'rate', quoteId: quote.quoteId, rateId: quote.rates[0]?.rateId, packageKey: 'dc-2', print: false });
    expect(bought.shipment.decisions).toEqual([]);
  });

  it('refuses an over-long line in words', () => {
    const parsed = shippingCommands['labels.buy'].input.safeParse({ method: 'rate', quoteId: 1, rateId: 'r', decisions: ['x'.repeat(201)] });
    expect(parsed.success).toBe(false);
  });
});
