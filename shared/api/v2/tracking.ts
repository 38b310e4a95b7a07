import { z } from 'zod';
import { EVENT_LIST_KEYS, isRecord, pickArray, readEvent, readPlace, type LooseEvent } from './assumptions';
import { envelopeSchema, looseText, trackingCarrierCodes } from './common';

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

/** GET /api/shipment/tracking_by_platform_uk_id?platform_uk_id= */
export const trackingByPlatformUkIdQuerySchema = z.object({ platform_uk_id: z.string().min(1) });

/** GET /api/shipment/tracking_by_tracking_no: carrier_code required, USPS, UPS or AMAZON_SHIPPING (v2-docs.md 5.1). */
export const trackingByTrackingNoQuerySchema = z.object({
  tracking_no: z.string().min(1),
  carrier_code: z.enum(trackingCarrierCodes),
});

/** GET /api/shipment/direct/tracking_by_tracking_no: carrier_code required, any string (example USPS). */
export const directTrackingQuerySchema = z.object({
  tracking_no: z.string().min(1),
  carrier_code: z.string().min(1),
});

const events = z.unknown().transform((list) => (Array.isArray(list) ? list.map(readEvent).filter((e): e is LooseEvent => e !== null) : []));
const place = z.unknown().transform(readPlace);
const flag = z.unknown().transform((v) => (v === true || v === 'true' ? true : v === false || v === 'false' ? false : null));

/**
 * `data` of all three tracking endpoints: one latest-record object. Its
 * documented fields are read when present; the event list and the event and
 * location shapes are not documented (assumptions.ts: tracking-record), so
 * every event is read for what it holds. Nothing is required: a record
 * without a status reads as "unknown".
 */
export const trackingRecordSchema = z.preprocess(
  (value) => (isRecord(value) ? { ...value, tracking_events: pickArray(value, EVENT_LIST_KEYS) ?? [] } : value),
  z.looseObject({
    status: looseText.optional(),
    message: looseText.optional(),
    status_summary: looseText.optional(),
    scanned_time: looseText.optional(),
    scanned_time_local: looseText.optional(),
    location: place.optional(),
    return_to_sender: flag.optional(),
    first_scan_date: looseText.optional(),
    first_scan_date_local: looseText.optional(),
    first_scan_description: looseText.optional(),
    first_scan_location: place.optional(),
    estimate_delivery_date: looseText.optional(),
    original_tracking_location: place.optional(),
    destination_tracking_location: place.optional(),
    recipient_name: looseText.optional(),
    tracking_no: looseText.optional(),
    carrier_code: looseText.optional(),
    tracking_events: events,
  }),
);
export type TrackingRecord = z.infer<typeof trackingRecordSchema>;
export const trackingResponseSchema = envelopeSchema(trackingRecordSchema);
