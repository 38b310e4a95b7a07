import { z } from 'zod';
import { contentsTypes, MAX_CUSTOMS_ITEMS, nonDeliveryOptions } from '../domain/customs';

// The customs declaration a command carries. The shape is checked here; the
// rules that need the whole shipment (items unless documents, the AES
// threshold, which countries need one at all) are checked by the station with
// shared/domain/customs.ts before it rates.

const item = z.object({
  description: z.string({ error: 'Describe the item' }).trim().min(1, 'Describe the item, such as "cotton T-shirt"').max(60, 'Describe the item in at most 60 characters'),
  quantity: z.number({ error: 'Enter the quantity as a number' }).int('The quantity must be a whole number').min(1, 'The quantity must be at least 1').max(9999, 'The quantity is more than 9,999; check it'),
  valueUsd: z.number({ error: 'Enter the value of one unit in dollars' }).positive('The value must be more than zero').max(100_000, 'The value is more than $100,000 each; check it'),
  weightOz: z.number({ error: 'Enter the weight of one unit in ounces' }).positive('The weight must be more than zero').max(2400, 'The weight is more than 2,400 oz each; check it'),
  hsCode: z
    .string()
    .trim()
    .transform((v) => v.replace(/[\s.-]/g, ''))
    .pipe(z.string().regex(/^(\d{6,10})?$/, 'An HS code has 6 to 10 digits, such as 6109.10'))
    .optional(),
  originCountry: z.string({ error: 'Enter the country it was made in' }).trim().toUpperCase().length(2, 'Use the two-letter code of the country it was made in, such as US or CN'),
});

export const customsSchema = z.object({
  contentsType: z.enum(contentsTypes, { error: 'Pick what the package holds: merchandise, gift, documents, returned goods or sample' }),
  nonDelivery: z.enum(nonDeliveryOptions, { error: 'Pick what happens if it cannot be delivered: return or abandon' }).default('return'),
  items: z.array(item).max(MAX_CUSTOMS_ITEMS, `A customs form holds at most ${MAX_CUSTOMS_ITEMS} items; combine similar ones`).readonly().default([]),
  itn: z.string().trim().max(20, 'An ITN is an X and 14 digits').optional(),
  aesExemption: z.string().trim().max(40, 'The exemption code is too long').optional(),
});
