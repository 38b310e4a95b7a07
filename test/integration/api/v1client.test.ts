import { afterEach, describe, expect, it } from 'vitest';
import { createV1Client } from '../../../electron/api/v1/client';
import { createV1Limiters } from '../../../electron/api/v1/groups';
import { startFakeServer, type Handler } from './fakeServer';
import { failure } from '../../support/failure';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function fakeV1(handler: Handler, apiToken: string | null = 'legacy-token-0123456789') {
  const server = await startFakeServer(handler);
  closers.push(() => server.close());
  const client = createV1Client({ baseUrl: server.url, apiToken: apiToken ?? undefined, retry: { baseDelayMs: 1, maxDelayMs: 2 } });
  return { server, client };
}

describe('v1 client', () => {
  it('sends the api_token in the query string and parses string numbers', async () => {
    const { server, client } = await fakeV1(() => ({ status: 200, json: { balance: 173.13, currency: 'usd' } }));
    await expect(client.balance()).resolves.toMatchObject({ balance: '173.13', currency: 'usd' });
    expect(server.seen[0]?.url).toBe('/api/balance?api_token=legacy-token-0123456789');
  });

  it('waits out a 429 by pausing the endpoint group, then succeeds', async () => {
    let calls = 0;
    const { server, client } = await fakeV1(() =>
      ++calls === 1 ? { status: 429, json: { message: 'Too many requests' }, headers: { 'retry-after': '0' } } : { status: 200, json: [] },
    );
    await expect(client.carrierAccounts()).resolves.toEqual([]);
    expect(server.seen).toHaveLength(2);
  });

  it('maps a refused token and a business refusal to the operator\'s words', async () => {
    const refused = await fakeV1(() => ({ status: 401, json: { message: 'Invalid token or account not found', code: 'api_token_invalid' } }));
    expect(await failure(refused.client.balance())).toMatchObject({ code: 'unauthorized', message: expect.stringMatching(/api token/) });

    const rejected = await fakeV1(() => ({ status: 400, json: { message: 'Invalid order number or store name', code: 'order_not_found' } }));
    expect(await failure(rejected.client.deleteOrder({ store_name: 'S', order_number: '1' }))).toEqual({
      code: 'service_rejected',
      message: 'Invalid order number or store name',
      serviceCode: 'order_not_found',
      retryable: false,
    });
  });

  it('fails with not_configured, without a request, when no token is stored', async () => {
    const { server, client } = await fakeV1(() => ({ status: 200, json: {} }), null);
    expect((await failure(client.balance())).code).toBe('not_configured');
    expect(server.seen).toHaveLength(0);
  });

  it('reads both rates/list shapes: a bare array and {rates}', async () => {
    const rate = { shipment_id: 's', rate_id: 'r', carrier: 'USPS', service_type: 'usps_ground_advantage', rate: '8.99', delivery_days: '5' };
    let calls = 0;
    const { client } = await fakeV1(() => ({ status: 200, json: ++calls % 2 === 0 ? { rates: [rate] } : [rate] }));
    const request = {
      from: { name: 'A', street: '1 Main', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
      to: { name: 'B', street: '2 Main', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
      shipments: [{ length: 6, width: 6, height: 6, weight: 1 }],
      order: { warehouse_name: 'WH' },
    };
    expect((await client.ratesList(request))[0]).toMatchObject({ rate: 8.99, delivery_days: 5 });
    expect((await client.ratesList(request))[0]).toMatchObject({ rate: 8.99 });
  });

  it('queues a burst behind the group limit instead of failing', async () => {
    const { server } = await fakeV1(() => ({ status: 200, json: { balance: '1.00', currency: 'usd' } }));
    const limiters = createV1Limiters();
    const client = createV1Client({ baseUrl: server.url, apiToken: 'legacy-token-0123456789', limiters });
    const calls = Array.from({ length: 75 }, () => client.balance());
    await Promise.all(calls.slice(0, 60));
    // The account group allows 60 a minute: the other 15 wait for the window to slide.
    expect(server.seen).toHaveLength(60);
    expect(limiters.account.queued).toBe(15);
  });
});
