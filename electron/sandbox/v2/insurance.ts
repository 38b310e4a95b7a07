import { insuranceRateQuerySchema } from '../../../shared/api/v2/insurance';
import { refuse } from '../errorCodes';
import { findCarrier, findLevel } from '../domain/catalog';
import { insuranceFeeCents } from '../domain/pricing';
import type { SandboxContext } from '../context';
import type { Reply, SandboxRequest } from '../http/types';
import { parseWith, queryObject } from '../http/validate';
import { ok } from './envelope';

/** GET /api/shipment/insurance/rate?insured_value=&carrier_code=&service_level= : the fee; buying it happens in the purchase. */
export function insuranceRate(_ctx: SandboxContext, req: SandboxRequest): Reply {
  const query = parseWith(insuranceRateQuerySchema, queryObject(req.query, { insured_value: 'number' }), (path) =>
    path === 'insured_value' ? 'insurance_value_invalid' : undefined,
  );
  if (query.carrier_code && !findCarrier(query.carrier_code)) refuse('carrier_unknown', `carrier_code "${query.carrier_code}" is not an active carrier.`);
  if (query.service_level) {
    const level = findLevel(query.service_level);
    if (!level || (query.carrier_code && level.carrier !== query.carrier_code.toUpperCase())) refuse('service_level_unknown');
  }
  const valueCents = Math.round(query.insured_value * 100);
  return ok({
    insured_value: valueCents / 100,
    insurance_fee: insuranceFeeCents(valueCents) / 100,
    currency: 'USD',
    provider: 'SHIPSURANCE',
    carrier_code: query.carrier_code?.toUpperCase() ?? null,
    note: 'Insurance is bought only in the label purchase request (insured_value).',
  });
}
