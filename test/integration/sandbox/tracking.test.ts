import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endingOf } from '../../../electron/sandbox/domain/timeline';
import { harness, type Envelope, type Harness } from './harness';

type Event = { status: string; description: string; event_time: string; event_time_local?: string | null; location: { city: string } | null };
type ByNumber = { status: string; message: string; estimate_delivery_date: string; original_tracking_location: { city: string }; destination_tracking_location: { city: string }; scanned_time: string; tracking_events: Event[] };
type Direct = { status: string; status_summary: string | null; recipient_name: string | null; current_event: Event; first_scan_event: Event | null; tracking_events: Event[] };

const DAY = 86_400_000;
const OFFSET = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/;
let h: Harness;
const bought: Array<{ tracking_no: string; delivery_days: number }> = [];

beforeAll(async () => {
  h = await harness({ tokenTtlSeconds: 30 * 86_400 });
  for (let i = 0; i < 60; i++) {
    bought.push(await h.buy<{ tracking_no: string; delivery_days: number }>(`t-${i}`, 'USPS', 'USPS_PRIORITY_MAIL'));
  }
});
afterAll(() => h.close());

const byNumber = (t: string, carrier = 'USPS') => h.v2<Envelope<ByNumber>>('GET', `/api/shipment/tracking_by_tracking_no?tracking_no=${t}&carrier_code=${carrier}`);
const direct = (t: string) => h.v2<Envelope<Direct>>('GET', `/api/shipment/direct/tracking_by_tracking_no?tracking_no=${t}&carrier_code=USPS`);
const withEnding = (ending: string) => {
  const found = bought.find((b) => endingOf(b.tracking_no) === ending);
  if (!found) throw new Error(`no ${ending} number among the purchases`);
  return found;
};

describe('tracking_by_tracking_no', () => {
  it('advances created -> in_transit -> out_for_delivery -> delivered with time since purchase', async () => {
    const shipment = withEnding('delivered');
    const start = h.clock;
    const transit = shipment.delivery_days * DAY;
    const statusAt = async (fraction: number) => {
      h.clock = new Date(start.getTime() + fraction * transit);
      return (await byNumber(shipment.tracking_no)).json.data.status;
    };
    expect(await statusAt(0)).toBe('created');
    expect(await statusAt(0.1)).toBe('in_transit');
    expect(await statusAt(0.6)).toBe('in_transit');
    expect(await statusAt(0.9)).toBe('out_for_delivery');
    expect(await statusAt(1)).toBe('delivered');
    const record = (await byNumber(shipment.tracking_no)).json.data;
    expect(record.tracking_events.map((e) => e.status)).toEqual(['delivered', 'out_for_delivery', 'in_transit', 'in_transit', 'in_transit', 'created']);
    expect(record).toMatchObject({ message: 'Delivered, front door/porch', original_tracking_location: { city: 'LOS ANGELES' }, destination_tracking_location: { city: 'AUSTIN' } });
    // The documented form: "2025-08-26 22:37:27", no zone; the number asked about is not echoed.
    expect(record.estimate_delivery_date).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(record).not.toHaveProperty('tracking_no');
    expect(record).not.toHaveProperty('carrier_code');
    expect(record).toMatchObject({ first_scan_description: 'Accepted at USPS origin facility', first_scan_location: { city: 'LOS ANGELES' } });
    expect(record.scanned_time).toBe(record.tracking_events[0]?.event_time);
    for (const e of record.tracking_events) {
      expect(e.event_time).toMatch(/Z$/);
      expect(e.event_time_local).toMatch(OFFSET);
    }
    expect(record.tracking_events[0]?.event_time_local).toMatch(/-0[56]:00$/);
    h.clock = start;
  });

  it('ends some numbers in return_to_sender, available_for_pickup or error', async () => {
    const start = h.clock;
    h.clock = new Date(start.getTime() + 10 * DAY);
    expect((await byNumber(withEnding('return_to_sender').tracking_no)).json.data.status).toBe('return_to_sender');
    expect((await byNumber(withEnding('available_for_pickup').tracking_no)).json.data.status).toBe('available_for_pickup');
    expect((await byNumber(withEnding('error').tracking_no)).json.data.status).toBe('error');
    h.clock = start;
  });

  it('refuses missing parameters and unknown numbers', async () => {
    expect((await h.v2<Envelope>('GET', '/api/shipment/tracking_by_tracking_no?carrier_code=USPS')).json.code).toBe('tracking_no_required');
    const noCarrier = await h.v2<Envelope>('GET', `/api/shipment/tracking_by_tracking_no?tracking_no=${bought[0]?.tracking_no}`);
    expect(noCarrier.status).toBe(400);
    expect(noCarrier.json.code).toBe('carrier_code_required');
    const wrongCarrier = await byNumber(bought[0]?.tracking_no ?? '', 'UPS');
    expect(wrongCarrier.status).toBe(404);
    expect(wrongCarrier.json.code).toBe('tracking_not_found');
  });
});

describe('direct/tracking_by_tracking_no', () => {
  it('gives current, first-scan and history with UTC offsets, status_summary and recipient_name', async () => {
    const shipment = withEnding('delivered');
    const start = h.clock;
    const early = (await direct(shipment.tracking_no)).json.data;
    expect(early).toMatchObject({ status: 'created', status_summary: null, recipient_name: null, first_scan_event: null });
    h.clock = new Date(start.getTime() + 2 * shipment.delivery_days * DAY);
    const done = (await direct(shipment.tracking_no)).json.data;
    expect(done.status).toBe('delivered');
    expect(done.recipient_name).toBe('M GONZALEZ');
    expect(done.status_summary).toContain('AUSTIN, TX 78701');
    expect(done.current_event.status).toBe('delivered');
    expect(done.first_scan_event).toMatchObject({ status: 'in_transit', description: 'Accepted at USPS origin facility' });
    for (const e of [done.current_event, done.first_scan_event as Event, ...done.tracking_events]) expect(e.event_time).toMatch(OFFSET);
    h.clock = start;
  });
});

describe('tracking_by_platform_uk_id', () => {
  it('returns fixed mock data in test mode, with *_local fields offset or null', async () => {
    const a = await h.v2<Envelope<Record<string, unknown> & { tracking_events: Event[] }>>('GET', '/api/shipment/tracking_by_platform_uk_id?platform_uk_id=t-1');
    const b = await h.v2<Envelope<Record<string, unknown>>>('GET', '/api/shipment/tracking_by_platform_uk_id?platform_uk_id=anything');
    expect(a.status).toBe(200);
    expect(a.json.data).toEqual(b.json.data);
    // The documented TrackingData fields (v2-docs.md 3.8); nothing of the request is echoed.
    expect(a.json.data).toMatchObject({ status: 'in_transit', message: expect.any(String), location: expect.any(Object), return_to_sender: false, scanned_time: expect.any(String), first_scan_date: expect.any(String), first_scan_description: expect.any(String), first_scan_location: expect.any(Object) });
    expect(a.json.data).not.toHaveProperty('platform_uk_id');
    expect(a.json.data).not.toHaveProperty('tracking_no');
    expect(a.json.data.scanned_time_local).toMatch(OFFSET);
    expect(a.json.data.first_scan_date_local).toMatch(OFFSET);
    const locals = a.json.data.tracking_events.map((e) => e.event_time_local);
    expect(locals).toContain(null);
    expect(locals.filter((l) => l !== null).every((l) => OFFSET.test(l as string))).toBe(true);
    expect((await h.v2<Envelope>('GET', '/api/shipment/tracking_by_platform_uk_id')).json.code).toBe('platform_uk_id_required');
  });

  it('says voided for a voided label, in the same documented fields, and 503 while tracking fails', async () => {
    expect((await h.v2<Envelope>('POST', '/api/shipment/void_label', { platform_uk_id: 't-2' })).status).toBe(200);
    const voided = await h.v2<Envelope<Record<string, unknown> & { tracking_events: Event[] }>>('GET', '/api/shipment/tracking_by_platform_uk_id?platform_uk_id=t-2');
    expect(voided.json.data).toMatchObject({ status: 'voided', message: expect.any(String), location: expect.any(Object), return_to_sender: false, scanned_time: expect.any(String) });
    expect(voided.json.data.tracking_events[0]?.status).toBe('voided');
    expect(voided.json.data).not.toHaveProperty('platform_uk_id');
    const other = await h.v2<Envelope<{ status: string }>>('GET', '/api/shipment/tracking_by_platform_uk_id?platform_uk_id=t-3');
    expect(other.json.data.status).toBe('in_transit');

    h.sandbox.faults.set({ failTracking: true });
    try {
      expect((await h.v2<Envelope>('GET', '/api/shipment/tracking_by_platform_uk_id?platform_uk_id=t-2')).status).toBe(503);
      expect((await byNumber(bought[3]?.tracking_no as string)).status).toBe(503);
    } finally {
      h.sandbox.faults.set({ failTracking: false });
    }
    expect((await byNumber(bought[3]?.tracking_no as string)).status).toBe(200);
  });
});
