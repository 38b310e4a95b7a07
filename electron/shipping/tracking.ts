import type { LooseEvent, TrackingCarrierCode, TrackingRecord } from '../../shared/api/v2';
import { trackingCarrierCodes } from '../../shared/api/v2';
import type { CommandArgs } from '../../shared/contract';
import { fail, StationFailure } from '../../shared/contract/errors';
import type { TrackingEvent, TrackingInfo } from '../../shared/contract/shippingTypes';
import type { ShippingDeps } from './deps';

const event = (e: LooseEvent, offsetTimes: boolean): TrackingEvent => ({
  time: e.time,
  // The direct endpoint writes every time with the place's UTC offset.
  localTime: e.localTime ?? (offsetTimes ? e.time : null),
  status: e.status,
  description: e.description ?? (e.status ? e.status.replace(/_/g, ' ') : 'Tracking event'),
  location: e.location,
});

/**
 * tracking_by_tracking_no accepts USPS, UPS and AMAZON_SHIPPING only
 * (v2-docs.md 5.1); a label of another carrier is tracked through the direct
 * endpoint, which takes any carrier code.
 */
export function trackingCarrierOf(carrier: string): TrackingCarrierCode | null {
  const upper = carrier.trim().toUpperCase();
  return (trackingCarrierCodes as readonly string[]).includes(upper) ? (upper as TrackingCarrierCode) : null;
}

/** Tracking from all three endpoints, each answer kept as a snapshot to show when the service is unreachable. */
export function createTrackingService(deps: ShippingDeps) {
  async function get(args: CommandArgs<'tracking.get'>): Promise<TrackingInfo> {
    const local = deps.shipments.findByRef(args.ref);
    const trackingNo = local?.tracking_no ?? (local ? null : args.ref.trim());
    const carrier = args.carrierCode?.trim().toUpperCase() || local?.carrier_code || null;
    const platformUkId = local?.platform_uk_id ?? null;
    const auto = trackingNo && carrier ? (trackingCarrierOf(carrier) ? 'tracking_no' : 'direct') : 'platform_uk_id';
    const source = args.source === 'auto' ? auto : args.source;
    if (source === 'platform_uk_id' && !platformUkId) {
      fail(carrier ? 'not_found' : 'invalid_input', carrier ? 'No shipment on this station has that id' : 'Choose the carrier to track this number', { field: carrier ? 'ref' : 'carrierCode' });
    }
    if (source !== 'platform_uk_id' && (!trackingNo || !carrier)) fail('invalid_input', 'Choose the carrier to track this number', { field: 'carrierCode' });
    const ref = source === 'platform_uk_id' ? (platformUkId as string) : (trackingNo as string);
    const fetchedAt = deps.ctx.now().toISOString();
    try {
      const v2 = await deps.v2();
      let record: TrackingRecord;
      if (source === 'platform_uk_id') record = await v2.trackingByPlatformUkId(ref);
      else if (source === 'direct') record = await v2.directTrackingByTrackingNo({ tracking_no: ref, carrier_code: carrier as string });
      else {
        const code = trackingCarrierOf(carrier as string);
        if (!code) fail('invalid_input', `Tracking by number covers USPS, UPS and Amazon Shipping; use direct tracking for ${carrier}.`, { field: 'carrierCode' });
        record = await v2.trackingByTrackingNo({ tracking_no: ref, carrier_code: code });
      }
      const info = toInfo(record, source, fetchedAt, {
        trackingNo: source === 'platform_uk_id' ? (local?.tracking_no ?? null) : ref,
        platformUkId,
        carrierCode: carrier,
      });
      deps.tracking.save(source, ref, info.trackingNo, info.status, info, fetchedAt);
      deps.ctx.emit('station.changed', { topics: ['tracking'] });
      return info;
    } catch (error) {
      const transient = error instanceof StationFailure && (error.error.code === 'service_unavailable' || error.error.code === 'timeout');
      const cached = transient ? deps.tracking.load<TrackingInfo>(source, ref) : undefined;
      if (cached) return { ...cached, fromCache: true };
      throw error;
    }
  }
  return { get };
}

/** `data` is one latest record; tracking_no is not echoed, so the number asked about is kept from the request. */
function toInfo(
  r: TrackingRecord,
  source: TrackingInfo['source'],
  fetchedAt: string,
  asked: { trackingNo: string | null; platformUkId: string | null; carrierCode: string | null },
): TrackingInfo {
  const events = r.tracking_events.map((e) => event(e, source === 'direct'));
  if (events.length === 0 && (r.scanned_time || r.message)) {
    events.push({ time: r.scanned_time ?? null, localTime: r.scanned_time_local ?? null, status: r.status ?? null, description: r.message ?? r.status ?? 'Latest scan', location: r.location ?? null });
  }
  return {
    source,
    trackingNo: r.tracking_no ?? asked.trackingNo,
    platformUkId: asked.platformUkId,
    carrierCode: r.carrier_code ?? asked.carrierCode,
    status: r.status ?? 'unknown',
    statusSummary: r.status_summary ?? r.message ?? null,
    estimateDeliveryDate: r.estimate_delivery_date ?? null,
    returnToSender: r.return_to_sender ?? null,
    recipientName: r.recipient_name ?? null,
    events,
    fetchedAt,
    fromCache: false,
  };
}
