import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandInput, CommandName, CommandOutput } from '../../../shared/contract';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox';
import { createStation, type Station } from '../../../electron/station/createStation';
import { noKeychain } from '../../support/station';
import { everyFileText } from '../../support/tempDir';
import { createVault } from '../../../electron/vault/vault';

/**
 * Design invariant 1 end to end: a station pointed at a separately started
 * service with known keys buys, voids and reads every view; no command result,
 * no event and no file in its data folder carries a key, an access token or a
 * carrier-account token.
 */
let sandbox: RunningSandbox;
let station: Station;
let dataDir: string;
const seen: string[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 53 });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ps-nosecrets-'));
  station = await createStation({
    dataDir,
    vault: createVault({ keychain: noKeychain }),
    devices: { noUsb: true },
    override: { baseUrl: sandbox.baseUrl, legacyBaseUrl: sandbox.legacyBaseUrl, ...sandbox.credentials },
  });
  station.events.subscribe((name, payload) => seen.push(`${name} ${JSON.stringify(payload)}`));
});
afterAll(async () => {
  await station.close();
  await sandbox.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function call<N extends CommandName>(name: N, input: CommandInput<N>) {
  const result = await station.dispatch(name, input);
  seen.push(`${name} ${JSON.stringify(result)}`);
  return result;
}

describe('secrets never cross the contract', () => {
  it('leave no key, access token or carrier-account token in any result, event or file', async () => {
    const from = { name: 'Shipping Desk', street: '2150 E 7th St', city: 'Los Angeles', state: 'CA', zip: '90021', country: 'US' };
    const to = { name: 'Ann Lee', street: '500 Pine Street', city: 'Seattle', state: 'WA', zip: '98101', country: 'US' };
    expect((await call('settings.shipping.set', { shipFrom: from })).ok).toBe(true);
    const quote = await call('rates.quote', { to, package: { weightOz: 12, lengthIn: 8, widthIn: 6, heightIn: 4 }, orderNumber: 'NS-1' });
    if (!quote.ok) throw new Error(quote.error.message);
    const rates = quote.value as CommandOutput<'rates.quote'>;
    const rate = rates.rates.find((r) => r.carrierCode === 'USPS');
    const bought = await call('labels.buy', { method: 'rate', quoteId: rates.quoteId, rateId: rate?.rateId ?? '', orderNumber: 'NS-1', print: false });
    if (!bought.ok) throw new Error(bought.error.message);
    const tracking = (bought.value as CommandOutput<'labels.buy'>).shipment.trackingNo ?? '';
    await call('shipments.find', { ref: tracking });
    await call('labels.void', { ref: tracking });
    for (const name of ['station.info', 'backend.status', 'history.search', 'orders.list', 'pickups.list', 'pickups.locations', 'scanForms.list', 'settings.shipping.get', 'account.balance', 'account.carrierAccounts'] as const) {
      expect((await call(name, {})).ok, name).toBe(true);
    }

    const carrierTokens = ((await (await fetch(`${sandbox.legacyBaseUrl}/api/carrier-account/list?api_token=${sandbox.credentials.apiToken}`)).json()) as Array<{ token: string }>).map((a) => a.token);
    expect(carrierTokens.length).toBeGreaterThan(0);
    const secrets = [sandbox.credentials.appKey, sandbox.credentials.appSecret, sandbox.credentials.apiToken];
    const contract = seen.join('\n');
    expect(contract).toContain(tracking);
    for (const secret of [...secrets, ...carrierTokens]) expect(contract).not.toContain(secret);
    expect(contract).not.toMatch(/eyJhbGci/);

    const files = everyFileText(dataDir);
    for (const secret of secrets) expect(files).not.toContain(secret);
    expect(files).not.toMatch(/eyJhbGci/);

    // The log and the audit log of service calls hold no address either (the shipments table does, for history).
    const db = new Database(path.join(dataDir, 'station.sqlite'), { readonly: true });
    const audit = db.prepare('SELECT * FROM audit_log').all() as Array<Record<string, unknown>>;
    db.close();
    expect(audit.map((row) => row.endpoint)).toEqual(expect.arrayContaining(['/api/shipment/get_rates', '/api/shipment/create_and_pay', '/api/shipment/void_label']));
    const logFile = everyFileText(path.join(dataDir, 'logs'));
    expect(logFile).toContain('/api/shipment/create_and_pay');
    const logs = `${logFile}\n${JSON.stringify(audit)}`;
    for (const personal of ['Ann Lee', '500 Pine Street', 'Pine St', '2150 E 7th St', 'Shipping Desk', ...secrets]) expect(logs).not.toContain(personal);
  });
});
