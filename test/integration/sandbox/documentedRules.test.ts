import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, FROM, TO, PACKAGE, rateRequest, type Envelope, type Harness } from './harness';

// The sandbox checks requests against the documented rules (v2-docs.md) and
// refuses in the service's way: an HTTP 4xx with {code, msg, data: null},
// msg naming the field.

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h.close());

type Failure = { code: string; msg: string; data: null };
const refusal = async (method: string, path: string, body?: unknown) => {
  const res = await h.v2<Failure>(method, path, body);
  expect(res.status, JSON.stringify(res.json)).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect(res.json.data).toBeNull();
  return res.json;
};
const { last_name: _lastName, ...toWithoutLastName } = TO;
const { zip_code: _zipCode, ...toWithoutZip } = TO;

describe('documented request rules', () => {
  it('first_name and last_name on every address but quick_rate', async () => {
    expect((await refusal('POST', '/api/shipment/get_rates', rateRequest({ to_address_data: toWithoutLastName }))).msg).toContain('to_address_data.last_name');
    const direct = await refusal('POST', '/api/shipment/direct_buy', { platform_uk_id: 'r-1', carrier_code: 'USPS', service_level: 'USPS_PRIORITY_MAIL', from_address_data: FROM, to_address_data: toWithoutLastName, package_data: PACKAGE });
    expect(direct.msg).toContain('last_name');
    const pickup = await refusal('POST', '/api/shipment/pickup/add', { package_location: ['front_door'], carrier_code: 'USPS', tracking_nos: ['9400100000000000000000'], pickup_location: toWithoutLastName });
    expect(pickup.msg).toContain('pickup_location.last_name');
    const quick = await h.v2<Envelope<unknown[]>>('POST', '/api/shipment/batch/quick_rate', [{ request_unique_id: 'q-1', ...rateRequest({ to_address_data: toWithoutLastName, from_address_data: { ...FROM, first_name: undefined } }) }]);
    expect(quick.status).toBe(200);
    expect(quick.json.code).toBe('ok');
  });

  it('zip_code, not zip, on addresses and on address validation', async () => {
    expect((await refusal('POST', '/api/shipment/get_rates', rateRequest({ to_address_data: { ...toWithoutZip, zip: '78701' } }))).msg).toContain('to_address_data.zip_code');
    expect((await refusal('POST', '/api/address/validate', { street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' })).msg).toContain('zip_code');
  });

  it('ship_date: optional (its flag is not in the stored docs), ISO 8601 when given', async () => {
    const { ship_date: _shipDate, ...withoutDate } = rateRequest();
    expect((await h.v2<Envelope>('POST', '/api/shipment/get_rates', withoutDate)).json.code).toBe('ok');
    expect((await refusal('POST', '/api/shipment/get_rates', rateRequest({ ship_date: '03/10/2026' }))).code).toBe('ship_date_invalid');
  });

  it('label_print_type required on purchases, one of common, qrcode, barcode', async () => {
    const rates = await h.v2<Envelope<{ shipment_rate_data: Array<{ rate_id: string }> }>>('POST', '/api/shipment/get_rates', rateRequest());
    const rateId = rates.json.data.shipment_rate_data[0]?.rate_id;
    expect((await refusal('POST', '/api/shipment/create_and_pay', { rate_id: rateId, platform_uk_id: 'r-2', label_print_type: null })).msg).toContain('label_print_type');
    expect((await refusal('POST', '/api/shipment/create_and_pay', { rate_id: rateId, platform_uk_id: 'r-2', label_print_type: 'zpl' })).msg).toContain('label_print_type');
  });

  it('insurance only as insurance_data.rate_id from insurance/rate', async () => {
    const rates = await h.v2<Envelope<{ shipment_rate_data: Array<{ rate_id: string }> }>>('POST', '/api/shipment/get_rates', rateRequest());
    const rateId = rates.json.data.shipment_rate_data[0]?.rate_id;
    const noRateId = await refusal('POST', '/api/shipment/create_and_pay', { rate_id: rateId, platform_uk_id: 'r-3', insurance_data: { insured_value: 120 } });
    expect(noRateId.code).toBe('insurance_rate_not_found');
    const made = await refusal('POST', '/api/shipment/create_and_pay', { rate_id: rateId, platform_uk_id: 'r-3', insurance_data: { rate_id: 'not-from-insurance-rate' } });
    expect(made.code).toBe('insurance_rate_not_found');
    // An undocumented insured_value buys nothing: the label is sold uninsured.
    const sold = await h.v2<Envelope<{ insurance_fee: number }>>('POST', '/api/shipment/create_and_pay', { rate_id: rateId, platform_uk_id: 'r-3', insured_value: 120 });
    expect(sold.json.data.insurance_fee).toBe(0);
  });
});
