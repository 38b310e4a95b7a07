import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountCommands } from '../../../shared/contract/account';
import { createAccountModule } from '../../../electron/account/module';
import { createV1Client } from '../../../electron/api/v1/client';
import { createMemoryLogger } from '../../../electron/log/logger';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox';
import { createShippingSettings } from '../../../electron/shipping/settings';
import { openDatabase, type Db } from '../../../electron/store/database';
import { createSettingsStore } from '../../../electron/store/settings';
import { createShipmentsRepo } from '../../../electron/store/shipmentsRepo';
import { failure } from '../../support/failure';
import { recordingPrint } from '../../support/v1Desk';

type Name = keyof typeof accountCommands;

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ seed: 71 });
});
afterAll(() => sandbox.close());

/**
 * One bench: its own database and account module on the shared service. Its
 * purchases can be made to lose their answer after the sale (the service
 * sold the label, the bench hears 503), the way a proxy in front of the
 * service fails.
 */
function bench() {
  const db: Db = openDatabase({ file: ':memory:' });
  const lose: Array<() => Promise<unknown>> = [];
  const fetchThrough: typeof fetch = async (input, init) => {
    const answer = await fetch(input, init);
    const meanwhile = String(input instanceof Request ? input.url : input).includes('/api/rates/buy') ? lose.shift() : undefined;
    if (meanwhile) {
      await answer.arrayBuffer();
      await meanwhile();
      return new Response(JSON.stringify({ message: 'Service Unavailable' }), { status: 503, headers: { 'content-type': 'application/json' } });
    }
    return answer;
  };
  const v1 = createV1Client({ baseUrl: sandbox.legacyBaseUrl, apiToken: sandbox.credentials.apiToken, fetch: fetchThrough, retry: { baseDelayMs: 5, maxDelayMs: 20 } });
  createShippingSettings(createSettingsStore(db)).set({
    shipFrom: { name: 'Desk', street: '2150 E 7th St', city: 'Los Angeles', state: 'CA', zip: '90021', country: 'US' },
  });
  const module = createAccountModule(
    { dataDir: '', db, emit: () => undefined, log: createMemoryLogger(), now: () => new Date() },
    { backend: { clients: async () => ({ v1, backendId: 'sandbox' }) }, print: recordingPrint() },
  );
  async function call<N extends Name>(name: N, input: unknown): Promise<Awaited<ReturnType<(typeof module)['handlers'][N]>>> {
    return (module.handlers[name] as (a: unknown) => Promise<never>)(accountCommands[name].input.parse(input));
  }
  return {
    call,
    /** The next purchase's answer is lost after the sale; `meanwhile` runs before this bench hears the 503. */
    loseNextAnswer: (meanwhile: () => Promise<unknown> = async () => undefined) => void lose.push(meanwhile),
    holds: () => createShipmentsRepo(db, () => new Date()),
    async close() {
      await module.close?.();
      db.close();
    },
  };
}

const store = 'Two Bench Store';
const to = { name: 'Ann Lee', street: '1457 Sunset Boulevard', city: 'Los Angeles', state: 'CA', zip: '90026' };
const box = (weightOz: number) => ({ weightOz, lengthIn: 10, widthIn: 8, heightIn: 4 });

describe('two benches buying boxes of one v1 order', () => {
  it('bench B, whose box-2 answer is lost after the sale, takes its own label and never bench A\'s', async () => {
    const a = bench();
    const b = bench();
    const orderNumber = 'TB-1';
    await a.call('account.orders.create', { storeName: store, warehouseName: 'Main Warehouse', orderNumber, recipient: to, packages: [box(20), box(36)] });
    const shipment = { storeName: store, orderNumber, warehouseName: 'Main Warehouse', to, serviceType: 'usps_ground_advantage' };
    const before = sandbox.stats().labelsSold;
    // Bench A buys box 1 between B's sale and B's read-back, so the order's newest label is A's.
    let first: { trackingCode: string } | undefined;
    b.loseNextAnswer(async () => (first = await a.call('account.buyDirect', { ...shipment, packageIndex: 1, package: box(20) })));
    const second = await b.call('account.buyDirect', { ...shipment, packageIndex: 2, package: box(36) });
    if (!first) throw new Error('bench A bought box 1 meanwhile');
    expect(second.trackingCode).not.toBe(first.trackingCode);
    expect(second.note).toMatch(/answer was lost/);
    expect(sandbox.stats().labelsSold - before).toBe(2);
    expect(b.holds().findByRef(first.trackingCode)).toBeUndefined();
    await a.close();
    await b.close();
  });

  it('when bench A\'s box has the same weight, bench B keeps box 2 unknown in words and buys nothing more', async () => {
    const a = bench();
    const b = bench();
    const orderNumber = 'TB-2';
    await a.call('account.orders.create', { storeName: store, warehouseName: 'Main Warehouse', orderNumber, recipient: to, packages: [box(20), box(20)] });
    const shipment = { storeName: store, orderNumber, warehouseName: 'Main Warehouse', to, serviceType: 'usps_ground_advantage' };
    const before = sandbox.stats().labelsSold;
    let first: { trackingCode: string } | undefined;
    b.loseNextAnswer(async () => (first = await a.call('account.buyDirect', { ...shipment, packageIndex: 1, package: box(20) })));
    const lost = await failure(b.call('account.buyDirect', { ...shipment, packageIndex: 2, package: box(20) }));
    expect(lost.message).toMatch(/box 2 of order TB-2 was not confirmed.*kept as unknown/);
    expect(lost.message).not.toMatch(/[a-z]+_[a-z]+/);
    // Pressing Buy again neither buys a third label nor takes bench A's.
    const again = await failure(b.call('account.buyDirect', { ...shipment, packageIndex: 2, package: box(20) }));
    expect(again.message).toMatch(/kept as unknown/);
    expect(sandbox.stats().labelsSold - before).toBe(2);
    if (!first) throw new Error('bench A bought box 1 meanwhile');
    expect(b.holds().findByRef(first.trackingCode)).toBeUndefined();
    await a.close();
    await b.close();
  });
});
