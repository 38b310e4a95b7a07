import { randomUUID } from 'node:crypto';
import { refuse } from '../errorCodes';
import { findCarrier, findLevel } from '../domain/catalog';
import { internationalLevel } from '../domain/international';
import { insuranceFeeCents } from '../domain/pricing';
import type { SandboxContext } from '../context';
import type { Reply, SandboxRequest } from '../http/types';
import { queryObject } from '../http/validate';
import { parseRequest } from '../schemas/parse';
import { insuranceRateQuerySchema } from '../schemas/v2/shipment';
import { answer, answerShapes } from '../answers';

/**
 * GET /api/shipment/insurance/rate?declared_value=&service_level= (no page; the
 * names of the sister API's public client, v2-docs.md 9): a rate_id and the fee;
 * create_and_pay buys it by that rate_id. insured_value, the station's first
 * guess, is read when declared_value is absent; both are logged as undocumented.
 */
export function insuranceRate(ctx: SandboxContext, req: SandboxRequest): Reply {
  const query = parseRequest(ctx, req, insuranceRateQuerySchema, queryObject(req.query, { declared_value: 'number', insured_value: 'number' }), (path) =>
    path === 'declared_value' || path === 'insured_value' ? 'insurance_value_invalid' : undefined,
  );
  const declared = query.declared_value ?? query.insured_value;
  if (declared === undefined) refuse('insurance_value_invalid', 'declared_value is required: the value to insure, in USD.');
  if (query.carrier_code && !findCarrier(query.carrier_code)) refuse('carrier_unknown', `carrier_code "${query.carrier_code}" is not an active carrier.`);
  // A level the sandbox sells abroad (it rates and buys them) is insured like a domestic one.
  const level = query.service_level ? (findLevel(query.service_level) ?? internationalLevel(query.service_level.toUpperCase())) : undefined;
  if (query.service_level && (!level || (query.carrier_code && level.carrier !== query.carrier_code.toUpperCase()))) refuse('service_level_unknown');
  const valueCents = Math.round(declared * 100);
  const rateId = insuranceRateIdFor(ctx, valueCents);
  return answer(ctx, answerShapes.insuranceRate, {
    rate_id: rateId,
    declared_value: valueCents / 100,
    insured_value: valueCents / 100,
    rate: insuranceFeeCents(valueCents) / 100,
    service_level: query.service_level ?? null,
    insurance_fee: insuranceFeeCents(valueCents) / 100,
    currency: 'USD',
    provider: 'SHIPSURANCE',
    // The evidence's query names only the service level; its carrier is the level's.
    carrier_code: query.carrier_code?.toUpperCase() ?? level?.carrier ?? null,
  });
}

const KEY = (rateId: string) => `insurance.rate.${rateId}`;

/** An insurance rate_id (UUID-looking, as the docs show) remembered with the insured value it quoted. */
function insuranceRateIdFor(ctx: SandboxContext, valueCents: number): string {
  const rateId = randomUUID();
  ctx.meta.set(KEY(rateId), String(valueCents));
  return rateId;
}

/** The insured value (cents) of an insurance rate_id, or the insurance_rate_not_found refusal. */
export function insuredValueOf(ctx: SandboxContext, rateId: string): number {
  const cents = ctx.meta.get(KEY(rateId));
  if (cents === undefined) refuse('insurance_rate_not_found');
  return Number(cents);
}
