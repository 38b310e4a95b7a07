import { z } from 'zod';
import { addressSchema } from './fields';

/** Pickup, address validation, SCAN form and POD bodies (v2-docs.md §3.11-3.17), as `{documented, accepted}`. */

/** §5.4 package_location values. */
export const packageLocations = [
  'front_door',
  'back_door',
  'side_door',
  'knock_on_door_ring_bell',
  'mail_room',
  'office',
  'reception',
  'in_at_mail_box',
  'other',
] as const;

/** Not in the docs: the sandbox's own bound, so one request cannot fill its database. */
export const PACKAGE_LOCATION_EXT_MAX = 255;

/** §3.11: package_location, carrier_code (USPS only) and tracking_nos are required. */
const pickupAdd = z.looseObject({
  pickup_date: z.string().optional(),
  pickup_location: addressSchema.optional(),
  package_location: z.array(z.enum(packageLocations)).min(1),
  package_location_ext: z.string().optional(),
  carrier_code: z.literal('USPS'),
  tracking_nos: z.array(z.string().min(1)).min(1),
});
export const pickupAddSchema = { documented: pickupAdd, accepted: pickupAdd } as const;

/** §3.12 */
const pickupCancel = z.looseObject({ pickup_no: z.union([z.string().min(1), z.number().transform(String)]) });
export const pickupCancelSchema = { documented: pickupCancel, accepted: pickupCancel } as const;

/** §3.13: order_by is the one required parameter. page_size's bound is the sandbox's own. */
const pickupList = z.looseObject({
  confirmation_number: z.string().optional(),
  status: z.enum(['CONFIRMED', 'CANCELED']).optional(),
  carrier_code: z.literal('USPS').optional(),
  page: z.number().int().min(1).optional(),
  page_size: z.number().int().min(1).max(200).optional(),
  order_by: z.boolean(),
});
export const pickupListSchema = { documented: pickupList, accepted: pickupList } as const;

/** §3.15 v2: the address flat, ZIP as zip_code; state required (free outside the U.S.). */
const addressValidate = z.looseObject({
  street: z.string().trim().min(1),
  street2: z.string().nullish(),
  city: z.string().trim().min(1),
  state: z.string(),
  zip_code: z.string(),
  country: z.string().length(2),
});
export const addressValidateSchema = { documented: addressValidate, accepted: addressValidate } as const;

/** §3.16 create_scan_form: no page; the sandbox takes USPS tracking numbers (v1's scan form takes the same list). */
export const scanFormSchema = {
  documented: z.looseObject({}),
  accepted: z.looseObject({ tracking_nos: z.array(z.string().min(1)).min(1).max(1000) }),
} as const;

/** Not in the docs: the sandbox's bound on POD recipients. */
export const POD_MAX_RECIPIENTS = 3;

/** §3.17 submit_pod: no page; the sandbox's own reading. */
export const submitPodSchema = {
  documented: z.looseObject({}),
  accepted: z.looseObject({ tracking_no: z.string().min(1), email_list: z.array(z.email()).min(1).max(POD_MAX_RECIPIENTS) }),
} as const;

/** §1 and the token example: AppKeys begin with these (the example's with SS_LIVE_; test keys by analogy). */
export const appKeyModes = { test: 'SS_TEST_', live: 'SS_LIVE_' } as const;
