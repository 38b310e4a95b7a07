import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippingCommands } from '../../../shared/contract/shipping';
import { startBench, shipTo, type Bench, type BenchStation } from './harness';

/**
 * A rate whose answer names its price twice with two amounts is refused in
 * operator words beside the quote, never shown at either price; the other
 * rates of the answer are shown as always. The sandbox sends the disagreeing
 * total_price (its price-conflict fault), over real HTTP.
 */
let bench: Bench;
let station: BenchStation;
beforeAll(async () => {
  bench = await startBench();
  station = await bench.open();
});
afterAll(async () => {
  await station?.close();
  await bench?.close();
});

const pkg = { weightOz: 19, lengthIn: 10, widthIn: 8, heightIn: 4 };
const quote = (input: unknown) => station.module.handlers['rates.quote'](shippingCommands['rates.quote'].input.parse(input));

describe('a rate with two prices in the answer, through the rates service', () => {
  it('get_rates and quick_rate: the rate is listed among the errors with both amounts, the rest are quoted as before', async () => {
    for (const source of ['get_rates', 'quick_rate'] as const) {
      const clean = await quote({ to: shipTo, package: pkg, source });
      const cheapest = clean.rates[0];
      if (!cheapest) throw new Error(`no rate from ${source}`);

      bench.sandbox.faults.set({ ratePriceConflicts: 1 });
      const conflicted = await quote({ to: shipTo, package: pkg, source });
      expect(conflicted.rates.map((r) => [r.serviceLevel, r.price])).toEqual(clean.rates.slice(1).map((r) => [r.serviceLevel, r.price]));
      const refused = conflicted.errors.find((e) => e.carrier.includes(cheapest.serviceLevel));
      const amounts = `\\$${cheapest.price.toFixed(2)} and \\$${(cheapest.price + 1).toFixed(2)}`;
      expect(refused?.message).toMatch(new RegExp(`two different prices \\(${amounts}\\), so it is left out rather than shown at a price that may be wrong`));
      expect(conflicted.rates.some((r) => r.serviceLevel === cheapest.serviceLevel)).toBe(false);
    }
  });
});
