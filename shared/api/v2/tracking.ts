import { z } from 'zod';
import { envelopeSchema, wireNumber } from './common';

export const trackingStatuses = [
  'created',
  'available_for_pickup',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'return_to_sender',
  'voided',
  'error',
  'seized_by_law_enforcement',
  'unknown',
] as const;
export type TrackingStatus = (typeof trackingStatuses)[number];

/** Unknown statuses from the service degrade to `unknown` rather than failing the parse. */
export const trackingStatusSchema = z.preprocess(
  (value) => (typeof value === 'string' && (trackingStatuses as readonly string[]).includes(value) ? value : 'unknown'),
  z.enum(trackingStatuses),
);

export const trackingLocationSchema = z.looseObject({
  city: z.string().nullish(),
  state: z.string().nullish(),
  zip_code: z.string().nullish(),
  country: z.string().nullish(),
});
export type TrackingLocation = z.infer<typeof trackingLocationSchema>;

/** One event. event_time is UTC ISO; event_time_local carries the location's offset or is null. */
export const trackingEventSchema = z.looseObject({
  status: trackingStatusSchema,
  description: z.string().nullish(),
  event_time: z.string(),
  event_time_local: z.string().nullish(),
  location: trackingLocationSchema.nullish(),
});
export type TrackingEvent = z.infer<typeof trackingEventSchema>;

/** GET /api/shipment/tracking_by_platform_uk_id?platform_uk_id= */
export const trackingByPlatformUkIdQuerySchema = z.object({ platform_uk_id: z.string().min(1) });

export const platformTrackingRecordSchema = z.looseObject({
  platform_uk_id: z.string().nullish(),
  tracking_no: z.string().nullish(),
  carrier_code: z.string().nullish(),
  status: trackingStatusSchema,
  scanned_time: z.string().nullish(),
  scanned_time_local: z.string().nullish(),
  first_scan_date_local: z.string().nullish(),
  return_to_sender: z.boolean().nullish(),
  tracking_events: z.array(trackingEventSchema),
});
export type PlatformTrackingRecord = z.infer<typeof platformTrackingRecordSchema>;
export const trackingByPlatformUkIdResponseSchema = envelopeSchema(platformTrackingRecordSchema);

/** GET /api/shipment/tracking_by_tracking_no?tracking_no=&carrier_code= (carrier_code required). */
export const trackingByTrackingNoQuerySchema = z.object({
  tracking_no: z.string().min(1),
  carrier_code: z.string().min(1),
});

export const trackingNoRecordSchema = z.looseObject({
  tracking_no: z.string(),
  carrier_code: z.string().nullish(),
  status: trackingStatusSchema,
  message: z.string().nullish(),
  estimate_delivery_date: z.string().nullish(),
  original_tracking_location: trackingLocationSchema.nullish(),
  destination_tracking_location: trackingLocationSchema.nullish(),
  scanned_time: z.string().nullish(),
  tracking_events: z.array(trackingEventSchema),
});
export type TrackingNoRecord = z.infer<typeof trackingNoRecordSchema>;
export const trackingByTrackingNoResponseSchema = envelopeSchema(trackingNoRecordSchema);

/** Direct endpoint event: every timestamp is ISO 8601 with a UTC offset. */
export const directTrackingEventSchema = z.looseObject({
  status: trackingStatusSchema,
  description: z.string().nullish(),
  event_time: z.string(),
  location: trackingLocationSchema.nullish(),
});
export type DirectTrackingEvent = z.infer<typeof directTrackingEventSchema>;

/** GET /api/shipment/direct/tracking_by_tracking_no?tracking_no=&carrier_code= */
export const directTrackingRecordSchema = z.looseObject({
  tracking_no: z.string(),
  carrier_code: z.string().nullish(),
  status: trackingStatusSchema,
  status_summary: z.string().nullish(),
  recipient_name: z.string().nullish(),
  current_event: directTrackingEventSchema.nullish(),
  first_scan_event: directTrackingEventSchema.nullish(),
  tracking_events: z.array(directTrackingEventSchema),
  estimate_delivery_date: z.string().nullish(),
  weight: wireNumber.nullish(),
});
export type DirectTrackingRecord = z.infer<typeof directTrackingRecordSchema>;
export const directTrackingResponseSchema = envelopeSchema(directTrackingRecordSchema);
