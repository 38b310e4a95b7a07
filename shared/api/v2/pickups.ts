import { z } from 'zod';
import { isRecord, pickText } from './assumptions';
import { addressDataSchema, envelopeSchema, isoDateSchema, lenientList, looseNumber, looseText } from './common';

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
export type PackageLocation = (typeof packageLocations)[number];

export const pickupCarrierCodes = ['USPS'] as const;
export const pickupStatuses = ['CONFIRMED', 'CANCELED'] as const;
export type PickupStatus = (typeof pickupStatuses)[number];

export const PACKAGE_LOCATION_EXT_MAX = 255;

/** POST /api/shipment/pickup/add (v2-docs.md 3.11). */
export const pickupRequestSchema = z.object({
  pickup_date: isoDateSchema.optional(),
  pickup_location: addressDataSchema.optional(),
  package_location: z.array(z.enum(packageLocations)).min(1),
  package_location_ext: z.string().max(PACKAGE_LOCATION_EXT_MAX).optional(),
  carrier_code: z.enum(pickupCarrierCodes),
  tracking_nos: z.array(z.string().min(1)).min(1),
});
export type PickupRequest = z.input<typeof pickupRequestSchema>;

const id = z.union([z.string().min(1), z.number().transform(String)]);

/** AddPickupResult: pickup_no (needed to cancel) required; the rest read when present. */
export const addPickupResultSchema = z.looseObject({
  pickup_no: id,
  pickup_date: looseText.optional(),
  package_total_num: looseNumber.optional(),
  package_total_weight: looseNumber.optional(),
  carrier_code: looseText.optional(),
  carrier_name: looseText.optional(),
  confirmation_number: looseText.optional(),
});
export type AddPickupResult = z.infer<typeof addPickupResultSchema>;
export const addPickupResponseSchema = envelopeSchema(addPickupResultSchema);

/** POST /api/shipment/pickup/cancel; data is `{}`. */
export const pickupCancelRequestSchema = z.object({ pickup_no: z.string().min(1) });
export const pickupCancelResponseSchema = envelopeSchema(z.unknown());

/** GET /api/shipment/pickup/list query (order_by required: true oldest first). */
export const pickupListQuerySchema = z.object({
  confirmation_number: z.string().optional(),
  status: z.enum(pickupStatuses).optional(),
  carrier_code: z.enum(pickupCarrierCodes).optional(),
  page: z.number().int().min(1).optional(),
  page_size: z.number().int().min(1).max(200).optional(),
  order_by: z.boolean(),
});
export type PickupListQuery = z.infer<typeof pickupListQuerySchema>;

/** A list item: documented status, pickup_no, pickup_date; the rest was cut off in the docs (assumptions.ts: pickup-answers). */
export const pickupRecordSchema = z.looseObject({
  pickup_no: id,
  confirmation_number: looseText.optional(),
  status: looseText.optional(),
  carrier_code: looseText.optional(),
  pickup_date: looseText.optional(),
  tracking_nos: z
    .unknown()
    .transform((v) => (Array.isArray(v) ? v.filter((t): t is string => typeof t === 'string') : []))
    .optional(),
  package_total_num: looseNumber.optional(),
  package_total_weight: looseNumber.optional(),
  created_at: looseText.optional(),
});
export type PickupRecord = z.infer<typeof pickupRecordSchema>;

export const pickupListResultSchema = z.looseObject({
  pickup_data_list: lenientList(pickupRecordSchema),
  total_count: looseNumber.optional(),
});
export type PickupListResult = z.infer<typeof pickupListResultSchema>;
export const pickupListResponseSchema = envelopeSchema(pickupListResultSchema);

/** GET /api/shipment/pickup/package/location/list: the PackageLocationEnum values, as strings or objects. */
export const packageLocationListResponseSchema = envelopeSchema(
  z.unknown().transform((v) =>
    Array.isArray(v)
      ? v.map((item) => (typeof item === 'string' ? item : isRecord(item) ? pickText(item, ['value', 'code', 'name', 'package_location']) : null)).filter((t): t is string => t !== null)
      : [],
  ),
);
