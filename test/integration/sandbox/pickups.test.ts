import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, FROM, type Envelope, type Harness } from './harness';

type Added = { pickup_no: string; pickup_date: string; package_total_num: number; package_total_weight: number; carrier_code: string; carrier_name: string; confirmation_number: string };
type Listed = { pickup_data_list: Array<{ pickup_no: string; status: string; confirmation_number: string }>; total_count: number };

let h: Harness;
let usps: string[] = [];
let ups = '';
let voided = '';
beforeAll(async () => {
  // 2026-03-11 07:30 UTC is still 2026-03-11 00:30 in Los Angeles (PDT): the default date is 2026-03-12.
  h = await harness({ tokenTtlSeconds: 7 * 86_400 }, new Date('2026-03-11T07:30:00Z'));
  usps = [(await h.buy('p-1', 'USPS', 'USPS_GROUND_ADVANTAGE')).tracking_no, (await h.buy('p-2', 'USPS', 'USPS_PRIORITY_MAIL')).tracking_no];
  ups = (await h.buy('p-3', 'UPS', 'UPS_GROUND')).tracking_no;
  const v = await h.buy('p-4', 'USPS', 'USPS_GROUND_ADVANTAGE');
  await h.v2('POST', '/api/shipment/void_label', { shipment_no: v.shipment_no });
  voided = v.tracking_no;
});
afterAll(() => h.close());

const add = (body: Record<string, unknown>) =>
  h.v2<Envelope<Added>>('POST', '/api/shipment/pickup/add', { package_location: ['front_door'], carrier_code: 'USPS', tracking_nos: usps, ...body });

describe('pickup/add', () => {
  it('schedules a CONFIRMED USPS pickup for the next calendar day in Los Angeles by default', async () => {
    const res = await add({ pickup_location: FROM });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ code: 'ok', msg: 'ok' });
    expect(res.json.data).toMatchObject({ pickup_date: '2026-03-12', package_total_num: 2, package_total_weight: 3, carrier_code: 'USPS', carrier_name: 'USPS' });
    expect(res.json.data.confirmation_number).toMatch(/^WTC\d{8}$/);
    const listed = await h.v2<Envelope<Listed>>('GET', `/api/shipment/pickup/list?order_by=true&confirmation_number=${res.json.data.confirmation_number}`);
    expect(listed.json.data.pickup_data_list[0]).toMatchObject({ pickup_no: res.json.data.pickup_no, status: 'CONFIRMED' });
  });

  it('uses the Los Angeles date late in the evening too', async () => {
    const saved = h.clock;
    h.clock = new Date('2026-03-12T06:59:00Z'); // 23:59 on 2026-03-11 in Los Angeles
    expect((await add({})).json.data.pickup_date).toBe('2026-03-12');
    h.clock = saved;
  });

  it('accepts an explicit future pickup_date and refuses a past or malformed one', async () => {
    expect((await add({ pickup_date: '2026-03-13' })).json.data.pickup_date).toBe('2026-03-13');
    expect((await add({ pickup_date: '2026-03-10' })).json.code).toBe('pickup_date_invalid');
    expect((await add({ pickup_date: '13/03/2026' })).json.code).toBe('pickup_date_invalid');
    expect((await add({ pickup_date: '2026-03-32' })).json.code).toBe('pickup_date_invalid');
  });

  it('requires package_location from the enum', async () => {
    const missing = await h.v2<Envelope>('POST', '/api/shipment/pickup/add', { carrier_code: 'USPS', tracking_nos: usps });
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ code: 'pickup_package_location_required', data: null });
    expect((await add({ package_location: [] })).json.code).toBe('pickup_package_location_required');
    expect((await add({ package_location: ['garage'] })).json.code).toBe('pickup_package_location_invalid');
  });

  it('requires package_location_ext for other, at most 255 characters', async () => {
    expect((await add({ package_location: ['other'] })).json.code).toBe('pickup_location_ext_required');
    expect((await add({ package_location: ['other'], package_location_ext: '   ' })).json.code).toBe('pickup_location_ext_required');
    expect((await add({ package_location: ['other'], package_location_ext: 'x'.repeat(256) })).json.code).toBe('pickup_location_ext_too_long');
    expect((await add({ package_location: ['other'], package_location_ext: 'x'.repeat(255) })).status).toBe(200);
  });

  it('refuses a malformed pickup_location with its own code', async () => {
    const notAnAddress = await add({ pickup_location: 'by the loading dock' });
    expect(notAnAddress.status).toBe(400);
    expect(notAnAddress.json).toMatchObject({ code: 'pickup_location_invalid', data: null });
    expect((await add({ pickup_location: { ...FROM, street: ['2150 E 7th St'] } })).json.code).toBe('pickup_location_invalid');
    expect((await add({ pickup_location: FROM })).status).toBe(200);
  });

  it('allows carrier USPS only', async () => {
    expect((await add({ carrier_code: 'UPS' })).json.code).toBe('pickup_carrier_invalid');
    expect((await h.v2<Envelope>('POST', '/api/shipment/pickup/add', { package_location: ['office'], tracking_nos: usps })).json.code).toBe('pickup_carrier_invalid');
  });

  it('requires existing, unvoided USPS shipments', async () => {
    expect((await add({ tracking_nos: [] })).json.code).toBe('pickup_tracking_nos_required');
    expect((await add({ tracking_nos: ['9400000000000000000000'] })).json.code).toBe('pickup_tracking_no_not_found');
    expect((await add({ tracking_nos: [ups] })).json.code).toBe('pickup_tracking_no_not_usps');
    const res = await add({ tracking_nos: [voided] });
    expect(res.status).toBe(409);
    expect(res.json.code).toBe('pickup_tracking_no_voided');
  });
});

describe('pickup/cancel', () => {
  it('cancels a CONFIRMED pickup once; a CANCELED one cannot be cancelled again', async () => {
    const added = (await add({})).json.data;
    const res = await h.v2<Envelope>('POST', '/api/shipment/pickup/cancel', { pickup_no: added.pickup_no });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ code: 'ok', msg: 'ok', data: {} });
    const again = await h.v2<Envelope>('POST', '/api/shipment/pickup/cancel', { pickup_no: added.pickup_no });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('pickup_already_canceled');
    const listed = await h.v2<Envelope<Listed>>('GET', `/api/shipment/pickup/list?order_by=true&confirmation_number=${added.confirmation_number}`);
    expect(listed.json.data.pickup_data_list[0]?.status).toBe('CANCELED');
  });

  it('refuses unknown or missing pickup_no', async () => {
    const res = await h.v2<Envelope>('POST', '/api/shipment/pickup/cancel', { pickup_no: 'PU1' });
    expect(res.status).toBe(404);
    expect(res.json.code).toBe('pickup_not_found');
    expect((await h.v2<Envelope>('POST', '/api/shipment/pickup/cancel', {})).json.code).toBe('invalid_parameter');
  });
});

describe('pickup/list', () => {
  it('requires order_by', async () => {
    const res = await h.v2<Envelope>('GET', '/api/shipment/pickup/list');
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('pickup_order_by_required');
    expect((await h.v2<Envelope>('GET', '/api/shipment/pickup/list?order_by=maybe')).json.code).toBe('pickup_order_by_required');
  });

  it('filters by status and carrier, orders both ways and pages from 1', async () => {
    const all = (await h.v2<Envelope<Listed>>('GET', '/api/shipment/pickup/list?order_by=true')).json.data;
    expect(all.total_count).toBeGreaterThanOrEqual(5);
    const newest = (await h.v2<Envelope<Listed>>('GET', '/api/shipment/pickup/list?order_by=false')).json.data;
    expect(newest.pickup_data_list.map((p) => p.pickup_no)).toEqual([...all.pickup_data_list.map((p) => p.pickup_no)].reverse());
    const canceled = (await h.v2<Envelope<Listed>>('GET', '/api/shipment/pickup/list?order_by=true&status=CANCELED')).json.data;
    expect(canceled.pickup_data_list.every((p) => p.status === 'CANCELED')).toBe(true);
    expect(canceled.total_count).toBe(1);
    const page2 = (await h.v2<Envelope<Listed>>('GET', '/api/shipment/pickup/list?order_by=true&page=2&page_size=2')).json.data;
    expect(page2.pickup_data_list.map((p) => p.pickup_no)).toEqual(all.pickup_data_list.slice(2, 4).map((p) => p.pickup_no));
    expect(page2.total_count).toBe(all.total_count);
    expect((await h.v2<Envelope>('GET', '/api/shipment/pickup/list?order_by=true&page=0')).json.code).toBe('pickup_page_invalid');
    expect((await h.v2<Envelope>('GET', '/api/shipment/pickup/list?order_by=true&status=DONE')).json.code).toBe('pickup_status_invalid');
    expect((await h.v2<Envelope>('GET', '/api/shipment/pickup/list?order_by=true&carrier_code=UPS')).json.code).toBe('pickup_carrier_invalid');
  });

  it('pages 50 at a time by default, from page 1', async () => {
    const before = (await h.v2<Envelope<Listed>>('GET', '/api/shipment/pickup/list?order_by=true')).json.data.total_count;
    for (let i = before; i < 51; i++) expect((await add({})).status).toBe(200);
    const first = (await h.v2<Envelope<Listed>>('GET', '/api/shipment/pickup/list?order_by=true')).json.data;
    const total = first.total_count;
    expect(total).toBeGreaterThanOrEqual(51);
    expect(first.pickup_data_list).toHaveLength(50);
    const second = (await h.v2<Envelope<Listed>>('GET', '/api/shipment/pickup/list?order_by=true&page=2')).json.data;
    expect(second.pickup_data_list).toHaveLength(total - 50);
    const explicit = (await h.v2<Envelope<Listed>>('GET', '/api/shipment/pickup/list?order_by=true&page=1&page_size=50')).json.data;
    expect(explicit.pickup_data_list.map((p) => p.pickup_no)).toEqual(first.pickup_data_list.map((p) => p.pickup_no));
  });

  it('lists the package locations', async () => {
    const res = await h.v2<Envelope<string[]>>('GET', '/api/shipment/pickup/package/location/list');
    expect(res.json.data).toEqual(['front_door', 'back_door', 'side_door', 'knock_on_door_ring_bell', 'mail_room', 'office', 'reception', 'in_at_mail_box', 'other']);
  });
});
