import { afterEach, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../electron/api/http';
import { createV2Client } from '../../../electron/api/v2/client';
import { createTokenManager } from '../../../electron/api/v2/token';
import type { QuickRateItem } from '../../../shared/api/v2';
import { startFakeServer, type Handler } from './fakeServer';
import { failure } from '../../support/failure';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A fake v2 service for shapes and faults the sandbox does not produce on demand. */
async function fakeV2(business: Handler) {
  const server = await startFakeServer((request) =>
    request.url === '/oauth2/token' ? { status: 200, json: { access_token: 'tok', token_type: 'Bearer', expires_in: '1800' } } : business(request),
  );
  closers.push(() => server.close());
  const http = createHttpClient({ api: 'v2' });
  const tokens = createTokenManager({ http, baseUrl: server.url, appKey: 'SS_TEST_k', appSecret: 's' });
  const client = createV2Client({ baseUrl: server.url, appKey: 'SS_TEST_k', appSecret: 's', tokens, retry: { baseDelayMs: 1, maxDelayMs: 2 } });
  return { server, client };
}

const address = { street: '1 Main St', city: 'Austin', state: 'TX', zip_code: '78701', country: 'US' };
const item = (id: string): QuickRateItem => ({
  request_unique_id: id,
  from_address_data: address,
  to_address_data: address,
  package_data: { type: 'my_package', length: 6, width: 6, height: 6, dimension_unit: 'in', weight: 12, weight_unit: 'oz' },
  ship_date: '2025-07-31T09:00:00-07:00',
});

const rate = (id: string) => ({ rate_id: `r-${id}`, carrier_code: 'USPS', service_level: 'USPS_GROUND_ADVANTAGE', price: '5.10', delivery_days: '4' });

describe('v2 client', () => {
  it('splits quick_rate into calls of 10 and answers in the order asked, whatever order the service answers in', async () => {
    const { server, client } = await fakeV2((request) => {
      const batch = JSON.parse(request.body) as Array<{ request_unique_id: string }>;
      const data = batch.map((entry) => ({ request_unique_id: entry.request_unique_id, shipment_rate_data: [rate(entry.request_unique_id)] })).reverse();
      return { status: 200, json: { code: 'ok', msg: 'ok', data } };
    });
    const ids = Array.from({ length: 23 }, (_, i) => `req-${i}`);
    const results = await client.quickRate(ids.map(item));
    const batches = server.seen.filter((seen) => seen.url === '/api/shipment/batch/quick_rate').map((seen) => (JSON.parse(seen.body) as unknown[]).length);
    expect(batches.sort((a, b) => b - a)).toEqual([10, 10, 3]);
    expect(results.map((result) => result.request_unique_id)).toEqual(ids);
    // Numbers sent as strings are read as numbers; defaults were filled in before sending.
    expect(results[0]?.shipment_rate_data[0]).toMatchObject({ price: 5.1, delivery_days: 4 });
    const sent = JSON.parse(server.seen.find((seen) => seen.url.includes('quick_rate'))?.body ?? '[]') as Array<{ package_data: { weight_unit: string } }>;
    expect(sent[0]?.package_data.weight_unit).toBe('oz');
  });

  it('refuses duplicate request ids before sending', async () => {
    const { server, client } = await fakeV2(() => ({ status: 500 }));
    expect((await failure(client.quickRate([item('a'), item('a')]))).code).toBe('invalid_input');
    expect(server.seen).toHaveLength(0);
  });

  it('passes the service\'s own words and code through for a business refusal', async () => {
    const { client } = await fakeV2(() => ({ status: 409, json: { code: 'shipment_already_voided', msg: 'This label has already been voided.', data: null } }));
    expect(await failure(client.voidLabel({ shipment_no: '123' }))).toEqual({
      code: 'service_rejected',
      message: 'This label has already been voided.',
      serviceCode: 'shipment_already_voided',
      retryable: false,
    });
  });

  it('says when the answer does not have the expected shape', async () => {
    const { client } = await fakeV2(() => ({ status: 200, json: { code: 'ok', msg: 'ok', data: { shipment_no: 1, label_urls: [] } } }));
    const error = await failure(client.createAndPay({ rate_id: 'r', platform_uk_id: 'PS-1', label_print_type: 'common' }));
    expect(error.message).toMatch(/The shipping service sent an answer the station doesn't understand/);
    // Not a refusal: the journal keeps such a purchase pending and re-sends its platform_uk_id, never marks it failed.
    expect(error).toMatchObject({ code: 'service_unavailable', retryable: false });
    expect(error.serviceCode).toBeUndefined();
  });

  it('reads a 200 that is not JSON at all (a proxy\'s HTML page) as not understood, not as success', async () => {
    const { client } = await fakeV2(() => ({ status: 200, text: '<html><body>Gateway login</body></html>' }));
    expect(await failure(client.createAndPay({ rate_id: 'r', platform_uk_id: 'PS-2', label_print_type: 'common' }))).toMatchObject({ code: 'service_unavailable', retryable: false });
  });

  it('re-sends a purchase with the same platform_uk_id after a lost answer', async () => {
    let calls = 0;
    const shipment = {
      shipment_no: 77,
      platform_uk_id: 'PS-9',
      tracking_no: '9400100000000000000001',
      carrier_code: 'USPS',
      total_fee: '7.25',
      duplicate_label: true,
      label_urls: ['http://x/label.png'],
    };
    const { server, client } = await fakeV2(() => (++calls === 1 ? 'reset' : { status: 200, json: { code: 'ok', msg: 'ok', data: shipment } }));
    // One HTTP attempt per journal attempt: the lost answer is reported, and the journal's next attempt re-sends the same id.
    expect(await failure(client.createAndPay({ rate_id: 'r-1', platform_uk_id: 'PS-9', label_print_type: 'common' }))).toMatchObject({ retryable: true });
    const bought = await client.createAndPay({ rate_id: 'r-1', platform_uk_id: 'PS-9', label_print_type: 'common' });
    expect(bought).toMatchObject({ shipment_no: '77', total_fee: 7.25, duplicate_label: true });
    const bodies = server.seen.filter((seen) => seen.url === '/api/shipment/create_and_pay').map((seen) => JSON.parse(seen.body) as { platform_uk_id: string });
    expect(bodies.map((body) => body.platform_uk_id)).toEqual(['PS-9', 'PS-9']);
  });

  it('never repeats a pickup whose answer was lost', async () => {
    const { server, client } = await fakeV2(() => 'reset');
    const error = await failure(client.pickupAdd({ package_location: ['front_door'], carrier_code: 'USPS', tracking_nos: ['9400'] }));
    expect(error).toMatchObject({ code: 'timeout', retryable: false });
    expect(error.message).toMatch(/schedule the pickup/);
    expect(server.seen.filter((seen) => seen.url === '/api/shipment/pickup/add')).toHaveLength(1);
  });

  it('asks for exactly one identifier when voiding', async () => {
    const { client } = await fakeV2(() => ({ status: 500 }));
    expect((await failure(client.voidLabel({}))).code).toBe('invalid_input');
    expect((await failure(client.voidLabel({ shipment_no: '1', platform_uk_id: 'p' }))).code).toBe('invalid_input');
  });
});
