import type { Rate, RateRule } from '../../shared/contract/shippingTypes';
import { pickRate } from '../../shared/domain/rateRule';

/** Packages rated and bought at once; the service's limits are unknown, so a handful of calls overlap, no more. */
export const BATCH_CONCURRENCY = 8;

/** The rate an unattended purchase takes: the station's rule, cheapest, fastest, or a service named by level or name. */
export function chooseRate(rates: readonly Rate[], service: string, rule: RateRule): number | null {
  if (service === 'rule') return pickRate(rates, rule);
  if (service === 'cheapest' || service === 'fastest') return pickRate(rates, { kind: service });
  const wanted = service.toLowerCase();
  const index = rates.findIndex((r) => r.serviceLevel.toLowerCase() === wanted || r.serviceName.toLowerCase() === wanted);
  return index < 0 ? null : index;
}
