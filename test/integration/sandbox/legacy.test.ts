import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness';

type V1Rate = { shipment_id: string; rate_id: string; carrier: string; service: string; service_type: string; delivery_days: string; rate: number; published_rate: number; zone: number };
type Purchase = { tracking_code: string; carrier: string; service: string; rate: number; service_fee: number; label_url: string[]; store_name: string; order_number: string; weight: number; delivery_days: string; label_status: string };
type Order = { order_number: string; store_name: string; status: string; client_street: string; client_state: string; client_zip: string; has_label: boolean };

let h: Harness;
beforeAll(async () => {
  h = await harness({ tokenTtlSeconds: 86_400 });
});
afterAll(() => h.close());

const from = { name: 'Ship Desk', company: 'Harbor Goods Co', street: '2150 E 7th St', city: 'Los Angeles', state: 'CA', zip: '90021', country: 'US' };
const to = { name: 'Daniel Kim', street: '315 West 36th Street', street2: 'Floor 7', city: 'New York', state: 'NY', zip: '10018', country: 'US', residential: true };
const shipmentRequest = (order: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  from,
  to,
  shipments: [{ length: 12, width: 9, height: 5, weight: 2.1 }],
  order: { warehouse_name: 'Main Warehouse', ...order },
  ...extra,
});
const balance = async () => Number((await h.v1<{ balance: string }>('GET', '/api/balance')).json.balance);

describe('v1 rates', () => {
  it('lists rates as a bare array shaped after the OpenAPI (delivery_days as a string)', async () => {
    const res = await h.v1<V1Rate[]>('POST', '/api/rates/list', shipmentRequest());
    expect(res.status).toBe(200);
    expect(Array.isArray(res.json)).toBe(true);
    expect(new Set(res.json.map((r) => r.carrier))).toEqual(new Set(['USPS', 'UPS', 'FEDEX', 'DHL_EXPRESS', 'SWIFTX']));
    const ga = res.json.find((r) => r.service_type === 'usps_ground_advantage');
    expect(ga).toMatchObject({ service: 'USPS_GROUND_ADVANTAGE', delivery_days: expect.stringMatching(/^\d+$/), shipment_id: expect.stringMatching(/^ship_/) });
    expect((ga as V1Rate).published_rate).toBeGreaterThan((ga as V1Rate).rate);
  });

  it('requires order.warehouse_name and known service types and carrier tokens', async () => {
    const noWarehouse = await h.v1<{ code: string; message: string }>('POST', '/api/rates/list', { ...shipmentRequest(), order: {} });
    expect(noWarehouse.status).toBe(400);
    expect(noWarehouse.json.code).toBe('warehouse_name_required');
    expect((await h.v1<{ code: string }>('POST', '/api/rates/list', shipmentRequest({ service_type: 'usps_teleport' }))).json.code).toBe('service_type_unknown');
    expect((await h.v1<{ code: string }>('POST', '/api/rates/list', shipmentRequest({}, { carrier: { carrier_token: 'ca_nope' } }))).json.code).toBe('carrier_account_not_found');
    const accounts = (await h.v1<Array<{ token: string; carrier: string }>>('GET', '/api/carrier-account/list')).json;
    const upsToken = accounts.find((a) => a.carrier === 'UPS')?.token;
    const onlyUps = await h.v1<V1Rate[]>('POST', '/api/rates/list', shipmentRequest({}, { carrier: { carrier_token: upsToken } }));
    expect(new Set(onlyUps.json.map((r) => r.carrier))).toEqual(new Set(['UPS']));
    expect((await h.v1<{ code: string }>('POST', '/api/rates/list', shipmentRequest({ order_number: 'NOPE-1', store_name: 'Demo Store' }))).json.code).toBe('order_not_found');
  });

  it('buys a rate once (GET /api/rates/buy), debiting rate plus service fee', async () => {
    const rates = (await h.v1<V1Rate[]>('POST', '/api/rates/list', shipmentRequest({ store_name: 'Demo Store', order_number: 'DEMO-1006', status: 'shipped' }))).json;
    const rate = rates.find((r) => r.service_type === 'usps_priority_mail') as V1Rate;
    const before = await balance();
    const res = await h.v1<Purchase>('GET', `/api/rates/buy?rate_id=${rate.rate_id}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ carrier: 'USPS', service: 'USPS_PRIORITY_MAIL', rate: rate.rate, service_fee: 0.05, store_name: 'Demo Store', order_number: 'DEMO-1006', weight: 2.1, label_status: 'completed' });
    expect(res.json.tracking_code).toMatch(/^92\d{20}$/);
    expect((await fetch(res.json.label_url[0] as string)).headers.get('content-type')).toBe('image/png');
    expect(await balance()).toBeCloseTo(before - rate.rate - 0.05, 2);
    const again = await h.v1<{ code: string }>('GET', `/api/rates/buy?rate_id=${rate.rate_id}`);
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('rate_already_purchased');
    expect((await h.v1<{ code: string }>('GET', '/api/rates/buy?rate_id=rate_x')).json.code).toBe('rate_not_found');
    const labels = await h.v1<Array<{ tracking_code: string; service_level: string; label_urls: string[] }>>('GET', '/api/shipments/get?store_name=Demo%20Store&order_number=DEMO-1006');
    expect(labels.json).toEqual([expect.objectContaining({ tracking_code: res.json.tracking_code, service_level: 'usps_priority_mail' })]);
    const order = (await h.v1<{ orders: Order[] }>('GET', '/api/sandbox-training/orders/list?store_name=Demo%20Store')).json.orders.find((o) => o.order_number === 'DEMO-1006');
    expect(order).toMatchObject({ status: 'shipped', has_label: true });
  });

  it('buys directly with buy-label when order.service_type is given', async () => {
    const res = await h.v1<Purchase>('POST', '/api/rates/buy-label', shipmentRequest({ service_type: 'ups_ground' }));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ carrier: 'UPS', service: 'UPS_GROUND' });
    const missing = await h.v1<{ code: string }>('POST', '/api/rates/buy-label', shipmentRequest());
    expect(missing.status).toBe(400);
    expect(missing.json.code).toBe('service_type_required');
  });
});

describe('v1 void', () => {
  it('voids by tracking_code and refunds; twice is a conflict', async () => {
    const bought = (await h.v1<Purchase>('POST', '/api/rates/buy-label', shipmentRequest({ service_type: 'usps_ground_advantage' }))).json;
    const before = await balance();
    const res = await h.v1<{ tracking_code: string }>('POST', '/api/shipments/void', { tracking_code: bought.tracking_code });
    expect(res.json).toEqual({ tracking_code: bought.tracking_code });
    expect(await balance()).toBeCloseTo(before + bought.rate + 0.05, 2);
    const twice = await h.v1<{ code: string }>('POST', '/api/shipments/void', { tracking_code: bought.tracking_code });
    expect(twice.status).toBe(409);
    expect(twice.json.code).toBe('shipment_already_voided');
    expect((await h.v1<{ code: string }>('POST', '/api/shipments/void', { tracking_code: 'nope' })).json.code).toBe('shipment_not_found');
  });
});

describe('v1 orders', () => {
  it('seeds DEMO-1001..DEMO-1020 as the order inbox (the training extension /api/sandbox-training/orders/list)', async () => {
    const res = await h.v1<{ orders: Order[]; total_count: number }>('GET', '/api/sandbox-training/orders/list?page_size=100');
    const demo = res.json.orders.filter((o) => o.order_number.startsWith('DEMO-')).map((o) => o.order_number);
    expect(demo).toEqual(Array.from({ length: 20 }, (_, i) => `DEMO-${1001 + i}`));
    const poBox = res.json.orders.find((o) => /box/i.test(o.client_street));
    expect(poBox).toBeDefined();
    const verify = async (o: Order) =>
      (await h.v1<{ errored: boolean }>('POST', '/api/addresses/verify', { street: o.client_street, city: 'x', state: o.client_state, zip: o.client_zip, country: 'US' })).json.errored;
    const failing: string[] = [];
    for (const order of res.json.orders.filter((o) => o.order_number.startsWith('DEMO-'))) if (await verify(order)) failing.push(order.order_number);
    expect(failing).toEqual(['DEMO-1013']);
  });

  it('creates orders keyed by store and number, refusing duplicates and unverifiable addresses', async () => {
    const order = {
      store_name: 'Web Shop',
      order_number: 'WS-1',
      warehouse_name: 'Main Warehouse',
      verify_address: true,
      client_name: 'Ann Lee',
      client_street: '1 Main St',
      client_city: 'Austin',
      client_state: 'TX',
      client_zip: '78701',
      client_country: 'US',
      shipments: [{ weight: 1, items: [{ sku: 'A', quantity: 1, price: 5 }] }],
    };
    expect((await h.v1<{ order_number: string }>('POST', '/api/orders/create', order)).json).toEqual({ order_number: 'WS-1' });
    expect((await h.v1<{ order_number: string }>('POST', '/api/orders/create', { ...order, store_name: 'Other Shop' })).status).toBe(200);
    const dup = await h.v1<{ code: string }>('POST', '/api/orders/create', order);
    expect(dup.status).toBe(409);
    expect(dup.json.code).toBe('order_exists');
    const generated = await h.v1<{ order_number: string }>('POST', '/api/orders/create', { ...order, order_number: undefined });
    expect(generated.json.order_number).toMatch(/^SO\d+$/);
    const bad = await h.v1<{ code: string }>('POST', '/api/orders/create', { ...order, order_number: 'WS-2', client_zip: '10001' });
    expect(bad.json.code).toBe('order_address_invalid');
    expect((await h.v1<{ code: string }>('POST', '/api/orders/create', { ...order, order_number: 'WS-3', client_name: undefined })).json.code).toBe('invalid_parameter');
  });

  it('shows labels only for orders with a purchased label', async () => {
    const res = await h.v1<{ code: string }>('GET', '/api/shipments/get?store_name=Demo%20Store&order_number=DEMO-1001');
    expect(res.status).toBe(404);
    expect(res.json.code).toBe('order_has_no_label');
    expect((await h.v1<{ code: string }>('GET', '/api/shipments/get?store_name=Demo%20Store&order_number=NOPE')).json.code).toBe('order_not_found');
  });

  it('deletes irreversibly', async () => {
    const del = await h.v1<unknown[]>('DELETE', '/api/orders/delete', { store_name: 'Demo Store', order_number: 'DEMO-1020' });
    expect(del.status).toBe(200);
    expect(del.json).toEqual([]);
    const again = await h.v1<{ message: string; code: string }>('DELETE', '/api/orders/delete', { store_name: 'Demo Store', order_number: 'DEMO-1020' });
    expect(again.status).toBe(404);
    expect(again.json).toEqual({ message: 'Invalid order number or store name.', code: 'order_not_found' });
    const listed = (await h.v1<{ orders: Order[] }>('GET', '/api/sandbox-training/orders/list?page_size=100')).json.orders.map((o) => o.order_number);
    expect(listed).not.toContain('DEMO-1020');
  });
});

describe('v1 address verification', () => {
  it('standardises and lists corrections; errors for bad addresses', async () => {
    const ok = await h.v1<{ street: string; zip: string; errored: boolean; corrected: boolean; corrections: Array<{ code: string }> }>('POST', '/api/addresses/verify', {
      street: '315 West 36th Street',
      city: 'New York',
      state: 'NY',
      zip: '10018',
      country: 'US',
    });
    expect(ok.json).toMatchObject({ street: '315 W 36TH ST', errored: false, corrected: true });
    expect(ok.json.zip).toMatch(/^10018-\d{4}$/);
    const bad = await h.v1<{ errored: boolean; errors: Array<{ code: string }> }>('POST', '/api/addresses/verify', { street: '1 Main St', city: 'Austin', state: 'TX', zip: '10018', country: 'US' });
    expect(bad.json.errored).toBe(true);
    expect(bad.json.errors[0]?.code).toBe('ADDRESS.ZIP.STATE_MISMATCH');
  });
});

describe('v1 SCAN forms', () => {
  it('creates a USPS SCAN form for USPS tracking codes only', async () => {
    const usps = (await h.v1<Purchase>('POST', '/api/rates/buy-label', shipmentRequest({ service_type: 'usps_ground_advantage' }))).json;
    const ups = (await h.v1<Purchase>('POST', '/api/rates/buy-label', shipmentRequest({ service_type: 'ups_ground' }))).json;
    expect((await h.v1<{ code: string }>('POST', '/api/shipments/scan-forms/create', { tracking_codes: [ups.tracking_code] })).json.code).toBe('scan_form_not_usps');
    const res = await h.v1<{ url: string }>('POST', '/api/shipments/scan-forms/create', { tracking_codes: [usps.tracking_code] });
    expect(res.status).toBe(200);
    expect((await fetch(res.json.url)).headers.get('content-type')).toBe('application/pdf');
    expect((await h.v1<{ code: string }>('POST', '/api/shipments/void', { tracking_code: usps.tracking_code })).json.code).toBe('shipment_on_scan_form');
  });

  it('creates e-commerce SCAN forms asynchronously: a request id, then the PDF URL once ready', async () => {
    const created = await h.v1<{ request: number }>('POST', '/api/shipments/scan-forms/dhl/ecommerce/create', { tracking_codes: ['40EB09B82E1146DE9166C499A0B4EA'] });
    expect(created.json.request).toEqual(expect.any(Number));
    const pending = await h.v1<{ status: string; url: string | null }>('GET', `/api/shipments/scan-forms/dhl/ecommerce/get?request_id=${created.json.request}`);
    expect(pending.json).toEqual({ status: 'processing', url: null });
    h.advance(5_000);
    const ready = await h.v1<{ status: string; url: string }>('GET', `/api/shipments/scan-forms/dhl/ecommerce/get?request_id=${created.json.request}`);
    expect(ready.json.status).toBe('completed');
    expect((await fetch(ready.json.url)).headers.get('content-type')).toBe('application/pdf');
    expect((await h.v1<{ code: string }>('GET', '/api/shipments/scan-forms/dhl/ecommerce/get?request_id=999999')).json.code).toBe('scan_form_not_found');
    expect((await h.v1<{ code: string }>('POST', '/api/shipments/scan-forms/acme/ecommerce/create', { tracking_codes: ['x'] })).json.code).toBe('scan_form_carrier_unsupported');
  });
});

describe('v1 account', () => {
  it('lists one carrier account per carrier type', async () => {
    const res = await h.v1<Array<{ name: string; token: string; carrier: string }>>('GET', '/api/carrier-account/list');
    expect(res.json.map((a) => a.carrier)).toEqual(['USPS', 'UPS', 'FEDEX', 'DHL_EXPRESS', 'SWIFTX']);
    expect(res.json.every((a) => /^ca_/.test(a.token))).toBe(true);
  });

  it('enforces the per-endpoint limits per api_token with 429 and Retry-After', async () => {
    h.advance(61_000);
    for (let i = 0; i < 60; i++) expect((await h.v1('GET', '/api/balance')).status).toBe(200);
    const limited = await h.v1<{ code: string }>('GET', '/api/balance');
    expect(limited.status).toBe(429);
    expect(limited.json.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await h.v1('GET', '/api/carrier-account/list')).status).toBe(200);
    h.advance(61_000);
    expect((await h.v1('GET', '/api/balance')).status).toBe(200);
  });

  it('allows 120 shipments/get per minute', async () => {
    h.advance(61_000);
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++) statuses.push((await h.v1('GET', '/api/shipments/get?store_name=Demo%20Store&order_number=DEMO-1001')).status);
    expect(statuses.slice(0, 120).every((s) => s === 404)).toBe(true);
    expect(statuses[120]).toBe(429);
  });
});

describe('v1 sandbox extensions', () => {
  it('lists the seeded ship-from warehouse', async () => {
    h.advance(61_000);
    const res = await h.v1<Array<{ name: string; street: string; state: string; zip: string; is_default: boolean }>>('GET', '/api/warehouses/list');
    expect(res.json).toEqual([expect.objectContaining({ name: 'Main Warehouse', street: '2150 E 7th St', state: 'CA', zip: '90021', is_default: true })]);
  });
});
