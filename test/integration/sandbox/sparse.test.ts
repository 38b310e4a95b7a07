import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, FROM, TO, PACKAGE, rateRequest, type Envelope, type Harness } from './harness';

// The sparse-answers fault mode: documented shapes, optional fields left out,
// numbers as strings, delivery days as ranges, unknown extra fields.

let h: Harness;
beforeAll(async () => {
  h = await harness({ sparseAnswers: true });
});
afterAll(() => h.close());

const EXTRAS = { trace_ref: 'sbx-sparse', vendor_extension: { kind: 'undocumented', level: 2 } };
type Loose = Record<string, unknown>;

describe('sparse answers', () => {
  it('token: no envelope, expires_in as a string, no scope', async () => {
    const res = await fetch(`${h.sandbox.baseUrl}/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${h.sandbox.credentials.appKey}:${h.sandbox.credentials.appSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    const body = (await res.json()) as Loose;
    expect(body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: '1800', ...EXTRAS });
  });

  it('rates: only rate_id, carrier, level, price as text and days as a range; no msg in the envelope', async () => {
    const res = await h.v2<Envelope<{ shipment_rate_data: Loose[] }> & Loose>('POST', '/api/shipment/get_rates', rateRequest());
    expect(res.status).toBe(200);
    expect(res.json).not.toHaveProperty('msg');
    expect(res.json).toMatchObject({ code: 'ok', ...EXTRAS });
    expect(Object.keys(res.json.data).sort()).toEqual(['shipment_rate_data', 'trace_ref', 'vendor_extension']);
    const rates = res.json.data.shipment_rate_data;
    expect(rates.length).toBeGreaterThan(1);
    for (const rate of rates) {
      expect(Object.keys(rate).sort()).toEqual(['carrier_code', 'delivery_days', 'price', 'rate_id', 'service_level', 'trace_ref', 'vendor_extension']);
      expect(rate.price).toMatch(/^\d+(\.\d+)?$/);
      expect(rate.delivery_days).toMatch(/^\d+(-\d+)?$/);
    }
    expect(rates.some((r) => /^\d+-\d+$/.test(r.delivery_days as string))).toBe(true);
  });

  it('purchase: a tracking number, label URLs and duplicate_label only; insurance rate and fee as text', async () => {
    const insurance = await h.v2<Envelope<Loose>>('GET', '/api/shipment/insurance/rate?declared_value=120');
    expect(Object.keys(insurance.json.data).sort()).toEqual(['insurance_fee', 'rate_id', 'trace_ref', 'vendor_extension']);
    expect(insurance.json.data.insurance_fee).toMatch(/^\d+(\.\d+)?$/);
    const rates = await h.v2<Envelope<{ shipment_rate_data: Array<{ rate_id: string }> }>>('POST', '/api/shipment/get_rates', rateRequest());
    const bought = await h.v2<Envelope<Loose>>('POST', '/api/shipment/create_and_pay', {
      rate_id: rates.json.data.shipment_rate_data[0]?.rate_id,
      platform_uk_id: 'sparse-1',
      label_print_type: 'common',
      insurance_data: { rate_id: insurance.json.data.rate_id },
    });
    expect(Object.keys(bought.json.data).sort()).toEqual(['duplicate_label', 'label_urls', 'trace_ref', 'tracking_no', 'vendor_extension']);
    const tracking = await h.v2<Envelope<Loose & { tracking_events: Loose[] }>>('GET', `/api/shipment/tracking_by_tracking_no?tracking_no=${bought.json.data.tracking_no as string}&carrier_code=USPS`);
    expect(Object.keys(tracking.json.data).sort()).toEqual(['status', 'trace_ref', 'tracking_events', 'vendor_extension']);
    expect(Object.keys(tracking.json.data.tracking_events[0] ?? {}).sort()).toEqual(['description', 'event_time', 'status', 'trace_ref', 'vendor_extension']);
  });

  it('address validation: errors null when empty, corrections and residential left out', async () => {
    const res = await h.v2<Envelope<Loose>>('POST', '/api/address/validate', { street: '1 main street', city: 'Austin', state: 'TX', zip_code: '78701', country: 'US' });
    expect(res.json.data).toEqual({ street: expect.any(String), city: 'AUSTIN', state: 'TX', zip: expect.any(String), errored: false, corrected: expect.any(Boolean), standardized: true, errors: null, ...EXTRAS });
  });

  it('pickups: pickup_no as a bare number, as the documented example writes it', async () => {
    const bought = await h.v2<Envelope<{ tracking_no: string }>>('POST', '/api/shipment/direct_buy', { platform_uk_id: 'sparse-2', carrier_code: 'USPS', service_level: 'USPS_PRIORITY_MAIL', from_address_data: FROM, to_address_data: TO, package_data: PACKAGE });
    const pickup = await h.v2<Envelope<Loose>>('POST', '/api/shipment/pickup/add', { package_location: ['front_door'], carrier_code: 'USPS', tracking_nos: [bought.json.data.tracking_no] });
    expect(pickup.json.data).toEqual({ pickup_no: expect.any(Number), ...EXTRAS });
    const cancel = await h.v2<Envelope<Loose>>('POST', '/api/shipment/pickup/cancel', { pickup_no: String(pickup.json.data.pickup_no) });
    expect(cancel.json).toEqual({ code: 'ok', data: EXTRAS, ...EXTRAS });
  });

  it('legacy v1: rates as the OpenAPI\'s {rates: [...]}, numbers as strings, a purchase with only what the station reads', async () => {
    const shipment = {
      from: { name: 'Desk', street: '2150 E 7th St', city: 'Los Angeles', state: 'CA', zip: '90021', country: 'US' },
      to: { name: 'Ann Lee', street: '1457 Sunset Blvd', city: 'Los Angeles', state: 'CA', zip: '90026', country: 'US' },
      shipments: [{ length: 10, width: 8, height: 4, weight: 1.5 }],
      order: { warehouse_name: 'Main Warehouse' },
    };
    const rates = await h.v1<{ rates: Loose[] } & Loose>('POST', '/api/rates/list', shipment);
    expect(rates.json).toMatchObject({ rates: expect.any(Array), ...EXTRAS });
    const rate = rates.json.rates[0] as Loose;
    expect(Object.keys(rate).sort()).toEqual(['carrier', 'delivery_days', 'rate', 'rate_id', 'service', 'service_type', 'shipment_id', 'trace_ref', 'vendor_extension']);
    expect(rate.rate).toMatch(/^\d+(\.\d+)?$/);
    const bought = await h.v1<Loose>('GET', `/api/rates/buy?rate_id=${rate.rate_id as string}`);
    expect(Object.keys(bought.json).sort()).toEqual(['carrier', 'insurance_fee', 'label_url', 'rate', 'service', 'service_fee', 'trace_ref', 'tracking_code', 'vendor_extension']);
    expect(bought.json.service_fee).toBe('0.05');
  });

  it('legacy v1 refuses with {message} only, as the OpenAPI shows it', async () => {
    const res = await h.v1<Loose>('POST', '/api/shipments/void', { tracking_code: '9400000000000000000000' });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ message: expect.any(String) });
  });

  it('is a fault that can be switched off again', async () => {
    h.sandbox.faults.set({ sparseAnswers: false });
    const res = await h.v2<Envelope<Loose>>('GET', '/api/shipment/insurance/rate?declared_value=50');
    expect(res.json).toMatchObject({ code: 'ok', msg: 'ok', data: { rate_id: expect.any(String), insurance_fee: expect.any(Number), currency: 'USD' } });
    const v1 = await h.v1<Loose>('POST', '/api/shipments/void', { tracking_code: '9400000000000000000000' });
    expect(v1.json).toEqual({ message: expect.any(String), code: 'shipment_not_found' });
    h.sandbox.faults.set({ sparseAnswers: true });
  });
});
