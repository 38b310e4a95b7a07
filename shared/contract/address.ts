import { z } from 'zod';
import { addressProblems, normalizePostalCode, regionCodes, SERVICE_HOME_COUNTRY } from '../domain/countries';

// The address every command takes, checked by the rules of its own country
// (shared/domain/countries.ts): the state only where the country uses one,
// the postal code in the country's format. Whether a phone is needed depends
// on the other end of the shipment, so the station checks that before rating.

const text = (what: string, max = 100) =>
  z.string({ error: `Enter the ${what}` }).trim().min(1, `Enter the ${what}`).max(max, `The ${what} is too long (at most ${max} characters)`);
const optionalText = (what: string, max = 100) =>
  z.string().trim().max(max, `The ${what} is too long (at most ${max} characters)`).optional();

export const addressSchema = z
  .object({
    name: text('recipient name'),
    company: optionalText('company name'),
    phone: optionalText('phone number', 30),
    email: z.string().trim().email('That email address does not look right').or(z.literal('')).optional(),
    street: text('street address', 200),
    street2: optionalText('second address line', 200),
    city: text('city', 80),
    state: z.string().trim().max(40, 'The state or province is too long (at most 40 characters)').default(''),
    zip: z.string().trim().max(20, 'The postal code is too long (at most 20 characters)').default(''),
    country: z.string().trim().toUpperCase().default(SERVICE_HOME_COUNTRY),
    residential: z.boolean().optional(),
  })
  .superRefine((a, ctx) => {
    for (const problem of addressProblems(a)) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  })
  .transform((a) => ({
    ...a,
    state: regionCodes(a.country) ? a.state.toUpperCase() : a.state,
    zip: normalizePostalCode(a.country, a.zip),
  }));
