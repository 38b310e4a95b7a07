import { z } from 'zod';
import { INSURANCE_FEE_KEYS, isRecord, pickNumber } from './assumptions';
import { envelopeSchema, looseText } from './common';

/**
 * GET /api/shipment/insurance/rate: v2's page is missing; the sister API's
 * public client asks declared_value (USD) with service_level (v2-docs.md 9).
 * The alternative (insured_value, carrier_code) is kept in assumptions.ts:
 * insurance-rate.
 */
export const insuranceRateQuerySchema = z.object({
  declared_value: z.number().positive().max(10_000),
  service_level: z.string().min(1).optional(),
});
export type InsuranceRateQuery = z.infer<typeof insuranceRateQuerySchema>;

/** The answer carries the insurance rate_id create_and_pay takes as insurance_data.rate_id; the fee is read where found. */
export const insuranceRateResultSchema = z.preprocess(
  (value) => {
    const record = Array.isArray(value) ? value.find(isRecord) : value;
    return isRecord(record) ? { ...record, fee: pickNumber(record, INSURANCE_FEE_KEYS) } : value;
  },
  z.looseObject({
    rate_id: z.union([z.string().min(1), z.number().transform(String)]),
    fee: z.number().nullable(),
    currency: looseText.optional(),
  }),
);
export type InsuranceRateResult = z.infer<typeof insuranceRateResultSchema>;
export const insuranceRateResponseSchema = envelopeSchema(insuranceRateResultSchema);
