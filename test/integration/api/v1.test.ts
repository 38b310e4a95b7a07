import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '../../../electron/api/audit';
import { createV1Client, type V1Client } from '../../../electron/api/v1/client';
import { createV1Limiters } from '../../../electron/api/v1/groups';
import { createSlidingWindowLimiter, type Clock } from '../../../electron/api/v1/limiter';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox';
import type { V1ShipmentRequest } from '../../../shared/api/v1';
import { failure } from '../../support/failure';

/**
 * Every legacy endpoint through the station's v1 client against the sandbox.
 * The sandbox and the client's limiters share one hand-moved clock, so a
 * minute of rate limiting passes without a minute of waiting.
 */
let nowMs = Date.parse('2026-03-10T18:00:00Z');
let timers: Array<{ at: number; fn: () => void }> = [];
const clock: Clock = {
  now: () => nowMs,
  setTimer(ms, fn) {
    const timer = { at: nowMs + ms, fn };
    timers.push(timer);
    return () => {
      timers = timers.filter((t) => t !== timer);
    };
  },
};
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 20));
async function advance(ms: number): Promise<void> {
  nowMs += ms;
  const due = timers.filter((t) => t.at <= nowMs);
  timers = timers.filter((t) => t.at > nowMs);
  for (const timer of due) timer.fn();
  await settle();
}

let sandbox: RunningSandbox;
let client: V1Client;
const audit: AuditEntry[] = [];

const shipment = (extra: Partial<V1ShipmentRequest['order']> = {}): V1ShipmentRequest => ({
  from: { name: 'Shipping Desk', company: 'Harbor Goods Co', street: '2150 E 7th St', city: 'Los Angeles', state: 'CA', zip: '90021', country: 'US' },
  to: { name: 'Daniel Kim', street: '315 West 36th Street', street2: 'Floor 7', city: 'New York', state: 'NY', zip: '10018', country: 'US', residential: true },
  shipments: [{ length: 12, width: 9, height: 5, weight: 2.1 }],
  order: { warehouse_name: 'Main Warehouse', ...extra },
});

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 5, now: () => new Date(nowMs) });
  client = createV1Client({
    baseUrl: sandbox.legacyBaseUrl,
    apiToken: sandbox.credentials.apiToken,
    limiters: createV1Limiters(clock),
    audit: (entry) => audit.push(entry),
  });
});
afterAll(async () => {
  await sandbox.close();
});

describe('v1 client against the sandbox', () => {
  it('rates/list, then buy by rate id (pounds on the wire)', async () => {
    const rates = await client.ratesList(shipment());
    expect(rates.length).toBeGreaterThan(1);
    const cheapest = [...rates].sort((a, b) => a.rate - b.rate)[0];
    const label = await client.buy(cheapest?.rate_id ?? '');
    expect(label.tracking_code).toBeTruthy();
    expect(label.label_url[0]).toMatch(/^http/);
  });

  it('buy-label directly, then void it by tracking code', async () => {
    const label = await client.buyLabel(shipment({ service_type: 'usps_ground_advantage' }));
    expect(label.carrier.toUpperCase()).toBe('USPS');
    await expect(client.voidLabel(label.tracking_code)).resolves.toMatchObject({ tracking_code: label.tracking_code });
  });

  it('orders: create, list, buy for the order, labels by store and order number, delete', async () => {
    const orderNumber = `IT-${process.pid}-${Date.now()}`;
    const created = await client.createOrder({
      store_name: 'Demo Store',
      order_number: orderNumber,
      warehouse_name: 'Main Warehouse',
      verify_address: false,
      client_name: 'Daniel Kim',
      client_street: '315 West 36th Street',
      client_city: 'New York',
      client_state: 'NY',
      client_zip: '10018',
      client_country: 'US',
      shipments: [{ length: 12, width: 9, height: 5, weight: 2.1 }],
    });
    expect(created.order_number).toBe(orderNumber);
    // A client of a real service lists nothing and says so in words, sending no request.
    expect(await failure(client.practiceOrderList({ store_name: 'Demo Store' }))).toMatchObject({ code: 'not_configured', message: expect.stringContaining('offers no list') });
    const practice = createV1Client({ baseUrl: sandbox.legacyBaseUrl, apiToken: sandbox.credentials.apiToken, practice: true });
    expect((await practice.practiceOrderList({ store_name: 'Demo Store' })).orders.some((order) => order.order_number === orderNumber)).toBe(true);
    expect(await failure(client.orderLabels({ store_name: 'Demo Store', order_number: orderNumber }))).toMatchObject({
      code: 'service_rejected',
      serviceCode: 'order_has_no_label',
    });
    await client.buyLabel(shipment({ service_type: 'usps_ground_advantage', store_name: 'Demo Store', order_number: orderNumber }));
    const labels = await client.orderLabels({ store_name: 'Demo Store', order_number: orderNumber });
    expect(labels[0]?.tracking_code).toBeTruthy();
    await client.deleteOrder({ store_name: 'Demo Store', order_number: orderNumber });
    expect((await failure(client.deleteOrder({ store_name: 'Demo Store', order_number: orderNumber }))).serviceCode).toBe('order_not_found');
  });

  it('address verification', async () => {
    const result = await client.verifyAddress({ street: '88 north main street', city: 'Salt Lake City', state: 'UT', zip: '84111', country: 'US' });
    expect(typeof result.errored).toBe('boolean');
  });

  it('USPS SCAN form, and the asynchronous e-commerce one polled until ready', async () => {
    const a = await client.buyLabel(shipment({ service_type: 'usps_ground_advantage' }));
    const form = await client.createScanForm([a.tracking_code]);
    expect(form.url).toMatch(/\.pdf$/);
    const b = await client.buyLabel(shipment({ service_type: 'usps_ground_advantage' }));
    const started = await client.createEcommerceScanForm('DHL', [b.tracking_code]);
    expect((await client.getEcommerceScanForm('dhl', started.request)).url ?? null).toBeNull();
    await advance(5_000);
    expect((await client.getEcommerceScanForm('dhl', started.request)).url).toMatch(/\.pdf$/);
  });

  it('carrier accounts and balance', async () => {
    expect((await client.carrierAccounts()).length).toBeGreaterThan(0);
    const balance = await client.balance();
    expect(Number(balance.balance)).toBeGreaterThan(0);
  });

  it('a refused token is reported in words', async () => {
    const wrong = createV1Client({ baseUrl: sandbox.legacyBaseUrl, apiToken: 'not-the-token-0000000000' });
    expect(await failure(wrong.balance())).toMatchObject({ code: 'unauthorized' });
    const v2Key = createV1Client({ baseUrl: sandbox.legacyBaseUrl, apiToken: sandbox.credentials.appKey });
    expect((await failure(v2Key.balance())).code).toBe('unauthorized');
  });

  it('a burst over the 60/min group waits for the next minute instead of drawing 429s', async () => {
    await advance(61_000);
    const before = audit.length;
    const calls = Array.from({ length: 70 }, () => client.balance());
    await Promise.all(calls.slice(0, 60));
    await settle();
    expect(audit.length - before).toBe(60);
    await advance(61_000);
    await Promise.all(calls);
    const burst = audit.slice(before);
    expect(burst).toHaveLength(70);
    expect(burst.every((entry) => entry.outcome === 'ok')).toBe(true);
  });

  it('honours the service\'s 429 Retry-After when the client-side budget is wrong', async () => {
    await advance(61_000);
    // A limiter that believes the account group allows 1000 a minute: the service will say otherwise.
    const generous = createSlidingWindowLimiter({ limit: 1000, windowMs: 60_000, clock });
    const limiters = { ...createV1Limiters(clock), account: generous };
    const calls: AuditEntry[] = [];
    const optimistic = createV1Client({ baseUrl: sandbox.legacyBaseUrl, apiToken: sandbox.credentials.apiToken, limiters, audit: (entry) => calls.push(entry), retry: { maxRetryAfterMs: 120_000 } });
    const burst = Array.from({ length: 63 }, () => optimistic.balance());
    await vi.waitFor(() => expect(calls.filter((entry) => entry.outcome === 'rate_limited')).toHaveLength(3), { timeout: 5_000 });
    await advance(61_000);
    await Promise.all(burst);
    expect(calls.filter((entry) => entry.outcome === 'ok')).toHaveLength(63);
  });
});
