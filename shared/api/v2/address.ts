import { z } from 'zod';
import { readIssue } from './assumptions';
import { envelopeSchema, looseText, usState } from './common';

/** POST /api/address/validate body (v2-docs.md 3.15): the address flat, ZIP as zip_code. */
export const addressValidateRequestSchema = z
  .object({
    street: z.string().trim().min(1).max(255),
    street2: z.string().max(255).optional(),
    city: z.string().trim().min(1).max(100),
    /** Required: a valid 2-letter code in the U.S.; "unrestricted" elsewhere, so it may be empty there (v2-docs.md 3.15). */
    state: z.string().trim().max(50),
    zip_code: z.string().trim().max(20),
    country: z.string().length(2),
  })
  .superRefine(usState);
export type AddressValidateRequest = z.input<typeof addressValidateRequestSchema>;

const flag = z.unknown().transform((v) => (v === true || v === 'true' ? true : v === false || v === 'false' ? false : null));
/** errors / corrections: documented as arrays, possibly null; items read as text (assumptions.ts: address-issues). */
const issues = z.unknown().transform((v) => (Array.isArray(v) ? v.map(readIssue).filter((t): t is string => t !== null) : []));

/** ValidatedAddress: flat, ZIP as `zip` (not zip_code); every field may be left out. */
export const addressValidateResultSchema = z.looseObject({
  street: looseText.optional(),
  street2: looseText.optional(),
  city: looseText.optional(),
  state: looseText.optional(),
  zip: looseText.optional(),
  country: looseText.optional(),
  residential: flag.optional(),
  errored: flag.optional(),
  corrected: flag.optional(),
  standardized: flag.optional(),
  errors: issues.optional(),
  corrections: issues.optional(),
});
export type AddressValidateResult = z.infer<typeof addressValidateResultSchema>;
export const addressValidateResponseSchema = envelopeSchema(addressValidateResultSchema);
