import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Envelope, type Harness } from './harness';

/** The documented ValidatedAddress (v2-docs.md 3.15): flat, ZIP as `zip`. */
type Validation = {
  street: string;
  street2: string | null;
  city: string;
  state: string;
  zip: string;
  country: string;
  residential: boolean;
  errored: boolean;
  corrected: boolean;
  standardized: boolean;
  errors: Array<{ code: string; message: string }>;
  corrections: Array<{ code: string; message: string }>;
};

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h.close());

const validate = (body: Record<string, unknown>) => h.v2<Envelope<Validation>>('POST', '/api/address/validate', { country: 'US', ...body });

describe('address/validate', () => {
  it('standardises to USPS form: upper case, suffix, directional, secondary unit, ZIP+4', async () => {
    const res = await validate({ street: '88 north main street', street2: 'Apartment 5b', city: 'Salt Lake City', state: 'ut', zip_code: '84111' });
    expect(res.status).toBe(200);
    const data = res.json.data;
    expect(data.errored).toBe(false);
    expect(data.standardized).toBe(true);
    expect(data).toMatchObject({ street: '88 N MAIN ST', street2: 'APT 5B', city: 'SALT LAKE CITY', state: 'UT', country: 'US' });
    expect(data.zip).toMatch(/^84111-\d{4}$/);
    expect(Object.keys(data).sort()).toEqual(['city', 'corrected', 'corrections', 'country', 'errored', 'errors', 'residential', 'standardized', 'state', 'street', 'street2', 'zip']);
    expect(data.corrections.map((c) => c.code).sort()).toEqual(['ADDRESS.COMPONENT.CHANGED', 'ADDRESS.SECONDARY.STANDARDIZED', 'ADDRESS.ZIP4.ADDED']);
    expect(data.corrected).toBe(true);
  });

  it('moves an embedded secondary unit and standardises PO boxes', async () => {
    const unit = (await validate({ street: '500 Pine Street Suite 1200', city: 'Seattle', state: 'WA', zip_code: '98101' })).json.data;
    expect(unit).toMatchObject({ street: '500 PINE ST', street2: 'STE 1200' });
    const box = (await validate({ street: 'P.O. Box 4417', city: 'Juneau', state: 'AK', zip_code: '99803' })).json.data;
    expect(box.street).toBe('PO BOX 4417');
    expect(box.corrections.map((c) => c.code)).toContain('ADDRESS.POBOX.STANDARDIZED');
  });

  it('reports unknown states, ZIP/state mismatches and missing house numbers as errors', async () => {
    const state = (await validate({ street: '1 Main St', city: 'Nowhere', state: 'ZZ', zip_code: '12345' })).json.data;
    expect(state.errored).toBe(true);
    expect(state.errors.map((e) => e.code)).toContain('ADDRESS.STATE.INVALID');
    const mismatch = (await validate({ street: '1830 Larkspur Lane', city: 'Denver', state: 'CO', zip_code: '08202' })).json.data;
    expect(mismatch.errors).toEqual([expect.objectContaining({ code: 'ADDRESS.ZIP.STATE_MISMATCH' })]);
    expect((await validate({ street: 'Main Street', city: 'Austin', state: 'TX', zip_code: '78701' })).json.data.errors[0]?.code).toBe('ADDRESS.PRIMARY.MISSING');
    expect((await validate({ street: '1 Main St', city: 'Austin', state: 'TX', zip_code: '7870' })).json.data.errors[0]?.code).toBe('ADDRESS.ZIP.INVALID');
  });

  it('skips non-U.S. addresses (rule 1) and refuses a request missing a documented field', async () => {
    const paris = (await validate({ street: '1 Rue', city: 'Paris', state: 'IDF', zip_code: '75001', country: 'FR' })).json.data;
    expect(paris).toMatchObject({ errored: false, standardized: false, street: '1 Rue' });
    expect((await validate({ city: 'Austin' })).json.code).toBe('invalid_parameter');
    expect((await validate({ street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' })).json.code).toBe('invalid_parameter');
  });
});

describe('insurance/rate', () => {
  it('quotes the insurance fee for a declared value', async () => {
    const res = await h.v2<Envelope<{ declared_value: number; insurance_fee: number }>>('GET', '/api/shipment/insurance/rate?declared_value=250&service_level=USPS_GROUND_ADVANTAGE');
    expect(res.json.data).toMatchObject({ declared_value: 250, insurance_fee: 2.55, currency: 'USD', carrier_code: 'USPS', service_level: 'USPS_GROUND_ADVANTAGE' });
    expect((await h.v2<Envelope>('GET', '/api/shipment/insurance/rate?declared_value=50')).json.data).toMatchObject({ insurance_fee: 1 });
    // A level it sells abroad is insured too: the station asks for the service the packer picked.
    const abroad = await h.v2<Envelope>('GET', '/api/shipment/insurance/rate?declared_value=80&carrier_code=UPS&service_level=UPS_WORLDWIDE_SAVER');
    expect(abroad.json.data).toMatchObject({ declared_value: 80, carrier_code: 'UPS', service_level: 'UPS_WORLDWIDE_SAVER' });
  });

  it('refuses missing or out-of-range values and unknown service levels', async () => {
    expect((await h.v2<Envelope>('GET', '/api/shipment/insurance/rate')).json.code).toBe('insurance_value_invalid');
    expect((await h.v2<Envelope>('GET', '/api/shipment/insurance/rate?declared_value=20000')).json.code).toBe('insurance_value_invalid');
    expect((await h.v2<Envelope>('GET', '/api/shipment/insurance/rate?declared_value=10&service_level=ACME_OVERNIGHT')).json.code).toBe('service_level_unknown');
  });
});

describe('submit_pod', () => {
  it('accepts 1 to 3 recipients for a USPS shipment', async () => {
    const shipment = await h.buy('pod-1');
    for (const n of [1, 3]) {
      const res = await h.v2<Envelope<{ transaction_message: string }>>('POST', '/api/shipment/submit_pod', {
        tracking_no: shipment.tracking_no,
        email_list: Array.from({ length: n }, (_, i) => `r${i}@example.com`),
      });
      expect(res.status).toBe(200);
      expect(res.json.data.transaction_message).toContain(`${n} recipient`);
    }
  });

  it('refuses 0 or 4 recipients, bad emails, other carriers and unknown numbers', async () => {
    const shipment = await h.buy('pod-2');
    const pod = (body: Record<string, unknown>) => h.v2<Envelope>('POST', '/api/shipment/submit_pod', { tracking_no: shipment.tracking_no, ...body });
    expect((await pod({ email_list: [] })).json.code).toBe('pod_recipients_missing');
    expect((await pod({})).json.code).toBe('pod_recipients_missing');
    const four = await pod({ email_list: ['a@x.com', 'b@x.com', 'c@x.com', 'd@x.com'] });
    expect(four.status).toBe(400);
    expect(four.json.code).toBe('pod_too_many_recipients');
    expect((await pod({ email_list: ['not-an-email'] })).json.code).toBe('pod_recipient_invalid');
    const ups = await h.buy('pod-3', 'UPS', 'UPS_GROUND');
    expect((await pod({ tracking_no: ups.tracking_no, email_list: ['a@x.com'] })).json.code).toBe('pod_not_usps');
    expect((await pod({ tracking_no: '9400', email_list: ['a@x.com'] })).json.code).toBe('shipment_not_found');
  });
});

describe('create_scan_form', () => {
  it('creates a PDF manifest of USPS shipments served at scan_form_image', async () => {
    const a = await h.buy('sf-1');
    const b = await h.buy('sf-2', 'USPS', 'USPS_PRIORITY_MAIL');
    const res = await h.v2<Envelope<{ scan_form_no: string; scan_form_image: string; tracking_nos: string[]; package_total_num: number }>>('POST', '/api/scan_form/create_scan_form', {
      tracking_nos: [a.tracking_no, b.tracking_no],
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ package_total_num: 2, tracking_nos: [a.tracking_no, b.tracking_no] });
    const pdf = await fetch(res.json.data.scan_form_image);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(1000);
  });

  it('refuses empty lists, other carriers, voided and already manifested shipments', async () => {
    const form = (tracking_nos: string[]) => h.v2<Envelope>('POST', '/api/scan_form/create_scan_form', { tracking_nos });
    expect((await form([])).json.code).toBe('scan_form_empty');
    const ups = await h.buy('sf-3', 'UPS', 'UPS_GROUND');
    expect((await form([ups.tracking_no])).json.code).toBe('scan_form_not_usps');
    const voided = await h.buy('sf-4');
    await h.v2('POST', '/api/shipment/void_label', { shipment_no: voided.shipment_no });
    expect((await form([voided.tracking_no])).json.code).toBe('scan_form_shipment_voided');
    const once = await h.buy('sf-5');
    expect((await form([once.tracking_no])).status).toBe(200);
    const twice = await form([once.tracking_no]);
    expect(twice.status).toBe(409);
    expect(twice.json.code).toBe('scan_form_already_manifested');
    expect((await form(['9400111'])).json.code).toBe('shipment_not_found');
  });
});
