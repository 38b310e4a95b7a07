import { refuse } from '../errorCodes';
import { isoUtc, isoWithOffset } from '../domain/localTime';
import { recipientName, timeline, type TimelineEvent } from '../domain/timeline';
import { makeTrackingNumber } from '../render/trackingNumbers';
import type { SandboxContext } from '../context';
import type { Reply, SandboxRequest } from '../http/types';
import type { ShipmentRecord } from '../store/shipments';
import { ok } from './envelope';
import { deliveryDate } from './normalize';

function required(req: SandboxRequest, name: string, code: 'tracking_no_required' | 'carrier_code_required' | 'platform_uk_id_required'): string {
  const value = req.query.get(name)?.trim();
  if (!value) refuse(code);
  return value;
}

/** The shipment behind tracking_no + carrier_code, or tracking_not_found. */
function findTracked(ctx: SandboxContext, req: SandboxRequest): ShipmentRecord {
  const trackingNo = required(req, 'tracking_no', 'tracking_no_required');
  const carrier = required(req, 'carrier_code', 'carrier_code_required').toUpperCase();
  const shipment = ctx.shipments.byTrackingNo(trackingNo);
  if (!shipment || shipment.carrierCode !== carrier) refuse('tracking_not_found', `No ${carrier} tracking information for ${trackingNo}.`);
  return shipment;
}

const location = (e: TimelineEvent) => ({ ...e.place });

function estimate(shipment: ShipmentRecord): string {
  return deliveryDate(shipment.detail.shipDate, shipment.deliveryDays, shipment.detail.saturdayDelivery || shipment.carrierCode === 'USPS');
}

/** GET /api/shipment/tracking_by_tracking_no?tracking_no=&carrier_code= : newest event first. */
export function trackingByTrackingNo(ctx: SandboxContext, req: SandboxRequest): Reply {
  const shipment = findTracked(ctx, req);
  const events = timeline(shipment, ctx.now());
  const latest = events[events.length - 1] as TimelineEvent;
  return ok({
    tracking_no: shipment.trackingNo,
    carrier_code: shipment.carrierCode,
    status: latest.status,
    message: latest.description,
    estimate_delivery_date: shipment.status === 'voided' ? null : estimate(shipment),
    original_tracking_location: { city: shipment.detail.from.city.toUpperCase(), state: shipment.detail.from.state, zip_code: shipment.detail.from.zip.slice(0, 5), country: 'US' },
    destination_tracking_location: { city: shipment.detail.to.city.toUpperCase(), state: shipment.detail.to.state, zip_code: shipment.detail.to.zip.slice(0, 5), country: 'US' },
    scanned_time: isoUtc(latest.at),
    tracking_events: [...events].reverse().map((e) => ({
      status: e.status,
      description: e.description,
      event_time: isoUtc(e.at),
      event_time_local: e.timeZone ? isoWithOffset(e.at, e.timeZone) : null,
      location: location(e),
    })),
  });
}

function summary(event: TimelineEvent): string | null {
  if (event.status === 'created') return null;
  const when = isoWithOffset(event.at, event.timeZone);
  const where = `${event.place.city}, ${event.place.state} ${event.place.zip_code}`;
  return `${event.description} in ${where} at ${when.slice(11, 16)} on ${when.slice(0, 10)}.`;
}

/** GET /api/shipment/direct/tracking_by_tracking_no: current, first-scan and full history, every time with its UTC offset. */
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
  const firstScan = events.find((e) => e.status !== 'created' && e.status !== 'voided');
  return ok({
    tracking_no: shipment.trackingNo,
    carrier_code: shipment.carrierCode,
    status: current.status,
    status_summary: summary(current),
    recipient_name: current.status === 'delivered' ? recipientName(shipment) : null,
    current_event: wire(current),
    first_scan_event: firstScan ? wire(firstScan) : null,
    tracking_events: [...events].reverse().map(wire),
    estimate_delivery_date: shipment.status === 'voided' ? null : estimate(shipment),
    weight: Math.round((shipment.weightOz / 16) * 100) / 100,
  });
}

// Test-mode answer of the platform_uk_id endpoint: fixed, whatever the id (spec: fixed mock data in test mode).
const MOCK_TRACKING_NO = makeTrackingNumber('USPS', 424_242, { serviceCode: 'USPS_GROUND_ADVANTAGE' });
const MOCK_EVENTS = [
  { status: 'in_transit', description: 'Arrived at USPS regional destination facility', at: '2024-11-05T18:42:00Z', tz: 'America/Chicago', city: 'DALLAS', state: 'TX', zip: '75260' },
  { status: 'in_transit', description: 'In transit to next facility', at: '2024-11-05T02:10:00Z', tz: undefined, city: '', state: '', zip: '' },
  { status: 'in_transit', description: 'Accepted at USPS origin facility', at: '2024-11-04T23:05:00Z', tz: 'America/Los_Angeles', city: 'LOS ANGELES', state: 'CA', zip: '90052' },
  { status: 'created', description: 'Shipping label created, USPS awaiting item', at: '2024-11-04T17:30:00Z', tz: 'America/Los_Angeles', city: 'LOS ANGELES', state: 'CA', zip: '90021' },
] as const;

/** GET /api/shipment/tracking_by_platform_uk_id?platform_uk_id= : sandbox keys are test-mode keys, so the mock record. */
export function trackingByPlatformUkId(_ctx: SandboxContext, req: SandboxRequest): Reply {
  const platformUkId = required(req, 'platform_uk_id', 'platform_uk_id_required');
  const local = (at: string, tz: string | undefined) => (tz ? isoWithOffset(new Date(at), tz) : null);
  const first = MOCK_EVENTS[2];
  const latest = MOCK_EVENTS[0];
  return ok({
    platform_uk_id: platformUkId,
    tracking_no: MOCK_TRACKING_NO,
    carrier_code: 'USPS',
    status: latest.status,
    scanned_time: latest.at,
    scanned_time_local: local(latest.at, latest.tz),
    first_scan_date_local: local(first.at, first.tz),
    return_to_sender: false,
    tracking_events: MOCK_EVENTS.map((e) => ({
      status: e.status,
      description: e.description,
      event_time: e.at,
      event_time_local: local(e.at, e.tz),
      location: e.city ? { city: e.city, state: e.state, zip_code: e.zip, country: 'US' } : null,
    })),
  });
}
