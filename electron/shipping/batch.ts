import { randomUUID } from 'node:crypto';
import type { CommandArgs } from '../../shared/contract';
import { fail, StationFailure } from '../../shared/contract/errors';
import type { BatchOutcome, Rate, RateRule } from '../../shared/contract/shippingTypes';
import { pickRate } from '../../shared/domain/rateRule';
import { mapBounded } from '../core/mapBounded';
import type { ShippingDeps } from './deps';
import type { PurchaseService } from './purchase';
import type { RatesService } from './rates';

/** Packages rated and bought at once; the service's limits are unknown, so a handful of calls overlap, no more. */
export const BATCH_CONCURRENCY = 8;

export function chooseRate(rates: readonly Rate[], service: string, rule: RateRule): number | null {
  if (service === 'rule') return pickRate(rates, rule);
  if (service === 'cheapest' || service === 'fastest') return pickRate(rates, { kind: service });
  const wanted = service.toLowerCase();
  const index = rates.findIndex((r) => r.serviceLevel.toLowerCase() === wanted || r.serviceName.toLowerCase() === wanted);
  return index < 0 ? null : index;
}

/** Rate, buy and print a queue of packages; one package's failure never stops the others. */
export function createBatchService(deps: ShippingDeps, rates: RatesService, purchase: PurchaseService) {
  async function run(args: CommandArgs<'batch.run'>): Promise<{ batchId: string; outcomes: BatchOutcome[] }> {
    const batchId = randomUUID();
    const { rateRule: rule } = await deps.settings.current();
    let done = 0;
    const outcomes = await mapBounded(args.packages, BATCH_CONCURRENCY, async (pkg): Promise<BatchOutcome> => {
      let outcome: BatchOutcome;
      try {
        const quote = await rates.quote({ to: pkg.to, from: pkg.from, package: pkg.package, shipDate: pkg.shipDate, carriers: pkg.carriers, source: 'get_rates', options: {}, orderNumber: pkg.orderNumber });
        const index = chooseRate(quote.rates, args.service, rule);
        const rate = index === null ? undefined : quote.rates[index];
        if (!rate?.rateId) {
          const why = quote.errors.map((e) => `${e.carrier}: ${e.message}`).join('; ');
          fail('not_found', `No rate matches "${args.service}" for this package${why ? ` (${why})` : ''}`);
        }
        const result = await purchase.buy({ method: 'rate', quoteId: quote.quoteId, rateId: rate.rateId, packageKey: pkg.key, orderNumber: pkg.orderNumber, packageIndex: 0, qrLabel: false, print: args.print });
        outcome = { key: pkg.key, ok: true, shipment: result.shipment, printJobId: result.printJobId, alreadyShipped: result.reused };
      } catch (error) {
        const e = error instanceof StationFailure ? error.error : { code: 'internal', message: 'The package could not be bought' };
        outcome = { key: pkg.key, ok: false, message: e.message, code: e.code };
      }
      done += 1;
      deps.ctx.emit('batch.progress', { batchId, done, total: args.packages.length, outcome });
      return outcome;
    });
    return { batchId, outcomes };
  }
  return { run };
}
