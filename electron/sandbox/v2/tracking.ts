import { refuse } from '../errorCodes';
import { isoUtc, isoWithOffset } from '../domain/localTime';
import { recipientName, timeline, type TimelineEvent } from '../domain/timeline';
import type { SandboxContext } from '../context';
import type { Reply, SandboxRequest } from '../http/types';
import type { ShipmentRecord } from '../store/shipments';
import { answer, answerShapes } from '../answers';
import { deliveryDate } from './normalize';

function required(req: SandboxRequest, name: string, code: 'tracking_no_required' | 'carrier_code_required' | 'platform_uk_id_required'): string {
  const value = req.query.get(name)?.trim();
  if (!value) refuse(code);
  return value;
}

/** The `failTracking` fault: every tracking endpoint is unavailable while it is on. */
function refuseWhileTrackingFails(ctx: SandboxContext): void {
  if (ctx.faults.current().failTracking) refuse('service_unavailable', 'Tracking is unavailable right now.');
}

/** The shipment behind tracking_no + carrier_code, or tracking_not_found. */
function findTracked(ctx: SandboxContext, req: SandboxRequest): ShipmentRecord {
  refuseWhileTrackingFails(ctx);
  const trackingNo = required(req, 'tracking_no', 'tracking_no_required');
  const carrier = required(req, 'carrier_code', 'carrier_code_required').toUpperCase();
  const shipment = ctx.shipments.byTrackingNo(trackingNo);
  if (!shipment || shipment.carrierCode !== carrier) refuse('tracking_not_found', `No ${carrier} tracking information for ${trackingNo}.`);
  return shipment;
}

const location = (e: TimelineEvent) => ({ ...e.place });

/** The documented form of estimate_delivery_date: "2025-08-26 22:37:27", local, no zone (v2-docs.md 3.9); the sandbox promises the end of the day. */
function estimate(shipment: ShipmentRecord): string | null {
  if (shipment.status === 'voided') return null;
  return `${deliveryDate(shipment.detail.shipDate, shipment.deliveryDays, shipment.detail.saturdayDelivery || shipment.carrierCode === 'USPS')} 20:00:00`;
}

/** The event list of the tracking_no and platform_uk_id endpoints: newest first, UTC times and local ones where the place's zone is known. */
const newestFirst = (events: readonly TimelineEvent[]) =>
  [...events].reverse().map((e) => ({
    status: e.status,
    description: e.description,
    event_time: isoUtc(e.at),
    event_time_local: e.timeZone ? isoWithOffset(e.at, e.timeZone) : null,
    location: location(e),
  }));

const firstScanOf = (events: readonly TimelineEvent[]) => events.find((e) => e.status !== 'created' && e.status !== 'voided');

/**
 * GET /api/shipment/tracking_by_tracking_no?tracking_no=&carrier_code= : `data`
 * is the latest record with the documented fields (v2-docs.md 3.9); the number
 * asked about is not echoed. The event list (name and items not documented)
 * is tracking_events, newest first, as on the platform_uk_id endpoint.
 */
export function trackingByTrackingNo(ctx: SandboxContext, req: SandboxRequest): Reply {
  const shipment = findTracked(ctx, req);
  const events = timeline(shipment, ctx.now());
  const latest = events[events.length - 1] as TimelineEvent;
  const firstScan = firstScanOf(events);
  return answer(ctx, answerShapes.tracking, {
    status: latest.status,
    message: latest.description,
    estimate_delivery_date: estimate(shipment),
    original_tracking_location: { city: shipment.detail.from.city.toUpperCase(), state: shipment.detail.from.state, zip_code: shipment.detail.from.zip.slice(0, 5), country: 'US' },
    destination_tracking_location: { city: shipment.detail.to.city.toUpperCase(), state: shipment.detail.to.state, zip_code: shipment.detail.to.country === 'US' ? shipment.detail.to.zip.slice(0, 5) : shipment.detail.to.zip, country: shipment.detail.to.country },
    first_scan_date: firstScan ? isoUtc(firstScan.at) : null,
    first_scan_description: firstScan?.description ?? null,
    first_scan_location: firstScan ? location(firstScan) : {},
    scanned_time: isoUtc(latest.at),
    tracking_events: newestFirst(events),
  });
}

function summary(event: TimelineEvent): string | null {
  if (event.status === 'created') return null;
  const when = isoWithOffset(event.at, event.timeZone);
  const where = `${event.place.city}, ${event.place.state} ${event.place.zip_code}`;
  return `${event.description} in ${where} at ${when.slice(11, 16)} on ${when.slice(0, 10)}.`;
}

/**
 * GET /api/shipment/direct/tracking_by_tracking_no: the latest record with
 * `status` (documented) and the current, first-scan and full history, every
 * time with its UTC offset (the field names beyond status are not documented).
 */
export function directTracking(ctx: SandboxContext, req: SandboxRequest): Reply {
  const shipment = findTracked(ctx, req);
  const events = timeline(shipment, ctx.now());
  const wire = (e: TimelineEvent) => ({
    status: e.status,
    description: e.description,
    event_time: isoWithOffset(e.at, e.timeZone),
    location: location(e),
  });
  const current = events[events.length - 1] as TimelineEvent;
  const firstScan = firstScanOf(events);
  return answer(ctx, answerShapes.tracking, {
    status: current.status,
    status_summary: summary(current),
    recipient_name: current.status === 'delivered' ? recipientName(shipment) : null,
    current_event: wire(current),
    first_scan_event: firstScan ? wire(firstScan) : null,
    tracking_events: [...events].reverse().map(wire),
    estimate_delivery_date: estimate(shipment),
    weight: Math.round((shipment.weightOz / 16) * 100) / 100,
  });
}

// Test-mode answer of the platform_uk_id endpoint: fixed, whatever the id (spec: fixed mock data in test mode).
const MOCK_EVENTS = [
  { status: 'in_transit', description: 'Arrived at USPS regional destination facility', at: '2024-11-05T18:42:00Z', tz: 'America/Chicago', city: 'DALLAS', state: 'TX', zip: '75260' },
  { status: 'in_transit', description: 'In transit to next facility', at: '2024-11-05T02:10:00Z', tz: undefined, city: '', state: '', zip: '' },
  { status: 'in_transit', description: 'Accepted at USPS origin facility', at: '2024-11-04T23:05:00Z', tz: 'America/Los_Angeles', city: 'LOS ANGELES', state: 'CA', zip: '90052' },
  { status: 'created', description: 'Shipping label created, USPS awaiting item', at: '2024-11-04T17:30:00Z', tz: 'America/Los_Angeles', city: 'LOS ANGELES', state: 'CA', zip: '90021' },
] as const;

/**
 * A voided shipment's record under the documented TrackingData fields: its
 * latest event is the void (status `voided`, v2-docs.md 5.3).
 */
function voidedRecord(ctx: SandboxContext, shipment: ShipmentRecord): Reply {
  const events = timeline(shipment, ctx.now());
  const latest = events[events.length - 1] as TimelineEvent;
  return answer(ctx, answerShapes.tracking, {
    scanned_time: isoUtc(latest.at),
    status: latest.status,
    message: latest.description,
    location: location(latest),
    return_to_sender: false,
    first_scan_date: null,
    first_scan_description: null,
    first_scan_location: {},
    tracking_events: newestFirst(events),
    scanned_time_local: latest.timeZone ? isoWithOffset(latest.at, latest.timeZone) : null,
    first_scan_date_local: null,
  });
}

/**
 * GET /api/shipment/tracking_by_platform_uk_id?platform_uk_id= : sandbox keys
 * are test-mode keys, so the fixed mock record (v2-docs.md 3.8), with the
 * documented TrackingData fields and nothing echoed; except that a voided
 * label says `voided`, so a station can learn that a label another station
 * voided is not one to ship on.
 */
export function trackingByPlatformUkId(ctx: SandboxContext, req: SandboxRequest): Reply {
  const platformUkId = required(req, 'platform_uk_id', 'platform_uk_id_required');
  refuseWhileTrackingFails(ctx);
  const shipment = ctx.shipments.byPlatformUkId(platformUkId);
  if (shipment?.status === 'voided') return voidedRecord(ctx, shipment);
  const local = (at: string, tz: string | undefined) => (tz ? isoWithOffset(new Date(at), tz) : null);
  const place = (e: (typeof MOCK_EVENTS)[number]) => (e.city ? { city: e.city, state: e.state, zip_code: e.zip, country: 'US' } : {});
  const first = MOCK_EVENTS[2];
  const latest = MOCK_EVENTS[0];
  return answer(ctx, answerShapes.tracking, {
    scanned_time: latest.at,
    status: latest.status,
    message: latest.description,
    location: place(latest),
    return_to_sender: false,
    first_scan_date: first.at,
    first_scan_description: first.description,
    first_scan_location: place(first),
    tracking_events: MOCK_EVENTS.map((e) => ({
      status: e.status,
      description: e.description,
      event_time: e.at,
      event_time_local: local(e.at, e.tz),
      location: e.city ? place(e) : null,
    })),
    scanned_time_local: local(latest.at, latest.tz),
    first_scan_date_local: local(first.at, first.tz),
  });
}
