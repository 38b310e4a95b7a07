import { z } from 'zod';
import { envelopeSchema, wireNumber } from './common';

/** GET /api/shipment/insurance/rate?insured_value=&carrier_code=&service_level= */
export const insuranceRateQuerySchema = z.object({
  insured_value: z.number().positive().max(10_000),
  carrier_code: z.string().optional(),
  service_level: z.string().optional(),
});
export type InsuranceRateQuery = z.infer<typeof insuranceRateQuerySchema>;

export const insuranceRateResultSchema = z.looseObject({
  insured_value: wireNumber,
  insurance_fee: wireNumber,
  currency: z.string().default('USD'),
  provider: z.string().nullish(),
  carrier_code: z.string().nullish(),
  note: z.string().nullish(),
});
export type InsuranceRateResult = z.infer<typeof insuranceRateResultSchema>;
export const insuranceRateResponseSchema = envelopeSchema(insuranceRateResultSchema);
