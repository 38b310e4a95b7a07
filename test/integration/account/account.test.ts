import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountCommands } from '../../../shared/contract/account';
import type { EventName } from '../../../shared/contract';
import { createV1Client } from '../../../electron/api/v1/client';
import { createV2Client } from '../../../electron/api/v2/client';
import { createAccountModule } from '../../../electron/account/module';
import { createMemoryLogger } from '../../../electron/log/logger';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox';
import { openDatabase, type Db } from '../../../electron/store/database';

let sandbox: RunningSandbox;
let db: Db;
let module: ReturnType<typeof createAccountModule>;
let v2: ReturnType<typeof createV2Client>;
let v1: ReturnType<typeof createV1Client>;
const events: Array<{ name: EventName; payload: unknown }> = [];

async function call<N extends keyof typeof accountCommands>(name: N, input: unknown): Promise<Awaited<ReturnType<(typeof module)['handlers'][N]>>> {
  return (module.handlers[name] as (a: unknown) => Promise<never>)(accountCommands[name].input.parse(input));
}

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 11 });
  db = openDatabase({ file: ':memory:' });
  v1 = createV1Client({ baseUrl: sandbox.legacyBaseUrl, apiToken: sandbox.credentials.apiToken });
  v2 = createV2Client({ baseUrl: sandbox.baseUrl, appKey: sandbox.credentials.appKey, appSecret: sandbox.credentials.appSecret });
  module = createAccountModule(
    { dataDir: '', db, emit: (name, payload) => void events.push({ name, payload }), log: createMemoryLogger(), now: () => new Date() },
    { backend: { clients: async () => ({ v1 }) }, pollIntervalMs: 250, pollTimeoutMs: 20_000 },
  );
});
afterAll(async () => {
  await module.close?.();
  db.close();
  await sandbox.close();
});

const to = { first_name: 'Ann', last_name: 'Lee', street: '1457 Sunset Boulevard', city: 'Los Angeles', state: 'CA', zip_code: '90026', country: 'US' };
const from = { first_name: 'Shipping', last_name: 'Desk', street: '2150 E 7th St', city: 'Los Angeles', state: 'CA', zip_code: '90021', country: 'US' };

describe('legacy v1 account views against the sandbox', () => {
  it('shows the balance and carrier accounts without exposing account tokens', async () => {
    const balance = await call('account.balance', {});
    expect(balance.currency).toBe('USD');
    expect(balance.balance).toBeGreaterThan(0);
    const accounts = await call('account.carrierAccounts', {});
    expect(accounts.length).toBeGreaterThan(0);
    expect(accounts.every((a) => a.tokenHint.includes('…') && a.tokenHint.length < 12)).toBe(true);
  });

  it('creates an order, refuses labels for an order without one, shows them once bought, deletes it', async () => {
    const created = await call('account.orders.create', {
      storeName: 'Demo Store',
      warehouseName: 'Main Warehouse',
      orderNumber: 'ACC-1',
      recipient: { name: 'Ann Lee', street: '1457 Sunset Boulevard', city: 'Los Angeles', state: 'CA', zip: '90026' },
      packages: [{ weightOz: 24, lengthIn: 10, widthIn: 8, heightIn: 4 }],
    });
    expect(created.orderNumber).toBe('ACC-1');
    await expect(call('account.orders.labels', { storeName: 'Demo Store', orderNumber: 'ACC-1' })).rejects.toMatchObject({ error: { code: 'not_found' } });
    await v1.buyLabel({
      from: { name: 'Desk', street: '2150 E 7th St', city: 'Los Angeles', state: 'CA', zip: '90021', country: 'US' },
      to: { name: 'Ann Lee', street: '1457 Sunset Boulevard', city: 'Los Angeles', state: 'CA', zip: '90026', country: 'US' },
      shipments: [{ length: 10, width: 8, height: 4, weight: 1.5 }],
      order: { warehouse_name: 'Main Warehouse', store_name: 'Demo Store', order_number: 'ACC-1', service_type: 'usps_ground_advantage' },
    });
    const labels = await call('account.orders.labels', { storeName: 'Demo Store', orderNumber: 'ACC-1' });
    expect(labels).toHaveLength(1);
    expect(labels[0]?.trackingCode).toBeTruthy();
    expect(labels[0]?.labelUrls.length).toBeGreaterThan(0);
    expect(await call('account.orders.delete', { storeName: 'Demo Store', orderNumber: 'ACC-1' })).toEqual({ deleted: true });
    await expect(call('account.orders.delete', { storeName: 'Demo Store', orderNumber: 'ACC-1' })).rejects.toMatchObject({ error: { code: 'not_found' } });
  });

  it('makes a USPS SCAN form and polls an e-commerce one until ready', async () => {
    const bought = await v2.directBuy({
      platform_uk_id: 'acc-scan-1', carrier_code: 'USPS', service_level: 'USPS_GROUND_ADVANTAGE', from_address_data: from, to_address_data: to,
      package_data: { type: 'my_package', length: 8, width: 6, height: 4, dimension_unit: 'in', weight: 12, weight_unit: 'oz' }, ship_date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'), label_print_type: 'common',
    });
    const usps = await call('account.scanForms.create', { trackingCodes: [bought.tracking_no] });
    expect(usps).toMatchObject({ kind: 'usps', status: 'ready' });
    expect(usps.url).toMatch(/^http/);
    const ecom = await call('account.scanForms.ecommerce', { carrier: 'DHL', trackingCodes: ['40EB09B82E1146DE9166C499A0B4EA'] });
    expect(ecom).toMatchObject({ kind: 'ecommerce', status: 'ready' });
    const progress = events.filter((e) => e.name === 'account.scanForm.progress').map((e) => (e.payload as { status: string }).status);
    expect(progress[0]).toBe('started');
    expect(progress).toContain('waiting');
    expect(progress.at(-1)).toBe('ready');
  }, 30_000);
});
