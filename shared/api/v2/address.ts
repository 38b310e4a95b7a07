import { z } from 'zod';
import { addressWireSchema, envelopeSchema } from './common';

/** POST /api/address/validate body: a U.S. domestic address. */
export const addressValidateRequestSchema = z.object({
  company_name: z.string().max(100).optional(),
  street: z.string().min(1).max(255),
  street2: z.string().max(255).optional(),
  city: z.string().max(100).optional(),
  state: z.string().max(50).optional(),
  zip_code: z.string().max(20).optional(),
  country: z.string().length(2).default('US'),
});
export type AddressValidateRequest = z.input<typeof addressValidateRequestSchema>;

/** An error or a correction detail; `field` names the component concerned. */
export const addressIssueSchema = z.looseObject({
  code: z.string(),
  message: z.string(),
  field: z.string().nullish(),
  original: z.string().nullish(),
  corrected: z.string().nullish(),
});
export type AddressIssue = z.infer<typeof addressIssueSchema>;

export const addressValidateResultSchema = z.looseObject({
  is_valid: z.boolean(),
  standardized: z.boolean().nullish(),
  corrected: z.boolean().nullish(),
  residential: z.boolean().nullish(),
  address: addressWireSchema,
  zip5: z.string().nullish(),
  zip4: z.string().nullish(),
  errors: z.array(addressIssueSchema),
  corrections: z.array(addressIssueSchema),
});
export type AddressValidateResult = z.infer<typeof addressValidateResultSchema>;
export const addressValidateResponseSchema = envelopeSchema(addressValidateResultSchema);
