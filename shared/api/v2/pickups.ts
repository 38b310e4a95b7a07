import { z } from 'zod';
import { addressDataSchema, envelopeSchema, isoDateSchema, wireId, wireInt, wireNumber } from './common';

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

/** POST /api/shipment/pickup/add */
export const pickupRequestSchema = z.object({
  pickup_date: isoDateSchema.optional(),
  pickup_location: addressDataSchema.optional(),
  package_location: z.array(z.enum(packageLocations)).min(1),
  package_location_ext: z.string().max(PACKAGE_LOCATION_EXT_MAX).optional(),
  carrier_code: z.enum(pickupCarrierCodes),
  tracking_nos: z.array(z.string().min(1)).min(1),
});
export type PickupRequest = z.input<typeof pickupRequestSchema>;

export const addPickupResultSchema = z.looseObject({
  pickup_no: wireId,
  pickup_date: z.string(),
  package_total_num: wireInt,
  package_total_weight: wireNumber,
  carrier_code: z.string(),
  carrier_name: z.string().nullish(),
  confirmation_number: z.string(),
});
export type AddPickupResult = z.infer<typeof addPickupResultSchema>;
export const addPickupResponseSchema = envelopeSchema(addPickupResultSchema);

/** POST /api/shipment/pickup/cancel */
export const pickupCancelRequestSchema = z.object({ pickup_no: z.string().min(1) });
export const pickupCancelResponseSchema = envelopeSchema(z.looseObject({}));

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

export const pickupRecordSchema = z.looseObject({
  pickup_no: wireId,
  confirmation_number: z.string(),
  status: z.string(),
  carrier_code: z.string(),
  carrier_name: z.string().nullish(),
  pickup_date: z.string(),
  package_location: z.array(z.string()).nullish(),
  package_location_ext: z.string().nullish(),
  tracking_nos: z.array(z.string()).nullish(),
  package_total_num: wireInt.nullish(),
  package_total_weight: wireNumber.nullish(),
  created_at: z.string().nullish(),
  canceled_at: z.string().nullish(),
});
export type PickupRecord = z.infer<typeof pickupRecordSchema>;

export const pickupListResultSchema = z.looseObject({
  pickup_data_list: z.array(pickupRecordSchema),
  total_count: wireInt,
});
export type PickupListResult = z.infer<typeof pickupListResultSchema>;
export const pickupListResponseSchema = envelopeSchema(pickupListResultSchema);

/** GET /api/shipment/pickup/package/location/list */
export const packageLocationListResponseSchema = envelopeSchema(z.array(z.string()));
