import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FROM, harness, PACKAGE, rateRequest, type Envelope, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(async () => {
  await h.close();
});

const LONDON = { first_name: 'Olivia', last_name: 'Hart', phone: '+44 20 7946 0958', street: '10 Downing St', city: 'London', state: '', zip_code: 'SW1A 2AA', country: 'GB' };
const customs = (extra: Record<string, unknown> = {}) => ({
  contents_type: 'MERCHANDISE',
  non_delivery_option: 'RETURN',
  eel_pfc_type: 'EXEMPTION_CODE',
  eel_pfc_code: 'NOEEI 30.37(a)',
  contents: [{ description: 'Wool scarf', quantity: 2, value: 35, weight: 0.3125, hs_tariff_number: '611710', origin_country: 'GB' }],
  ...extra,
});
type Rates = Envelope<{ shipment_rate_data: Array<{ rate_id: string; service_level: string; price: number }> }>;
const rate = (body: Record<string, unknown>) => h.v2<Rates>('POST', '/api/shipment/get_rates', rateRequest({ to_address_data: LONDON, ...body }));

describe('sandbox: international shipments by the documented rules', () => {
  it('offers international levels only, cheapest first, and sells a label with a customs form', async () => {
    const res = await rate({ custom_data: customs() });
    expect(res.json.code).toBe('ok');
    const levels = res.json.data.shipment_rate_data.map((r) => r.service_level);
    expect(levels).toEqual(expect.arrayContaining(['USPS_FIRST_CLASS_MAIL_INTERNATIONAL', 'USPS_PRIORITY_MAIL_INTERNATIONAL', 'UPS_WORLDWIDE_SAVER']));
    expect(levels).not.toContain('USPS_GROUND_ADVANTAGE');
    expect(levels).not.toContain('UPS_STANDARD');
    const prices = res.json.data.shipment_rate_data.map((r) => r.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const bought = await h.v2<Envelope<{ commercial_invoice_urls: string[]; customs_form_data: string[]; label_data: string[] }>>('POST', '/api/shipment/create_and_pay', {
      rate_id: res.json.data.shipment_rate_data[0]?.rate_id,
      platform_uk_id: 'intl-1',
      label_print_type: 'common',
    });
    expect(bought.json.code).toBe('ok');
    expect(bought.json.data.commercial_invoice_urls).toHaveLength(1);
    const png = Buffer.from(bought.json.data.customs_form_data[0] ?? '', 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    // 4x6 at 203 dpi.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([812, 1218]);
    const fetched = await fetch(bought.json.data.commercial_invoice_urls[0] ?? '');
    expect(Buffer.from(await fetched.arrayBuffer()).equals(png)).toBe(true);
  });

  it('skips address validation outside the U.S.', async () => {
    const res = await h.v2<Envelope<{ errored: boolean; standardized: boolean; country: string }>>('POST', '/api/address/validate', { street: '10 Downing St', city: 'London', state: '', zip_code: 'SW1A 2AA', country: 'GB' });
    expect(res.json).toMatchObject({ code: 'ok', data: { errored: false, standardized: false, country: 'GB' } });
  });

  it('refuses no phone, no customs, no items and a line over $2,500 without an ITN', async () => {
    expect((await rate({ to_address_data: { ...LONDON, phone: undefined }, custom_data: customs() })).json).toMatchObject({ code: 'phone_required', msg: 'to_address_data.phone: a phone number is required for international shipments.' });
    expect((await rate({ from_address_data: { ...FROM, phone: undefined }, custom_data: customs() })).json.code).toBe('phone_required');
    expect((await rate({})).json.code).toBe('customs_required');
    expect((await rate({ custom_data: customs({ contents: [] }) })).json.code).toBe('customs_contents_required');
    expect((await rate({ custom_data: customs({ contents_type: 'DOCUMENTS', contents: [] }) })).json.code).toBe('ok');
    const laptop = { description: 'Laptop', quantity: 1, value: 2600, weight: 4, hs_tariff_number: '847130', origin_country: 'CN' };
    expect((await rate({ custom_data: customs({ contents: [laptop] }) })).json).toMatchObject({
      code: 'customs_itn_required',
      msg: 'custom_data.eel_pfc_code: HS 847130 is worth $2600.00; an ITN is required over $2,500.',
    });
    expect((await rate({ custom_data: customs({ contents: [laptop], eel_pfc_type: 'ITN', eel_pfc_code: 'X20250627012345' }) })).json.code).toBe('ok');
    // A domestic shipment needs neither.
    expect((await h.v2<Rates>('POST', '/api/shipment/get_rates', rateRequest({ package_data: PACKAGE }))).json.code).toBe('ok');
  });
});
