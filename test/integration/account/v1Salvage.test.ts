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

/**
 * Issue 10 part 2 for the legacy v1 buy, against the sandbox over HTTP: a
 * purchase answer the parser refuses is recorded as bought from what it
 * holds and never sent again (v1 has no platform_uk_id, so a second send
 * would buy a second label); the label found prints and voids by tracking code.
 */
let sandbox: RunningSandbox;
let db: Db;
let module: ReturnType<typeof createAccountModule>;
const printed: number[] = [];

type Name = keyof typeof accountCommands;
async function call<N extends Name>(name: N, input: unknown): Promise<Awaited<ReturnType<(typeof module)['handlers'][N]>>> {
  return (module.handlers[name] as (a: unknown) => Promise<never>)(accountCommands[name].input.parse(input));
}

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 35 });
  db = openDatabase({ file: ':memory:' });
  const v1 = createV1Client({ baseUrl: sandbox.legacyBaseUrl, apiToken: sandbox.credentials.apiToken });
  createShippingSettings(createSettingsStore(db)).set({
    shipFrom: { name: 'Desk', street: '2150 E 7th St', city: 'Los Angeles', state: 'CA', zip: '90021', country: 'US' },
  });
  module = createAccountModule(
    { dataDir: '', db, emit: () => undefined, log: createMemoryLogger(), now: () => new Date() },
    { backend: { clients: async () => ({ v1, backendId: 'sandbox' }) }, print: { enqueue: async (job) => (printed.push(job.png.length), { jobId: `job-${printed.length}` }) } },
  );
});
afterAll(async () => {
  await module.close?.();
  db.close();
  await sandbox.close();
});

const store = 'Salvage Store';
const to = { name: 'Ann Lee', street: '1457 Sunset Boulevard', city: 'Los Angeles', state: 'CA', zip: '90026' };
const pkg = { weightOz: 20, lengthIn: 10, widthIn: 8, heightIn: 4 };

async function order(orderNumber: string) {
  await call('account.orders.create', { storeName: store, warehouseName: 'Main Warehouse', orderNumber, recipient: to, packages: [pkg] });
  return { storeName: store, orderNumber, warehouseName: 'Main Warehouse', to, package: pkg, serviceType: 'usps_ground_advantage' };
}

describe('a v1 purchase answer the parser refuses', () => {
  it('keeps the label found in it (printed, never bought again, voided by its tracking code)', async () => {
    const shipment = await order('V1S-1');
    sandbox.faults.set({ unreadablePurchaseAnswers: 1, unreadableKind: 'scattered' });
    const before = sandbox.stats().labelsSold;
    const first = await call('account.buyDirect', shipment);
    expect(sandbox.stats().labelsSold).toBe(before + 1);
    expect(first.trackingCode).toMatch(/^[0-9A-Z]{10,}$/);
    expect(first.labelPng?.startsWith('iVBORw0KGgo')).toBe(true);
    expect(first.printJobId).toBe(`job-${printed.length}`);
    expect(first.note).toMatch(/answer was not understood.*found tracking number/);
    const row = createShipmentsRepo(db, () => new Date()).findByRef(first.trackingCode);
    expect(row?.unreadable_answer).toMatch(/tracking from result\.parcel\.carrierTracking · label from links\.print/);

    const again = await call('account.buyDirect', shipment);
    expect(again.trackingCode).toBe(first.trackingCode);
    expect(sandbox.stats().labelsSold).toBe(before + 1);

    expect(await call('account.void', { trackingCode: first.trackingCode })).toEqual({ trackingCode: first.trackingCode, voided: true });
  });

  it('with nothing usable: bought, never re-sent, and the operator is told to contact support', async () => {
    const shipment = await order('V1S-2');
    sandbox.faults.set({ unreadablePurchaseAnswers: 1, unreadableKind: 'empty' });
    const before = sandbox.stats().labelsSold;
    const first = await call('account.buyDirect', shipment);
    expect(first.trackingCode).toBe('');
    expect(first.labelPng).toBeNull();
    expect(first.note).toMatch(/contact support with the details line below to void it/);
    const again = await call('account.buyDirect', shipment);
    expect(again.note).toMatch(/already has a label/);
    expect(sandbox.stats().labelsSold).toBe(before + 1);
  });
});
