import { getRatesRequestSchema, quickRateRequestSchema } from '../../../shared/api/v2/rates';
import { refuse } from '../errorCodes';
import type { SandboxContext } from '../context';
import type { Reply, SandboxRequest } from '../http/types';
import { jsonBody, parseWith } from '../http/validate';
import { addressIssueCoder } from './normalize';
import { accountLevels, levelsFor, QUICK_RATE_DEFAULT_LEVELS, ratedShipment, rateLevels } from './rating';
import { answer, answerShapes } from '../answers';

export const QUICK_RATE_MAX = 10;

/** The price-conflict fault: the cheapest rate also carries total_price, a dollar more, as a confused service might send it. */
function withPriceConflict(ctx: SandboxContext, rates: ReadonlyArray<Record<string, unknown>>): ReadonlyArray<Record<string, unknown>> {
  const [first, ...rest] = rates;
  if (!first || typeof first.price !== 'number' || !ctx.faults.takeRatePriceConflict()) return rates;
  return [{ ...first, total_price: Math.round((first.price + 1) * 100) / 100 }, ...rest];
}

/** POST /api/shipment/batch/quick_rate: a JSON array of 1..10 requests, each answered under its request_unique_id. */
export function quickRate(ctx: SandboxContext, req: SandboxRequest): Reply {
  const body = jsonBody(req);
  if (!Array.isArray(body)) refuse('invalid_request', 'quick_rate takes a JSON array of rate requests.');
  if (body.length === 0) refuse('quick_rate_batch_empty');
  if (body.length > QUICK_RATE_MAX) refuse('quick_rate_batch_too_large', `quick_rate accepts at most ${QUICK_RATE_MAX} rate requests per call; got ${body.length}.`);
  const items = parseWith(quickRateRequestSchema, body, addressIssueCoder);
  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(item.request_unique_id)) refuse('quick_rate_duplicate_request_id', `request_unique_id "${item.request_unique_id}" appears twice.`);
    seen.add(item.request_unique_id);
  }
  ctx.stats.quickRateCalls += 1;
  const now = ctx.now();
  const data = items.map((item) => {
    const levels = item.shipment_rate_carrier_data?.length ? levelsFor(item.shipment_rate_carrier_data, false) : QUICK_RATE_DEFAULT_LEVELS;
    const { rates, errors } = rateLevels(ctx, levels, ratedShipment(item, now));
    return { request_unique_id: item.request_unique_id, shipment_rate_data: withPriceConflict(ctx, rates), error_data: errors };
  });
  return answer(ctx, answerShapes.quickRate, data);
}

/** POST /api/shipment/get_rates: all active carriers and levels (optionally filtered), with per-carrier errors. */
export function getRates(ctx: SandboxContext, req: SandboxRequest): Reply {
  const body = parseWith(getRatesRequestSchema, jsonBody(req), addressIssueCoder);
  const isReturn = body.is_return_label ?? false;
  const levels = body.shipment_rate_carrier_data?.length ? levelsFor(body.shipment_rate_carrier_data, isReturn) : accountLevels(isReturn);
  const { rates, errors } = rateLevels(ctx, levels, ratedShipment(body, ctx.now()));
  return answer(ctx, answerShapes.getRates, { shipment_rate_data: withPriceConflict(ctx, rates), error_data: errors });
}
