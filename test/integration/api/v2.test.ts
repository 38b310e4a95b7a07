import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../electron/api/audit';
import { isOutcomeUnknown } from '../../../electron/api/failures';
import { createHttpClient } from '../../../electron/api/http';
import { createV2Client, type V2Client } from '../../../electron/api/v2/client';
import { createTokenManager } from '../../../electron/api/v2/token';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox';
import type { AddressData, QuickRateItem } from '../../../shared/api/v2';
import { failure } from '../../support/failure';

/** Every v2 endpoint through the station's client, over real HTTP against the embedded sandbox. */
let sandbox: RunningSandbox;
let client: V2Client;
const audit: AuditEntry[] = [];

const from: AddressData = { first_name: 'Shipping', last_name: 'Desk', company_name: 'Harbor Goods Co', phone: '2135550147', street: '2150 E 7th St', city: 'Los Angeles', state: 'CA', zip_code: '90021', country: 'US', address_type: 'commercial' };
const to: AddressData = { first_name: 'Priya', last_name: 'Raman', street: '500 Pine Street', street2: 'Suite 1200', city: 'Seattle', state: 'WA', zip_code: '98101', country: 'US', address_type: 'commercial' };
const parcel = { type: 'my_package', length: 10, width: 8, height: 4, dimension_unit: 'in' as const, weight: 1.25, weight_unit: 'lb' as const };
const shipDate = () => new Date().toISOString().replace(/\.\d+Z$/, '+00:00');

let uniq = 0;
const platformUkId = () => `IT-${process.pid}-${Date.now()}-${++uniq}`;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 11 });
  client = createV2Client({
    baseUrl: sandbox.baseUrl,
    appKey: sandbox.credentials.appKey,
    appSecret: sandbox.credentials.appSecret,
    audit: (entry) => audit.push(entry),
    retry: { baseDelayMs: 5, maxDelayMs: 20 },
  });
});
afterAll(async () => {
  await sandbox.close();
});

async function cheapestUspsRate(): Promise<string> {
  const rates = await client.getRates({ from_address_data: from, to_address_data: to, package_data: parcel, ship_date: shipDate() });
  const usps = rates.shipment_rate_data.filter((rate) => rate.carrier_code === 'USPS').sort((a, b) => a.price - b.price)[0];
  if (!usps) throw new Error('no USPS rate');
  return usps.rate_id;
}

async function buyUsps(): Promise<{ tracking: string; shipmentNo: string; id: string }> {
  const id = platformUkId();
  const bought = await client.directBuy({ platform_uk_id: id, carrier_code: 'USPS', service_level: 'USPS_GROUND_ADVANTAGE', from_address_data: from, to_address_data: to, package_data: parcel, ship_date: shipDate(), label_print_type: 'common' });
  return { tracking: bought.tracking_no, shipmentNo: bought.shipment_no ?? '', id };
}

describe('v2 client against the sandbox', () => {
  it('quick_rate: 12 requests in two calls, answered in order', async () => {
    const items: QuickRateItem[] = Array.from({ length: 12 }, (_, i) => ({
      request_unique_id: `q-${i}`,
      from_address_data: from,
      to_address_data: to,
      package_data: { ...parcel, weight: 0.25 + i / 4 },
      ship_date: shipDate(),
      ...(i % 2 ? { shipment_rate_carrier_data: [{ provider_id: 'SWIFTX', service_levels: ['SWIFTX_EXP'] }] } : {}),
    }));
    const before = audit.length;
    const results = await client.quickRate(items);
    expect(results.map((result) => result.request_unique_id)).toEqual(items.map((item) => item.request_unique_id));
    expect(results[0]?.shipment_rate_data.every((rate) => rate.service_level === 'USPS_GROUND_ADVANTAGE')).toBe(true);
    expect(results[1]?.shipment_rate_data.every((rate) => rate.carrier_code === 'SWIFTX')).toBe(true);
    expect(audit.slice(before).filter((entry) => entry.endpoint === '/api/shipment/batch/quick_rate')).toHaveLength(2);
  });

  it('get_rates, then create_and_pay; the same platform_uk_id returns the same label as a duplicate', async () => {
    const rateId = await cheapestUspsRate();
    const id = platformUkId();
    const first = await client.createAndPay({ rate_id: rateId, platform_uk_id: id, label_print_type: 'common' });
    expect(first).toMatchObject({ platform_uk_id: id, duplicate_label: false });
    expect(first.label_data?.[0]?.length).toBeGreaterThan(100);
    const again = await client.createAndPay({ rate_id: await cheapestUspsRate(), platform_uk_id: id, label_print_type: 'common' });
    expect(again).toMatchObject({ duplicate_label: true, tracking_no: first.tracking_no, shipment_no: first.shipment_no });
  });

  it('direct_buy with a USPS Returns level; create_and_pay insured by an insurance rate_id', async () => {
    const bought = await client.directBuy({
      platform_uk_id: platformUkId(),
      carrier_code: 'USPS',
      service_level: 'USPS_GROUND_ADVANTAGE_RETURN',
      is_return_label: true,
      from_address_data: to,
      to_address_data: from,
      package_data: parcel,
      ship_date: shipDate(),
      label_print_type: 'common',
    });
    expect(bought.duplicate_label).toBe(false);
    expect(bought.tracking_no).toBeTruthy();
    const insurance = await client.insuranceRate({ declared_value: 150 });
    const insured = await client.createAndPay({ rate_id: await cheapestUspsRate(), platform_uk_id: platformUkId(), label_print_type: 'common', insurance_data: { rate_id: insurance.rate_id } });
    expect(insured.insurance_fee).toBeGreaterThan(0);
  });

  it('insurance rate', async () => {
    const quote = await client.insuranceRate({ declared_value: 200, service_level: 'USPS_GROUND_ADVANTAGE' });
    expect(quote.fee).toBeGreaterThan(0);
    expect(quote.rate_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('tracking by platform_uk_id, by tracking number, and direct', async () => {
    const { tracking, id } = await buyUsps();
    expect((await client.trackingByPlatformUkId(id)).tracking_events).toBeInstanceOf(Array);
    expect((await client.trackingByTrackingNo({ tracking_no: tracking, carrier_code: 'USPS' })).status).toBe('created');
    expect((await client.directTrackingByTrackingNo({ tracking_no: tracking, carrier_code: 'USPS' })).tracking_events.length).toBeGreaterThan(0);
  });

  it('address validation', async () => {
    const result = await client.validateAddress({ street: '88 north main street', city: 'Salt Lake City', state: 'UT', zip_code: '84111', country: 'US' });
    expect(result.errored).toBe(false);
    expect(result).toMatchObject({ street: '88 N MAIN ST', city: 'SALT LAKE CITY', state: 'UT' });
    expect(result.zip).toMatch(/^84111/);
  });

  it('pickups: locations, add, list, cancel; a second cancel is refused in the service\'s words', async () => {
    expect(await client.pickupLocations()).toContain('front_door');
    const { tracking } = await buyUsps();
    const added = await client.pickupAdd({ package_location: ['front_door'], carrier_code: 'USPS', tracking_nos: [tracking] });
    expect(added.confirmation_number).toBeTruthy();
    const listed = await client.pickupList({ order_by: false, status: 'CONFIRMED' });
    expect(listed.pickup_data_list.some((pickup) => pickup.pickup_no === added.pickup_no)).toBe(true);
    await client.pickupCancel(added.pickup_no);
    const again = await failure(client.pickupCancel(added.pickup_no));
    expect(again).toMatchObject({ code: 'service_rejected', serviceCode: 'pickup_already_canceled' });
  });

  it('SCAN form and proof of delivery', async () => {
    const a = await buyUsps();
    const b = await buyUsps();
    const form = await client.createScanForm({ tracking_nos: [a.tracking, b.tracking] });
    expect(form.scan_form_image).toMatch(/^http/);
    const pod = await client.submitPod({ tracking_no: a.tracking, email_list: ['ops@example.com'] });
    expect(pod.transaction_message).toBeTruthy();
  });

  it('void, and a second void is refused with the service\'s code', async () => {
    const { shipmentNo, id } = await buyUsps();
    await client.voidLabel({ platform_uk_id: id });
    expect(await failure(client.voidLabel({ shipment_no: shipmentNo }))).toMatchObject({ code: 'service_rejected', serviceCode: 'shipment_already_voided' });
  });

  it('a purchase whose answer was dropped after commit fails once (the journal owns re-sends); re-sent with the same id it is sold once', async () => {
    const rateId = await cheapestUspsRate();
    const sold = sandbox.stats().labelsSold;
    sandbox.faults.set({ dropPurchaseResponses: 1 });
    const id = platformUkId();
    expect(await failure(client.createAndPay({ rate_id: rateId, platform_uk_id: id, label_print_type: 'common' }))).toMatchObject({ retryable: true });
    const bought = await client.createAndPay({ rate_id: rateId, platform_uk_id: id, label_print_type: 'common' });
    expect(bought.duplicate_label).toBe(true);
    expect(sandbox.stats().labelsSold).toBe(sold + 1);
  });

  it('a void whose service failed is reported as outcome unknown and not repeated', async () => {
    const { id } = await buyUsps();
    const before = audit.length;
    sandbox.faults.set({ failRate: 1 });
    try {
      const error = await failure(client.voidLabel({ platform_uk_id: id }));
      expect(isOutcomeUnknown(error)).toBe(true);
      expect(audit.slice(before).filter((entry) => entry.endpoint === '/api/shipment/void_label')).toHaveLength(1);
      // Reads are retried, then reported as unavailable.
      expect(await failure(client.pickupLocations())).toMatchObject({ code: 'service_unavailable', retryable: true });
    } finally {
      sandbox.faults.set({ failRate: 0 });
    }
  });

  it('recovers from a token revoked by another mint for the same AppKey', async () => {
    await client.pickupLocations();
    const issuedBefore = sandbox.stats().tokensIssued;
    const basic = Buffer.from(`${sandbox.credentials.appKey}:${sandbox.credentials.appSecret}`).toString('base64');
    await fetch(`${sandbox.baseUrl}/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&scope=API',
    });
    await expect(client.pickupLocations()).resolves.toContain('front_door');
    expect(sandbox.stats().tokensIssued).toBe(issuedBefore + 2);
  });

  it('mints exactly one token for a burst of 20 concurrent calls from a fresh token manager', async () => {
    const http = createHttpClient({ api: 'v2' });
    const keys = { baseUrl: sandbox.baseUrl, appKey: sandbox.credentials.appKey, appSecret: sandbox.credentials.appSecret };
    const tokens = createTokenManager({ http, ...keys });
    const fresh = createV2Client({ ...keys, tokens });
    const issuedBefore = sandbox.stats().tokensIssued;
    await Promise.all(Array.from({ length: 20 }, () => fresh.pickupLocations()));
    expect(sandbox.stats().tokensIssued - issuedBefore).toBe(1);
    expect(tokens.minted).toBe(1);
  });

  it('refuses wrong keys in words, and the audit log never holds secrets', async () => {
    const wrong = createV2Client({ baseUrl: sandbox.baseUrl, appKey: sandbox.credentials.appKey, appSecret: 'not-the-secret' });
    expect((await failure(wrong.pickupLocations())).message).toMatch(/The AppKey\/AppSecret were refused by the service/);
    const logged = JSON.stringify(audit);
    expect(logged).not.toContain(sandbox.credentials.appSecret);
    expect(logged).not.toContain(sandbox.credentials.appKey);
    expect(logged).not.toContain('Bearer');
    expect(logged).not.toContain('Seattle');
  });
});
