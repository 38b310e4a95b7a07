import type { DirectTrackingRecord, PlatformTrackingRecord, TrackingLocation, TrackingNoRecord } from '../../shared/api/v2';
import type { CommandArgs } from '../../shared/contract';
import { fail, StationFailure } from '../../shared/contract/errors';
import type { TrackingEvent, TrackingInfo } from '../../shared/contract/shippingTypes';
import type { ShippingDeps } from './deps';

const place = (l: TrackingLocation | null | undefined): string | null =>
  l ? [l.city, l.state, l.zip_code, l.country].filter((p) => p && p.trim() !== '').join(', ') || null : null;

type WireEvent = { status: string; description?: string | null; event_time: string; event_time_local?: string | null; location?: TrackingLocation | null };

const event = (e: WireEvent): TrackingEvent => ({
  time: e.event_time,
  localTime: e.event_time_local ?? null,
  status: e.status,
  description: e.description ?? e.status.replace(/_/g, ' '),
  location: place(e.location),
});

/** Tracking from all three endpoints, each answer kept as a snapshot to show when the service is unreachable. */
export function createTrackingService(deps: ShippingDeps) {
  async function get(args: CommandArgs<'tracking.get'>): Promise<TrackingInfo> {
    const local = deps.shipments.findByRef(args.ref);
    const trackingNo = local?.tracking_no ?? (local ? null : args.ref.trim());
    const carrier = args.carrierCode ?? local?.carrier_code ?? null;
    const platformUkId = local?.platform_uk_id ?? null;
    const source = args.source === 'auto' ? (trackingNo && carrier ? 'tracking_no' : 'platform_uk_id') : args.source;
    if (source === 'platform_uk_id' && !platformUkId) {
      fail(carrier ? 'not_found' : 'invalid_input', carrier ? 'No shipment on this station has that id' : 'Choose the carrier to track this number', { field: carrier ? 'ref' : 'carrierCode' });
    }
    if (source !== 'platform_uk_id' && (!trackingNo || !carrier)) fail('invalid_input', 'Choose the carrier to track this number', { field: 'carrierCode' });
    const ref = source === 'platform_uk_id' ? (platformUkId as string) : (trackingNo as string);
    const fetchedAt = deps.ctx.now().toISOString();
    try {
      const v2 = await deps.v2();
      let info: TrackingInfo;
      if (source === 'platform_uk_id') info = fromPlatform(await v2.trackingByPlatformUkId(ref), fetchedAt);
      else if (source === 'direct') info = fromDirect(await v2.directTrackingByTrackingNo({ tracking_no: ref, carrier_code: carrier as string }), fetchedAt);
      else info = fromTrackingNo(await v2.trackingByTrackingNo({ tracking_no: ref, carrier_code: carrier as string }), fetchedAt);
      info = { ...info, platformUkId: info.platformUkId ?? platformUkId, carrierCode: info.carrierCode ?? carrier };
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

function fromPlatform(r: PlatformTrackingRecord, fetchedAt: string): TrackingInfo {
  return {
    source: 'platform_uk_id',
    trackingNo: r.tracking_no ?? null,
    platformUkId: r.platform_uk_id ?? null,
    carrierCode: r.carrier_code ?? null,
    status: r.status,
    statusSummary: null,
    estimateDeliveryDate: null,
    returnToSender: r.return_to_sender ?? null,
    recipientName: null,
    events: r.tracking_events.map(event),
    fetchedAt,
    fromCache: false,
  };
}

function fromTrackingNo(r: TrackingNoRecord, fetchedAt: string): TrackingInfo {
  return {
    source: 'tracking_no',
    trackingNo: r.tracking_no,
    platformUkId: null,
    carrierCode: r.carrier_code ?? null,
    status: r.status,
    statusSummary: r.message ?? null,
    estimateDeliveryDate: r.estimate_delivery_date ?? null,
    returnToSender: null,
    recipientName: null,
    events: r.tracking_events.map(event),
    fetchedAt,
    fromCache: false,
  };
}

function fromDirect(r: DirectTrackingRecord, fetchedAt: string): TrackingInfo {
  return {
    source: 'direct',
    trackingNo: r.tracking_no,
    platformUkId: null,
    carrierCode: r.carrier_code ?? null,
    status: r.status,
    statusSummary: r.status_summary ?? null,
    estimateDeliveryDate: r.estimate_delivery_date ?? null,
    returnToSender: null,
    recipientName: r.recipient_name ?? null,
    // Direct timestamps already carry the UTC offset of the event's place.
    events: r.tracking_events.map((e) => ({ ...event(e), localTime: e.event_time })),
    fetchedAt,
    fromCache: false,
  };
}
