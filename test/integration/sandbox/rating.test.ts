import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, PACKAGE, rateRequest, TO, type Envelope, type Harness } from './harness';

type Rate = { rate_id: string; carrier_code: string; service_level: string; price: number; delivery_days: number; is_fastest: boolean; is_cheapest: boolean; price_details: Array<{ code: string; price: number }> | null };
type QuickRate = Envelope<Array<{ request_unique_id: string; shipment_rate_data: Rate[]; error_data: Array<{ carrier_code: string; code: string }> }>>;
type GetRates = Envelope<{ shipment_rate_data: Rate[]; error_data: Array<{ carrier_code: string; code: string; msg: string }> }>;

let h: Harness;
beforeAll(async () => {
  h = await harness({ rateTtlSeconds: 120 });
});
afterAll(() => h.close());

const quick = (items: unknown) => h.v2<QuickRate>('POST', '/api/shipment/batch/quick_rate', items);
const items = (n: number, extra: Record<string, unknown> = {}) => Array.from({ length: n }, (_, i) => ({ request_unique_id: `r${i}`, ...rateRequest(extra) }));
const usps = async (extra: Record<string, unknown>) => ((await quick(items(1, extra))).json.data[0]?.shipment_rate_data[0] as Rate).price;

describe('quick_rate', () => {
  it('answers 1 to 10 requests, each under its request_unique_id', async () => {
    const one = await quick(items(1));
    expect(one.status).toBe(200);
    expect(one.json.code).toBe('ok');
    const ten = await quick(items(10));
    expect(ten.json.data.map((d) => d.request_unique_id)).toEqual(items(10).map((i) => i.request_unique_id));
  });

  it('refuses 11 requests, an empty array, a non-array and duplicate ids', async () => {
    const eleven = await quick(items(11));
    expect(eleven.status).toBe(400);
    expect(eleven.json).toMatchObject({ code: 'quick_rate_batch_too_large', data: null });
    expect((await quick([])).json.code).toBe('quick_rate_batch_empty');
    expect((await quick(rateRequest())).json.code).toBe('invalid_request');
    expect((await quick([...items(1), ...items(1)])).json.code).toBe('quick_rate_duplicate_request_id');
    expect((await h.v2('POST', '/api/shipment/batch/quick_rate', '{not json')).json).toMatchObject({ code: 'invalid_request' });
  });

  it('returns only USPS Ground Advantage without carrier data, at a deterministic price', async () => {
    const rates = (await quick(items(1))).json.data[0]?.shipment_rate_data ?? [];
    expect(rates).toHaveLength(1);
    // 24 oz bills as 2 lb; LA -> Austin is zone 6: (4.95 + 0.92) * (1 + 0.11 * 5) = 9.10
    expect(rates[0]).toMatchObject({ carrier_code: 'USPS', service_level: 'USPS_GROUND_ADVANTAGE', price: 9.1, zone: 6, is_cheapest: true, is_fastest: true });
  });

  it('returns only the named providers and levels, SWIFTX included', async () => {
    const res = await quick(items(1, { shipment_rate_carrier_data: [{ provider_id: 'SWIFTX', service_levels: ['SWIFTX_EXP'] }, { provider_id: 'UPS', service_levels: ['UPS_GROUND', 'UPS_NEXT_DAY_AIR'] }] }));
    const levels = res.json.data[0]?.shipment_rate_data.map((r) => r.service_level).sort();
    expect(levels).toEqual(['SWIFTX_EXP', 'UPS_GROUND', 'UPS_NEXT_DAY_AIR']);
  });

  it('refuses unknown carriers and levels', async () => {
    expect((await quick(items(1, { shipment_rate_carrier_data: [{ provider_id: 'ACME' }] }))).json.code).toBe('carrier_unknown');
    expect((await quick(items(1, { shipment_rate_carrier_data: [{ provider_id: 'USPS', service_levels: ['UPS_GROUND'] }] }))).json.code).toBe('service_level_unknown');
  });

  it('refuses bad addresses and packages with their own codes', async () => {
    expect((await quick(items(1, { to_address_data: { ...TO, state: 'ZZ' } }))).json.code).toBe('address_state_invalid');
    expect((await quick(items(1, { to_address_data: { ...TO, zip_code: '7870' } }))).json.code).toBe('address_zip_invalid');
    // Outside the U.S. the state and postal code are unrestricted, but an international shipment needs phones (v2-docs.md 4.1).
    expect((await quick(items(1, { to_address_data: { ...TO, country: 'CA' } }))).json.code).toBe('phone_required');
    expect((await quick(items(1, { to_address_data: { ...TO, country: 'C1' } }))).json.code).toBe('address_country_unsupported');
    expect((await quick(items(1, { package_data: { ...PACKAGE, type: 'crate' } }))).json.code).toBe('package_type_invalid');
    const missing = await quick(items(1, { package_data: { ...PACKAGE, weight: undefined } }));
    expect(missing.json).toMatchObject({ code: 'invalid_parameter', msg: expect.stringContaining('0.package_data.weight') });
    expect((await quick(items(1, { ship_date: '2020-01-01' }))).json.code).toBe('ship_date_invalid');
    expect((await quick(items(1, { ship_date: '2026-03-32' }))).json.code).toBe('ship_date_invalid');
  });

  it('prices weight, dimensions and zone deterministically', async () => {
    const base = await usps({});
    expect(await usps({})).toBe(base);
    expect(await usps({ package_data: { ...PACKAGE, weight: 5, weight_unit: 'lb' } })).toBeGreaterThan(base);
    expect(await usps({ package_data: { ...PACKAGE, length: 20, width: 15, height: 12 } })).toBeGreaterThan(base);
    expect(await usps({ to_address_data: { ...TO, city: 'Los Angeles', state: 'CA', zip_code: '90026' } })).toBeLessThan(base);
  });

  it('makes saturday delivery, additional handling and signature visible in the price', async () => {
    const base = await usps({});
    expect(await usps({ require_saturday_delivery: true })).toBeCloseTo(base + 3.5, 2);
    expect(await usps({ option_data: { additional_handing: true } })).toBeCloseTo(base + 18.5, 2);
    expect(await usps({ option_data: { signature: 'signature' } })).toBeCloseTo(base + 3.65, 2);
    expect(await usps({ option_data: { signature: 'usps_adult_signature_restricted' } })).toBeCloseTo(base + 9.35, 2);
  });
});

describe('get_rates', () => {
  it('returns every carrier of the account, sorted cheapest first, with one fastest and one cheapest', async () => {
    const res = await h.v2<GetRates>('POST', '/api/shipment/get_rates', rateRequest());
    expect(res.status).toBe(200);
    const rates = res.json.data.shipment_rate_data;
    expect(new Set(rates.map((r) => r.carrier_code))).toEqual(new Set(['USPS', 'UPS', 'FEDEX', 'DHL_EXPRESS', 'SWIFTX']));
    expect(rates.map((r) => r.price)).toEqual([...rates.map((r) => r.price)].sort((a, b) => a - b));
    expect(rates.filter((r) => r.is_cheapest)).toEqual([rates[0]]);
    const fastest = rates.filter((r) => r.is_fastest);
    expect(fastest).toHaveLength(1);
    expect(fastest[0]?.delivery_days).toBe(Math.min(...rates.map((r) => r.delivery_days)));
    expect(rates.some((r) => r.service_level === 'UPS_2ND_DAY_AIR') && rates.some((r) => r.service_level === 'FEDEX_HOME_DELIVERY')).toBe(true);
    expect(rates.some((r) => r.service_level.endsWith('_RETURN'))).toBe(false);
    // 24 oz, residential, a box: Ground Saver 1 lb+, Home Delivery; not the under-1-lb tier, FedEx Ground or First-Class Mail.
    const levels = rates.map((r) => r.service_level);
    expect(levels).toEqual(expect.arrayContaining(['UPS_SUREPOST_1_LB_OR_GREATER', 'FEDEX_HOME_DELIVERY', 'USPS_LIBRARY_MAIL']));
    for (const absent of ['UPS_SUREPOST_LESS_THAN_1_LB', 'FEDEX_GROUND', 'USPS_FIRST_CLASS_MAIL']) expect(levels).not.toContain(absent);
  });

  it('fills price_details for USPS rates only, summing to the price', async () => {
    const rates = (await h.v2<GetRates>('POST', '/api/shipment/get_rates', rateRequest({ option_data: { additional_handing: true } }))).json.data.shipment_rate_data;
    for (const rate of rates) {
      if (rate.carrier_code === 'USPS') {
        expect(rate.price_details?.map((d) => d.code)).toContain('additional_handling');
        expect(rate.price_details?.reduce((sum, d) => sum + d.price, 0)).toBeCloseTo(rate.price, 2);
      } else {
        expect(rate.price_details).toBeNull();
      }
    }
  });

  it('lists carriers that cannot serve the address as errors next to the rates', async () => {
    const poBox = { ...TO, street: 'PO Box 4417', street2: undefined, city: 'Juneau', state: 'AK', zip_code: '99803' };
    const res = await h.v2<GetRates>('POST', '/api/shipment/get_rates', rateRequest({ to_address_data: poBox }));
    expect(res.status).toBe(200);
    expect(new Set(res.json.data.shipment_rate_data.map((r) => r.carrier_code))).toEqual(new Set(['USPS']));
    expect(res.json.data.error_data.map((e) => e.carrier_code).sort()).toEqual(['DHL_EXPRESS', 'FEDEX', 'SWIFTX', 'UPS']);
    expect(res.json.data.error_data.every((e) => e.code === 'carrier_cannot_serve_address')).toBe(true);
  });

  it('filters by shipment_rate_carrier_data and offers USPS Returns levels for return labels', async () => {
    const filtered = await h.v2<GetRates>('POST', '/api/shipment/get_rates', rateRequest({ shipment_rate_carrier_data: [{ provider_id: 'FEDEX' }] }));
    expect(new Set(filtered.json.data.shipment_rate_data.map((r) => r.carrier_code))).toEqual(new Set(['FEDEX']));
    const returns = await h.v2<GetRates>('POST', '/api/shipment/get_rates', rateRequest({ is_return_label: true, shipment_rate_carrier_data: [{ provider_id: 'USPS' }] }));
    expect(returns.json.data.shipment_rate_data.map((r) => r.service_level).sort()).toEqual([
      'USPS_GROUND_ADVANTAGE_RETURN',
      'USPS_PRIORITY_MAIL_EXPRESS_RETURN',
      'USPS_PRIORITY_MAIL_RETURN',
    ]);
  });

  it('prices a predefined carrier package (carrier_package_code), which other carriers refuse', async () => {
    const res = await h.v2<GetRates>('POST', '/api/shipment/get_rates', rateRequest({ package_data: { ...PACKAGE, carrier_package_code: 'USPS_FLAT_RATE_ENVELOPE' } }));
    const priority = res.json.data.shipment_rate_data.find((r) => r.service_level === 'USPS_PRIORITY_MAIL');
    expect(priority?.price).toBe(9.85);
    expect(new Set(res.json.data.shipment_rate_data.map((r) => r.carrier_code))).toEqual(new Set(['USPS']));
    expect(res.json.data.error_data.filter((e) => e.code === 'package_type_invalid').map((e) => e.carrier_code).sort()).toEqual(['DHL_EXPRESS', 'FEDEX', 'SWIFTX', 'UPS']);
  });

  it('quotes only USPS Ground Advantage for lithium batteries and hazardous materials, and the label carries it', async () => {
    for (const option_data of [{ is_lithium_battery: true }, { hazardous_materials: true }]) {
      const res = await h.v2<GetRates>('POST', '/api/shipment/get_rates', rateRequest({ option_data }));
      expect(res.json.data.shipment_rate_data.map((r) => r.service_level)).toEqual(['USPS_GROUND_ADVANTAGE']);
    }
    const quick = await h.v2<QuickRate>('POST', '/api/shipment/batch/quick_rate', items(1, { option_data: { is_lithium_battery: true }, shipment_rate_carrier_data: [{ provider_id: 'UPS' }] }));
    expect(quick.json.data[0]?.shipment_rate_data).toEqual([]);
    const rate = (await h.v2<GetRates>('POST', '/api/shipment/get_rates', rateRequest({ option_data: { is_lithium_battery: true } }))).json.data.shipment_rate_data[0] as Rate;
    const bought = await h.v2<Envelope<{ hazardous_materials: boolean }>>('POST', '/api/shipment/create_and_pay', { rate_id: rate.rate_id, platform_uk_id: 'lithium-rate-1' });
    expect(bought.json.data.hazardous_materials).toBe(true);
  });

  it('refuses restricted signatures for other carriers as per-level errors', async () => {
    const res = await h.v2<GetRates>('POST', '/api/shipment/get_rates', rateRequest({ option_data: { signature: 'usps_signature_restricted' } }));
    expect(new Set(res.json.data.shipment_rate_data.map((r) => r.carrier_code))).toEqual(new Set(['USPS']));
    expect(res.json.data.error_data.some((e) => e.code === 'signature_not_supported')).toBe(true);
  });
});

describe('rate expiry', () => {
  it('refuses a rate_id older than the configured age at purchase', async () => {
    const rate = (await quick(items(1))).json.data[0]?.shipment_rate_data[0] as Rate;
    h.advance(121_000);
    const res = await h.v2('POST', '/api/shipment/create_and_pay', { rate_id: rate.rate_id, platform_uk_id: 'expired-1' });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ code: 'rate_expired', data: null });
    const unknown = await h.v2('POST', '/api/shipment/create_and_pay', { rate_id: 'rate_nope', platform_uk_id: 'expired-2' });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ code: 'rate_not_found' });
  });
});
