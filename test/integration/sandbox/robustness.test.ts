import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, rateRequest, type Harness } from './harness';

// Whatever a client sends, the answer is a deliberate one in the documented shape: never a 500.
let h: Harness;
beforeAll(async () => {
  h = await harness({ tokenTtlSeconds: 86_400 });
  await h.token();
});
afterAll(() => h.close());

const V2_POSTS = [
  '/api/shipment/batch/quick_rate',
  '/api/shipment/get_rates',
  '/api/shipment/create_and_pay',
  '/api/shipment/direct_buy',
  '/api/shipment/void_label',
  '/api/shipment/pickup/add',
  '/api/shipment/pickup/cancel',
  '/api/address/validate',
  '/api/scan_form/create_scan_form',
  '/api/shipment/submit_pod',
];
const V1_POSTS = ['/api/rates/list', '/api/rates/buy-label', '/api/shipments/void', '/api/orders/create', '/api/addresses/verify', '/api/shipments/scan-forms/create'];

/** A valid rate request with one field replaced by arbitrary JSON. */
const mutatedRate = fc
  .tuple(fc.constantFrom('from_address_data', 'to_address_data', 'package_data', 'ship_date', 'shipment_rate_carrier_data', 'options', 'insured_value', 'require_saturday_delivery'), fc.jsonValue())
  .map(([key, value]) => ({ ...rateRequest(), [key]: value }));

describe('robustness', () => {
  it('answers arbitrary JSON on every v2 POST endpoint with the envelope failure shape or success', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...V2_POSTS), fc.oneof(fc.jsonValue(), mutatedRate, fc.array(mutatedRate, { maxLength: 3 })), async (path, body) => {
        const res = await h.v2<{ code: string; msg: string; data: unknown }>('POST', path, JSON.stringify(body));
        expect([200, 400, 404, 409]).toContain(res.status);
        expect(typeof res.json.msg).toBe('string');
        if (res.status === 200) expect(res.json.code).toBe('ok');
        else expect(res.json.data).toBeNull();
      }),
      { numRuns: 150 },
    );
  });

  it('answers arbitrary JSON on v1 endpoints with {message, code} or success', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...V1_POSTS), fc.jsonValue(), async (path, body) => {
        h.advance(61_000);
        const res = await h.v1<{ message?: string }>('POST', path, body);
        expect([200, 400, 404, 409]).toContain(res.status);
        if (res.status !== 200) expect(typeof res.json.message).toBe('string');
      }),
      { numRuns: 60 },
    );
  });

  it('answers arbitrary query strings on GET endpoints deliberately', async () => {
    const paths = ['/api/shipment/pickup/list', '/api/shipment/insurance/rate', '/api/shipment/tracking_by_tracking_no', '/api/shipment/direct/tracking_by_tracking_no', '/api/shipment/tracking_by_platform_uk_id'];
    const keys = ['order_by', 'page', 'page_size', 'status', 'carrier_code', 'insured_value', 'tracking_no', 'platform_uk_id', 'confirmation_number'];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), fc.dictionary(fc.constantFrom(...keys), fc.string({ maxLength: 12 })), async (path, query) => {
        const res = await h.v2<{ code: string; data: unknown }>('GET', `${path}?${new URLSearchParams(query).toString()}`);
        expect([200, 400, 404]).toContain(res.status);
      }),
      { numRuns: 100 },
    );
  });
});

describe('malformed requests', () => {
  it('answers broken paths and files deliberately', async () => {
    const label = await fetch(`${h.sandbox.baseUrl}/labels/%E0%A4%A.png`);
    expect(label.status).toBe(404);
    const missing = await fetch(`${h.sandbox.baseUrl}/labels/nope.png`);
    expect(missing.status).toBe(404);
    const form = await fetch(`${h.sandbox.legacyBaseUrl}/scan_forms/nope.pdf`);
    expect(form.status).toBe(404);
  });

  it('answers an oversized body with 413 in each interface\'s failure shape instead of resetting the connection', async () => {
    const big = JSON.stringify({ street: 'x'.repeat(6 * 1024 * 1024) });
    const v2 = await h.v2<{ code: string; data: unknown }>('POST', '/api/address/validate', big);
    expect(v2.status).toBe(413);
    expect(v2.json).toMatchObject({ code: 'request_too_large', data: null });
    const v1 = await h.v1<{ code: string; message: string }>('POST', '/api/addresses/verify', JSON.parse(big));
    expect(v1.status).toBe(413);
    expect(v1.json).toMatchObject({ code: 'request_too_large', message: expect.any(String) });
    expect((await h.v2('GET', '/api/shipment/pickup/package/location/list')).status).toBe(200);
  });
});
