import { randomUUID } from 'node:crypto';
import { insuranceRateQuerySchema } from '../../../shared/api/v2/insurance';
import { refuse } from '../errorCodes';
import { findLevel } from '../domain/catalog';
import { insuranceFeeCents } from '../domain/pricing';
import type { SandboxContext } from '../context';
import type { Reply, SandboxRequest } from '../http/types';
import { parseWith, queryObject } from '../http/validate';
import { answer, answerShapes } from '../answers';

/** GET /api/shipment/insurance/rate?declared_value=&service_level= : a rate_id and the fee; create_and_pay buys it by that rate_id. */
export function insuranceRate(ctx: SandboxContext, req: SandboxRequest): Reply {
  const query = parseWith(insuranceRateQuerySchema, queryObject(req.query, { declared_value: 'number' }), (path) =>
    path === 'declared_value' ? 'insurance_value_invalid' : undefined,
  );
  const level = query.service_level ? findLevel(query.service_level) : undefined;
  if (query.service_level && !level) refuse('service_level_unknown');
  const valueCents = Math.round(query.declared_value * 100);
  const rateId = insuranceRateIdFor(ctx, valueCents);
  return answer(ctx, answerShapes.insuranceRate, {
    rate_id: rateId,
    declared_value: valueCents / 100,
    insurance_fee: insuranceFeeCents(valueCents) / 100,
    currency: 'USD',
    provider: 'SHIPSURANCE',
    carrier_code: level?.carrier ?? null,
    service_level: level?.level ?? null,
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
