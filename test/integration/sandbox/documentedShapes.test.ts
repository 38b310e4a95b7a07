import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { harness, FROM, PACKAGE, TO, type Envelope, type Harness } from './harness';
import { addressValidateExample, createAndPayExample, pickupAddExample, quickRateItemExample } from '../../support/v2DocExamples';

// Over HTTP on loopback: the docs' example bodies are accepted, the station's
// old shapes (top-level options, package `type` for a box) are accepted and
// logged as undocumented without being priced, and the undocumented log is
// readable by a test (RunningSandbox.undocumented) and by anyone holding the
// sandbox's URL (GET /sandbox/undocumented).

let h: Harness;
beforeEach(async () => {
  h = await harness();
});
afterEach(() => h.close());

type Rate = { rate_id: string; service_level: string; price: number; price_details: Array<{ code: string }> | null };
type QuickRate = Array<{ request_unique_id: string; shipment_rate_data: Rate[] }>;
type GetRates = { shipment_rate_data: Rate[] };

/** The docs mask ZIP codes (917XX) and date their example in 2025; a real ZIP and the harness day make it rateable. */
const rateable = (body: Record<string, unknown>): Record<string, unknown> => {
  const address = { ...(body.from_address_data as Record<string, unknown>), zip_code: '91706' };
  return { ...body, from_address_data: address, to_address_data: address, ship_date: '2026-03-10T00:00:00-08:00' };
};

const groundAdvantage = (rates: Rate[]) => rates.find((r) => r.service_level === 'USPS_GROUND_ADVANTAGE');

describe('the docs\' example bodies over HTTP', () => {
  it('quick_rate: the 1.0.5 item is rated, USPS_B filters to USPS Ground Advantage, only the placeholder signature is logged', async () => {
    const res = await h.v2<Envelope<QuickRate>>('POST', '/api/shipment/batch/quick_rate', [rateable(quickRateItemExample())]);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data[0]?.request_unique_id).toBe('unique_uuid_001');
    expect(res.json.data[0]?.shipment_rate_data.map((r) => r.service_level)).toEqual(['USPS_GROUND_ADVANTAGE']);
    expect(h.sandbox.undocumented()).toEqual([expect.objectContaining({ field: 'option_data.signature', kind: 'value', example: '<value>' })]);
  });

  it('get_rates, create_and_pay (with insurance), pickup/add and address/validate are accepted with no undocumented key', async () => {
    const { request_unique_id: _id, ...rateBody } = rateable(quickRateItemExample());
    const rates = await h.v2<Envelope<GetRates>>('POST', '/api/shipment/get_rates', rateBody);
    expect(rates.status, JSON.stringify(rates.json)).toBe(200);
    const rate = groundAdvantage(rates.json.data.shipment_rate_data);
    const insurance = await h.v2<Envelope<{ rate_id: string }>>('GET', '/api/shipment/insurance/rate?declared_value=120&service_level=USPS_GROUND_ADVANTAGE');
    expect(insurance.status, JSON.stringify(insurance.json)).toBe(200);
    const pay = { ...createAndPayExample(), rate_id: rate?.rate_id, insurance_data: { rate_id: insurance.json.data.rate_id } };
    const bought = await h.v2<Envelope<{ tracking_no: string; insurance_fee: number }>>('POST', '/api/shipment/create_and_pay', pay);
    expect(bought.status, JSON.stringify(bought.json)).toBe(200);
    expect(bought.json.data.insurance_fee).toBeGreaterThan(0);
    const pickup = { ...pickupAddExample(), pickup_date: '2026-03-11', pickup_location: { ...(pickupAddExample().pickup_location as object), zip_code: '02111' }, tracking_nos: [bought.json.data.tracking_no] };
    expect((await h.v2<Envelope>('POST', '/api/shipment/pickup/add', pickup)).status).toBe(200);
    expect((await h.v2<Envelope>('POST', '/api/address/validate', addressValidateExample())).json.code).toBe('ok');
    const fields = h.sandbox.undocumented().map((use) => `${use.endpoint} ${use.field}`);
    // The insurance page is missing from the docs: its query names come from a sister API's public client.
    expect(fields.sort()).toEqual([
      'GET /api/shipment/insurance/rate declared_value',
      'GET /api/shipment/insurance/rate service_level',
      'POST /api/shipment/get_rates option_data.signature',
    ]);
  });

  it('prices the signature from option_data.signature and a box from package_data.carrier_package_code', async () => {
    const rate = async (extra: Record<string, unknown>) => {
      const res = await h.v2<Envelope<GetRates>>('POST', '/api/shipment/get_rates', { from_address_data: FROM, to_address_data: TO, package_data: PACKAGE, ship_date: '2026-03-10', ...extra });
      return res.json.data.shipment_rate_data;
    };
    const plain = groundAdvantage(await rate({}))?.price ?? 0;
    expect(groundAdvantage(await rate({ option_data: { signature: 'signature' } }))?.price).toBeCloseTo(plain + 3.65, 2);
    const box = await rate({ package_data: { ...PACKAGE, carrier_package_code: 'USPS_SMALL_FLAT_RATE_BOX' } });
    expect(box.find((r) => r.service_level === 'USPS_PRIORITY_MAIL')?.price).toBe(10.45);
    expect(h.sandbox.undocumented()).toEqual([]);
  });
});

describe('the station\'s old shapes over HTTP', () => {
  it('top-level options and additional_handling, and `type` for a box: accepted, logged, not priced', async () => {
    const documented = { from_address_data: FROM, to_address_data: TO, package_data: PACKAGE, ship_date: '2026-03-10' };
    const plain = groundAdvantage((await h.v2<Envelope<GetRates>>('POST', '/api/shipment/get_rates', documented)).json.data.shipment_rate_data);
    const old = {
      ...documented,
      options: { signature: 'adult_signature' },
      additional_handling: true,
      package_data: { ...PACKAGE, type: 'usps_small_flat_rate_box' },
    };
    const res = await h.v2<Envelope<GetRates>>('POST', '/api/shipment/get_rates', old);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const rated = groundAdvantage(res.json.data.shipment_rate_data);
    expect(rated?.price).toBe(plain?.price);
    expect(rated?.price_details?.map((d) => d.code)).toEqual(['base_rate']);
    // The flat-rate box was not applied: Priority Mail is priced by the dimensions given.
    expect(res.json.data.shipment_rate_data.find((r) => r.service_level === 'USPS_PRIORITY_MAIL')?.price).not.toBe(10.45);
    expect(h.sandbox.undocumented()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ endpoint: 'POST /api/shipment/get_rates', field: 'options', kind: 'key' }),
        expect.objectContaining({ endpoint: 'POST /api/shipment/get_rates', field: 'additional_handling', kind: 'key' }),
        expect.objectContaining({ endpoint: 'POST /api/shipment/get_rates', field: 'package_data.type', kind: 'value', example: 'usps_small_flat_rate_box' }),
      ]),
    );
    const served = (await (await fetch(`${h.sandbox.baseUrl}/sandbox/undocumented`)).json()) as Array<{ field: string; count: number }>;
    expect(served.find((use) => use.field === 'options')?.count).toBe(1);
  });

  it('direct_buy without label_print_type (the docs do not require it there) is sold', async () => {
    const res = await h.v2<Envelope<{ tracking_no: string }>>('POST', '/api/shipment/direct_buy', {
      platform_uk_id: 'no-print-type',
      carrier_code: 'USPS',
      service_level: 'USPS_GROUND_ADVANTAGE',
      from_address_data: FROM,
      to_address_data: TO,
      package_data: PACKAGE,
      label_print_type: null,
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.tracking_no).toMatch(/^9/);
    // The fields the docs name for direct_buy's cut-off tail (addresses, package, options) are not logged.
    expect(h.sandbox.undocumented()).toEqual([]);
  });

  it('an empty state on a U.S. address is refused: v2 requires it', async () => {
    const res = await h.v2<{ code: string; msg: string }>('POST', '/api/shipment/get_rates', { from_address_data: FROM, to_address_data: { ...TO, state: '' }, package_data: PACKAGE });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'address_state_invalid', msg: expect.stringContaining('to_address_data.state') });
  });

  it('v1: a key the OpenAPI does not name is accepted and logged; a value outside its enum is refused', async () => {
    const address = { name: 'Ship Desk', street: '2150 E 7th St', city: 'Los Angeles', state: 'CA', zip: '90021', country: 'US' };
    const request = { from: address, to: { ...address, zip: '90026' }, shipments: [{ length: 6, width: 6, height: 6, weight: 1 }], order: { warehouse_name: 'Main Warehouse' } };
    const listed = await h.v1<unknown[]>('POST', '/api/rates/list', { ...request, options: { require_signature: true } });
    expect(listed.status, JSON.stringify(listed.json)).toBe(200);
    expect(h.sandbox.undocumented()).toEqual([expect.objectContaining({ endpoint: 'POST /api/rates/list', field: 'options.require_signature', kind: 'key' })]);
    const refused = await h.v1<{ message: string }>('POST', '/api/rates/list', { ...request, order: { ...request.order, signature: 'adult' } });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toContain('order.signature');
  });

  it('the v1 order list lives only under the training extension\'s name', async () => {
    expect((await h.v1<{ code: string }>('GET', '/api/orders/list')).status).toBe(404);
    const listed = await h.v1<{ orders: unknown[] }>('GET', '/api/sandbox-training/orders/list');
    expect(listed.status).toBe(200);
    expect(listed.json.orders.length).toBeGreaterThan(0);
  });
});
