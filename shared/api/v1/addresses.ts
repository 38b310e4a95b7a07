import { z } from 'zod';

/** POST /api/addresses/verify */
export const v1VerifyAddressRequestSchema = z.object({
  street: z.string().min(1).max(255),
  street2: z.string().max(255).optional(),
  city: z.string().min(1).max(100),
  state: z.string().min(1).max(50),
  zip: z.string().min(1).max(20),
  country: z.string().length(2),
});
export type V1VerifyAddressRequest = z.input<typeof v1VerifyAddressRequestSchema>;

const v1AddressIssueSchema = z.looseObject({ code: z.string(), message: z.string() });

export const v1VerifyAddressResponseSchema = z.looseObject({
  street: z.string().nullish(),
  street2: z.string().nullish(),
  city: z.string().nullish(),
  state: z.string().nullish(),
  zip: z.string().nullish(),
  country: z.string().nullish(),
  residential: z.boolean().nullish(),
  /** The OpenAPI marks nothing required and its example has no errored flag: absent, the errors list decides. */
  errored: z.boolean().nullish(),
  corrected: z.boolean().nullish(),
  standardized: z.boolean().nullish(),
  errors: z.array(v1AddressIssueSchema).nullish(),
  corrections: z.array(v1AddressIssueSchema).nullish(),
});
export type V1VerifyAddressResponse = z.infer<typeof v1VerifyAddressResponseSchema>;
