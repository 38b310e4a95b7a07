import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CapturedExchange } from '../../../electron/api/capture';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox';
import { createStation, type Station } from '../../../electron/station/createStation';
import { createVault } from '../../../electron/vault/vault';
import { command, noKeychain } from '../../support/station';

/**
 * Issue 10 part 3: wire capture against the real sandbox over HTTP. Each v2
 * and v1 exchange is one JSON file; no file holds the test's AppKey,
 * AppSecret, api_token, an access token or a carrier-account token.
 */
const closers: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function open(captureWire?: string): Promise<{ sandbox: RunningSandbox; station: Station; dataDir: string }> {
  const sandbox = await startSandbox({ seed: 61 });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ps-capture-'));
  closers.push(() => fs.rmSync(dataDir, { recursive: true, force: true }), () => sandbox.close());
  const station = await createStation({
    dataDir,
    vault: createVault({ keychain: noKeychain }),
    devices: { noUsb: true },
    override: { baseUrl: sandbox.baseUrl, legacyBaseUrl: sandbox.legacyBaseUrl, ...sandbox.credentials },
    ...(captureWire ? { captureWire } : {}),
  });
  closers.push(() => station.close());
  return { sandbox, station, dataDir };
}

const from = { name: 'Shipping Desk', street: '2150 E 7th St', city: 'Los Angeles', state: 'CA', zip: '90021', country: 'US' };
const to = { name: 'Ann Lee', street: '500 Pine Street', city: 'Seattle', state: 'WA', zip: '98101', country: 'US' };

const readAll = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => fs.readFileSync(path.join(dir, f), 'utf8')) : []);

describe('wire capture', () => {
  it('--capture-wire DIR writes one redacted file per v2 and v1 exchange, with no key, secret or token in any of them', async () => {
    const folder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ps-wire-')), 'wire');
    closers.push(() => fs.rmSync(path.dirname(folder), { recursive: true, force: true }));
    const { sandbox, station } = await open(folder);
    expect(await command(station, 'capture.status', {})).toEqual({ enabled: true, folder: path.resolve(folder), fromCommandLine: true });

    await command(station, 'settings.shipping.set', { shipFrom: from });
    const quote = await command(station, 'rates.quote', { to, package: { weightOz: 12, lengthIn: 8, widthIn: 6, heightIn: 4 }, orderNumber: 'CW-1' });
    const rate = quote.rates.find((r) => r.carrierCode === 'USPS')!;
    const bought = await command(station, 'labels.buy', { method: 'rate', quoteId: quote.quoteId, rateId: rate.rateId ?? '', orderNumber: 'CW-1', print: false });
    await command(station, 'labels.void', { ref: bought.shipment.trackingNo! });
    await command(station, 'account.balance', {});
    await command(station, 'account.carrierAccounts', {});

    const texts = readAll(folder);
    const exchanges = texts.map((t) => JSON.parse(t) as CapturedExchange);
    const paths = exchanges.map((e) => `${e.api} ${e.method} ${e.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'v2 POST /oauth2/token',
        'v2 POST /api/shipment/get_rates',
        'v2 POST /api/shipment/create_and_pay',
        'v2 POST /api/shipment/void_label',
        'v1 GET /api/balance',
        'v1 GET /api/carrier-account/list',
      ]),
    );
    const buy = exchanges.find((e) => e.path === '/api/shipment/create_and_pay')!;
    expect(buy).toMatchObject({ status: 200, outcome: 'ok', request: { headers: { authorization: '[redacted]' }, body: { rate_id: rate.rateId } } });
    expect(typeof buy.duration_ms).toBe('number');
    expect(Date.parse(buy.time)).not.toBeNaN();
    expect(JSON.stringify(buy.answer.body)).toContain(bought.shipment.trackingNo!);
    const token = exchanges.find((e) => e.path === '/oauth2/token')!;
    expect(token.answer.body).toMatchObject({ access_token: '[redacted]' });

    // The grep: none of the test's secrets, no access token (a JWT), no carrier-account token.
    const carrierTokens = ((await (await fetch(`${sandbox.legacyBaseUrl}/api/carrier-account/list?api_token=${sandbox.credentials.apiToken}`)).json()) as Array<{ token: string }>).map((a) => a.token);
    expect(carrierTokens.length).toBeGreaterThan(0);
    const all = texts.join('\n');
    for (const secret of [sandbox.credentials.appKey, sandbox.credentials.appSecret, sandbox.credentials.apiToken, ...carrierTokens]) expect(all).not.toContain(secret);
    expect(all).not.toMatch(/eyJhbGci/);
    expect(all).not.toMatch(/api_token=(?!\[redacted\])/);
  });

  it('the Settings switch turns capture on into the data folder and off again, and writes nothing while off', async () => {
    const { station, dataDir } = await open();
    const folder = path.join(dataDir, 'wire-capture');
    expect(await command(station, 'capture.status', {})).toEqual({ enabled: false, folder, fromCommandLine: false });
    await command(station, 'account.balance', {});
    expect(readAll(folder)).toHaveLength(0);

    expect(await command(station, 'capture.set', { enabled: true })).toMatchObject({ enabled: true, folder });
    await command(station, 'account.balance', {});
    expect(readAll(folder)).toHaveLength(1);

    await command(station, 'capture.set', { enabled: false });
    await command(station, 'account.balance', {});
    expect(readAll(folder)).toHaveLength(1);
  });
});
