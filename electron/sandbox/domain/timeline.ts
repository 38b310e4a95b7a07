/**
 * Deterministic tracking: a shipment's events are fixed fractions of its
 * transit time after purchase, revealed as the clock passes them. The
 * tracking number's hash picks the ending: most are delivered, some end
 * available for pickup, returned to sender, or in an exception (error).
 */
import type { ShipmentRecord, StoredAddress } from '../store/shipments';
import { stateTimeZone } from './geo';
import { hash32 } from './random';

/** Tracking statuses the sandbox reports: the documented ones (v2-docs.md 5.3) and `error` for an exception. */
export type TrackingStatus = 'created' | 'available_for_pickup' | 'in_transit' | 'out_for_delivery' | 'delivered' | 'return_to_sender' | 'voided' | 'error';

export interface TrackingPlace {
  readonly city: string;
  readonly state: string;
  readonly zip_code: string;
  readonly country: string;
}

export interface TimelineEvent {
  readonly status: TrackingStatus;
  readonly description: string;
  readonly at: Date;
  readonly place: TrackingPlace;
  /** IANA zone of the place, undefined when it cannot be determined. */
  readonly timeZone: string | undefined;
}

export type Ending = 'delivered' | 'available_for_pickup' | 'return_to_sender' | 'error';

export function endingOf(trackingNo: string): Ending {
  const bucket = hash32(trackingNo) % 20;
  if (bucket === 7) return 'return_to_sender';
  if (bucket === 13) return 'error';
  if (bucket === 3) return 'available_for_pickup';
  return 'delivered';
}

const place = (a: StoredAddress): TrackingPlace => ({ city: a.city.toUpperCase(), state: a.state, zip_code: a.zip.slice(0, 5), country: a.country });

interface Step {
  readonly fraction: number;
  readonly status: TrackingStatus;
  readonly description: string;
  readonly at: 'origin' | 'destination';
}

function steps(carrier: string, ending: Ending): Step[] {
  const facility = carrier === 'USPS' ? 'USPS' : carrier;
  const base: Step[] = [
    { fraction: 0, status: 'created', description: `Shipping label created, ${facility} awaiting item`, at: 'origin' },
    { fraction: 0.08, status: 'in_transit', description: `Accepted at ${facility} origin facility`, at: 'origin' },
    { fraction: 0.25, status: 'in_transit', description: 'Departed origin facility', at: 'origin' },
  ];
  if (ending === 'error') {
    return [...base, { fraction: 0.5, status: 'error', description: 'Exception: label damaged in transit, awaiting information', at: 'origin' }];
  }
  base.push({ fraction: 0.55, status: 'in_transit', description: 'Arrived at destination facility', at: 'destination' });
  base.push({ fraction: 0.85, status: 'out_for_delivery', description: 'Out for delivery', at: 'destination' });
  if (ending === 'delivered') base.push({ fraction: 0.95, status: 'delivered', description: 'Delivered, front door/porch', at: 'destination' });
  if (ending === 'available_for_pickup') {
    base.push({ fraction: 0.95, status: 'available_for_pickup', description: 'Available for pickup at the local post office', at: 'destination' });
  }
  if (ending === 'return_to_sender') {
    base.push({ fraction: 0.95, status: 'in_transit', description: 'Delivery attempted, no access to delivery location', at: 'destination' });
    base.push({ fraction: 1.3, status: 'return_to_sender', description: 'Returned to sender', at: 'destination' });
  }
  return base;
}

/** Events that have happened by `now`, oldest first. */
export function timeline(shipment: ShipmentRecord, now: Date): TimelineEvent[] {
  const start = new Date(shipment.createdAt).getTime();
  const origin = place(shipment.detail.from);
  const destination = place(shipment.detail.to);
  const event = (step: Step, at: number): TimelineEvent => {
    const where = step.at === 'origin' ? origin : destination;
    return { status: step.status, description: step.description, at: new Date(at), place: where, timeZone: stateTimeZone(where.state) };
  };
  const created = steps(shipment.carrierCode, 'delivered')[0] as Step;
  if (shipment.status === 'voided') {
    const voidedAt = new Date(shipment.voidedAt ?? shipment.createdAt).getTime();
    return [
      event(created, start),
      { ...event(created, voidedAt), status: 'voided', description: 'Label voided; postage refunded' },
    ];
  }
  const transitMs = shipment.deliveryDays * 24 * 3_600_000;
  const events = steps(shipment.carrierCode, endingOf(shipment.trackingNo))
    .map((step) => event(step, start + Math.round(step.fraction * transitMs)))
    .filter((e) => e.at.getTime() <= now.getTime());
  return events.length ? events : [event(created, start)];
}

/** Name of the person who signed, as carriers print it. */
export function recipientName(shipment: ShipmentRecord): string {
  const parts = shipment.detail.to.name.trim().toUpperCase().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return 'RECIPIENT';
  return parts.length === 1 ? (parts[0] as string) : `${(parts[0] as string)[0]} ${parts[parts.length - 1] as string}`;
}
