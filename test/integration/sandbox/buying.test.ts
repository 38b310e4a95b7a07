import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, rateRequest, TO, FROM, PACKAGE, type Envelope, type Harness } from './harness';

type Shipment = {
  shipment_no: string;
  platform_uk_id: string;
  tracking_no: string;
  carrier_code: string;
  service_level: string;
  total_fee: number;
  label_fee: number;
  insurance_fee: number;
  duplicate_label: boolean;
  hazardous_materials: boolean;
  signature: string | null;
  label_urls: string[];
  qrcode_urls: string[];
  label_data: string[];
  label_qr_code_data: string[];
};
type Rates = Envelope<{ shipment_rate_data: Array<{ rate_id: string; carrier_code: string; service_level: string; price: number }> }>;

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h.close());

async function rate(level: string, extra: Record<string, unknown> = {}) {
  const res = await h.v2<Rates>('POST', '/api/shipment/get_rates', rateRequest(extra));
  const found = res.json.data.shipment_rate_data.find((r) => r.service_level === level);
  if (!found) throw new Error(`no ${level} rate`);
  return found;
}
const pay = (body: Record<string, unknown>) => h.v2<Envelope<Shipment>>('POST', '/api/shipment/create_and_pay', body);
const direct = (body: Record<string, unknown>) =>
  h.v2<Envelope<Shipment>>('POST', '/api/shipment/direct_buy', { from_address_data: FROM, to_address_data: TO, package_data: PACKAGE, ...body });

/** Width, height, bit depth and colour type from a PNG's IHDR chunk. */
function pngHeader(png: Buffer) {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20), bitDepth: png[24], colorType: png[25] };
}

describe('create_and_pay', () => {
  it('buys the rated label and returns a 4x6 203 dpi 1-bit PNG, also served at its URL', async () => {
    const chosen = await rate('UPS_GROUND');
    const res = await pay({ rate_id: chosen.rate_id, platform_uk_id: 'buy-1' });
    expect(res.status).toBe(200);
    const data = res.json.data;
    expect(data).toMatchObject({ platform_uk_id: 'buy-1', carrier_code: 'UPS', service_level: 'UPS_GROUND', duplicate_label: false, total_fee: chosen.price });
    expect(data.tracking_no).toMatch(/^1Z[0-9A-Z]{16}$/);
    expect(data.label_urls).toHaveLength(1);
    expect(data.label_data).toHaveLength(1);
    expect(data.qrcode_urls).toEqual([]);
    const png = Buffer.from(data.label_data[0] as string, 'base64');
    expect(pngHeader(png)).toEqual({ width: 812, height: 1218, bitDepth: 1, colorType: 0 });
    const served = await fetch(data.label_urls[0] as string);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
  });

  it('returns the existing shipment with duplicate_label true for a known platform_uk_id, even with another rate', async () => {
    const first = await pay({ rate_id: (await rate('USPS_PRIORITY_MAIL')).rate_id, platform_uk_id: 'dup-1' });
    const again = await pay({ rate_id: (await rate('FEDEX_2_DAY')).rate_id, platform_uk_id: 'dup-1' });
    expect(again.status).toBe(200);
    expect(again.json.data.duplicate_label).toBe(true);
    expect(again.json.data).toMatchObject({
      shipment_no: first.json.data.shipment_no,
      tracking_no: first.json.data.tracking_no,
      carrier_code: 'USPS',
      service_level: 'USPS_PRIORITY_MAIL',
      label_urls: first.json.data.label_urls,
      label_data: first.json.data.label_data,
    });
    const viaDirect = await direct({ platform_uk_id: 'dup-1', carrier_code: 'UPS', service_level: 'UPS_GROUND' });
    expect(viaDirect.json.data).toMatchObject({ duplicate_label: true, shipment_no: first.json.data.shipment_no });
  });

  it('answers a known platform_uk_id as a duplicate before looking at the rate: unknown or expired rate_ids included', async () => {
    const chosen = await rate('USPS_PRIORITY_MAIL');
    const first = await pay({ rate_id: chosen.rate_id, platform_uk_id: 'dup-late' });
    expect(first.json.data.duplicate_label).toBe(false);
    // Past the default rate lifetime (one hour); the access token is renewed for the later clock.
    h.advance(3_700_000);
    await h.token();
    try {
      const expired = await pay({ rate_id: chosen.rate_id, platform_uk_id: 'dup-late' });
      expect(expired.status).toBe(200);
      expect(expired.json.data).toMatchObject({ duplicate_label: true, shipment_no: first.json.data.shipment_no });
      const unknown = await pay({ rate_id: 'rate_never_issued', platform_uk_id: 'dup-late' });
      expect(unknown.json.data).toMatchObject({ duplicate_label: true, shipment_no: first.json.data.shipment_no });
      expect((await pay({ rate_id: chosen.rate_id, platform_uk_id: 'dup-late-2' })).json.code).toBe('rate_expired');
    } finally {
      h.advance(-3_700_000);
      await h.token();
    }
  });

  it('returns the QR-code label too for USPS with label_print_type qrcode', async () => {
    const res = await pay({ rate_id: (await rate('USPS_GROUND_ADVANTAGE')).rate_id, platform_uk_id: 'qr-1', label_print_type: 'qrcode' });
    const data = res.json.data;
    expect(data.tracking_no).toMatch(/^92\d{20}$/);
    expect(data.qrcode_urls).toHaveLength(1);
    expect(data.label_qr_code_data).toHaveLength(1);
    expect(pngHeader(Buffer.from(data.label_qr_code_data[0] as string, 'base64'))).toMatchObject({ width: 812, height: 1218, bitDepth: 1 });
    expect((await fetch(data.qrcode_urls[0] as string)).status).toBe(200);
    const ups = await pay({ rate_id: (await rate('UPS_GROUND')).rate_id, platform_uk_id: 'qr-2', label_print_type: 'qrcode' });
    expect(ups.json.data.qrcode_urls).toEqual([]);
  });

  it('buys insurance only inside the purchase, priced into the total', async () => {
    const chosen = await rate('USPS_GROUND_ADVANTAGE');
    const insurance = await h.v2<Envelope<{ rate_id: string; insurance_fee: number }>>('GET', '/api/shipment/insurance/rate?declared_value=400');
    expect(insurance.json.data).toMatchObject({ insurance_fee: 3.4, rate_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const res = await pay({ rate_id: chosen.rate_id, platform_uk_id: 'ins-1', insurance_data: { rate_id: insurance.json.data.rate_id } });
    expect(res.json.data).toMatchObject({ insurance_fee: 3.4, label_fee: chosen.price, total_fee: Math.round((chosen.price + 3.4) * 100) / 100 });
    expect((await pay({ rate_id: chosen.rate_id, platform_uk_id: 'ins-2', insurance_data: { rate_id: 'made-up' } })).json.code).toBe('insurance_rate_not_found');
    // Insurance is bought by its rate_id; the coverage beside it (the public client's field) buys nothing on its own.
    expect((await pay({ rate_id: chosen.rate_id, platform_uk_id: 'ins-3', insurance_data: { rate_id: insurance.json.data.rate_id, coverage: 400, currency: 'USD', rate: 3.4, service_level: 'USPS_GROUND_ADVANTAGE' } })).json.data).toMatchObject({ insurance_fee: 3.4 });
    expect((await pay({ rate_id: chosen.rate_id, platform_uk_id: 'ins-4', label_print_type: null })).json.code).toBe('invalid_parameter');
  });

  it('refuses a body without platform_uk_id or rate_id', async () => {
    const res = await pay({ rate_id: 'x' });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'invalid_parameter', msg: expect.stringContaining('platform_uk_id') });
  });
});

describe('direct_buy', () => {
  it('buys by carrier_code and service_level, SWIFTX included', async () => {
    const res = await direct({ platform_uk_id: 'd-swiftx', carrier_code: 'SWIFTX', service_level: 'SWIFTX_EXP' });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ carrier_code: 'SWIFTX', service_level: 'SWIFTX_EXP', duplicate_label: false });
    expect(res.json.data.tracking_no).toMatch(/^SX\d{12}$/);
  });

  it('returns the shipment a direct_buy sold for the same platform_uk_id, whatever carrier, level or options come next', async () => {
    const first = await direct({ platform_uk_id: 'd-dup', carrier_code: 'USPS', service_level: 'USPS_GROUND_ADVANTAGE', label_print_type: 'qrcode' });
    expect(first.json.data.duplicate_label).toBe(false);
    const sold = h.sandbox.stats().labelsSold;
    const again = await direct({ platform_uk_id: 'd-dup', carrier_code: 'FEDEX', service_level: 'FEDEX_2_DAY', option_data: { is_lithium_battery: true } });
    expect(again.status).toBe(200);
    expect(again.json.data).toMatchObject({
      duplicate_label: true,
      shipment_no: first.json.data.shipment_no,
      tracking_no: first.json.data.tracking_no,
      carrier_code: 'USPS',
      service_level: 'USPS_GROUND_ADVANTAGE',
      qrcode_urls: first.json.data.qrcode_urls,
      label_qr_code_data: first.json.data.label_qr_code_data,
    });
    const viaRate = await pay({ rate_id: (await rate('UPS_GROUND')).rate_id, platform_uk_id: 'd-dup' });
    expect(viaRate.json.data).toMatchObject({ duplicate_label: true, shipment_no: first.json.data.shipment_no });
    expect(h.sandbox.stats().labelsSold).toBe(sold);
  });

  it('answers a retry of a committed direct_buy as a duplicate days later, though its ship_date is now past', async () => {
    const body = { platform_uk_id: 'd-late', carrier_code: 'USPS', service_level: 'USPS_PRIORITY_MAIL', ship_date: h.clock.toISOString().slice(0, 10) };
    const first = await direct(body);
    expect(first.json.data.duplicate_label).toBe(false);
    h.advance(3 * 86_400_000);
    await h.token();
    try {
      const retried = await direct(body);
      expect(retried.status).toBe(200);
      expect(retried.json.data).toMatchObject({ duplicate_label: true, shipment_no: first.json.data.shipment_no });
      expect((await direct({ ...body, platform_uk_id: 'd-late-2' })).json.code).toBe('ship_date_invalid');
    } finally {
      h.advance(-3 * 86_400_000);
      await h.token();
    }
  });

  it('accepts the USPS Returns service levels', async () => {
    for (const level of ['USPS_GROUND_ADVANTAGE_RETURN', 'USPS_PRIORITY_MAIL_RETURN', 'USPS_PRIORITY_MAIL_EXPRESS_RETURN']) {
      const res = await direct({ platform_uk_id: `ret-${level}`, carrier_code: 'USPS', service_level: level, is_return_label: true, return_address_data: FROM });
      expect(res.status).toBe(200);
      expect(res.json.data).toMatchObject({ service_level: level, is_return_label: true });
    }
    expect((await direct({ platform_uk_id: 'ret-ups', carrier_code: 'UPS', service_level: 'USPS_PRIORITY_MAIL_RETURN' })).json.code).toBe('return_service_requires_usps');
    expect((await direct({ platform_uk_id: 'ret-ups2', carrier_code: 'UPS', service_level: 'UPS_GROUND', return_address_data: FROM })).json.code).toBe('return_address_usps_only');
  });

  it('forces hazardous_materials for lithium batteries and allows only Ground Advantage', async () => {
    const ok = await direct({ platform_uk_id: 'li-1', carrier_code: 'USPS', service_level: 'USPS_GROUND_ADVANTAGE', option_data: { is_lithium_battery: true } });
    expect(ok.json.data.hazardous_materials).toBe(true);
    // Forced even when the request says otherwise.
    const forced = await direct({ platform_uk_id: 'li-1b', carrier_code: 'USPS', service_level: 'USPS_GROUND_ADVANTAGE', option_data: { is_lithium_battery: true, hazardous_materials: false } });
    expect(forced.json.data.hazardous_materials).toBe(true);
    const refused = await direct({ platform_uk_id: 'li-2', carrier_code: 'USPS', service_level: 'USPS_PRIORITY_MAIL', option_data: { is_lithium_battery: true, hazardous_materials: false } });
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe('lithium_battery_service_not_allowed');
    expect((await direct({ platform_uk_id: 'hz-1', carrier_code: 'UPS', service_level: 'UPS_GROUND', option_data: { hazardous_materials: true } })).json.code).toBe('hazmat_service_not_allowed');
  });

  it('offers the restricted signature options on USPS only', async () => {
    const ok = await direct({ platform_uk_id: 'sig-1', carrier_code: 'USPS', service_level: 'USPS_PRIORITY_MAIL', option_data: { signature: 'usps_adult_signature_restricted' } });
    expect(ok.json.data.signature).toBe('usps_adult_signature_restricted');
    const plain = await direct({ platform_uk_id: 'sig-0', carrier_code: 'USPS', service_level: 'USPS_PRIORITY_MAIL' });
    expect(ok.json.data.total_fee).toBeCloseTo(plain.json.data.total_fee + 9.35, 2);
    expect((await direct({ platform_uk_id: 'sig-2', carrier_code: 'FEDEX', service_level: 'FEDEX_2_DAY', option_data: { signature: 'usps_signature_restricted' } })).json.code).toBe('signature_not_supported');
    expect((await direct({ platform_uk_id: 'sig-3', carrier_code: 'FEDEX', service_level: 'FEDEX_2_DAY', option_data: { signature: 'adult_signature' } })).status).toBe(200);
    expect((await direct({ platform_uk_id: 'sig-4', carrier_code: 'USPS', service_level: 'USPS_PRIORITY_MAIL', option_data: { signature: 'notarised' } })).json.code).toBe('signature_not_supported');
  });

  it('refuses levels not offered for the package or address', async () => {
    const heavy = await direct({ platform_uk_id: 'gs-1', carrier_code: 'UPS', service_level: 'UPS_SUREPOST_LESS_THAN_1_LB' });
    expect(heavy.status).toBe(400);
    expect(heavy.json.code).toBe('service_level_not_offered');
    expect((await direct({ platform_uk_id: 'gs-2', carrier_code: 'UPS', service_level: 'UPS_SUREPOST_1_LB_OR_GREATER' })).status).toBe(200);
    expect((await direct({ platform_uk_id: 'fx-1', carrier_code: 'FEDEX', service_level: 'FEDEX_GROUND' })).json.code).toBe('service_level_not_offered');
    const letter = await direct({ platform_uk_id: 'fc-1', carrier_code: 'USPS', service_level: 'USPS_FIRST_CLASS_MAIL', package_data: { ...PACKAGE, type: 'usps_letter', weight: 2 } });
    expect(letter.status).toBe(200);
  });

  it('refuses unknown carriers, levels, and addresses the carrier cannot serve', async () => {
    expect((await direct({ platform_uk_id: 'x-1', carrier_code: 'ACME', service_level: 'FAST' })).json.code).toBe('carrier_unknown');
    expect((await direct({ platform_uk_id: 'x-2', carrier_code: 'USPS', service_level: 'UPS_GROUND' })).json.code).toBe('service_level_unknown');
    const poBox = { ...TO, street: 'PO Box 12', street2: undefined };
    const refused = await direct({ platform_uk_id: 'x-3', carrier_code: 'UPS', service_level: 'UPS_GROUND', to_address_data: poBox });
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe('carrier_cannot_serve_address');
  });

  it('sells one label for concurrent purchases under the same platform_uk_id', async () => {
    const sold = h.sandbox.stats().labelsSold;
    const answers = await Promise.all(Array.from({ length: 12 }, () => direct({ platform_uk_id: 'race-1', carrier_code: 'USPS', service_level: 'USPS_GROUND_ADVANTAGE' })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.json.data.shipment_no)).size).toBe(1);
    expect(answers.filter((a) => !a.json.data.duplicate_label)).toHaveLength(1);
    expect(h.sandbox.stats().labelsSold).toBe(sold + 1);
  });

  it('debits the account balance', async () => {
    const before = h.sandbox.stats().balanceCents;
    const res = await direct({ platform_uk_id: 'bal-1', carrier_code: 'USPS', service_level: 'USPS_GROUND_ADVANTAGE' });
    expect(h.sandbox.stats().balanceCents).toBe(before - Math.round(res.json.data.total_fee * 100));
  });
});
