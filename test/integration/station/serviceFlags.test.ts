import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Shipment } from '../../../shared/contract/shippingTypes';
import { useBuiltStation } from '../../support/builtStation';
import { cli, cliJson, startCliService } from '../../support/cli';
import { browserStation } from '../../support/cliProcess';
import { makeTempDir } from '../../support/tempDir';

/**
 * A training room or a kiosk points a browser-mode station at any service
 * with --base-url/--legacy-base-url and the key variables, no keychain: the
 * built `browser` as its own process, a sandbox this test started as the
 * service, and CLI commands going through the running station.
 */
const cleanups = useBuiltStation();

describe('browser with --base-url and the key variables', () => {
  it('rates and buys against the service given, not the embedded sandbox', async () => {
    const temp = makeTempDir();
    cleanups.push(temp.cleanup);
    const service = await startCliService({ seed: 23 });
    cleanups.push(() => service.close());
    const { sandbox } = service;
    const { remote } = await browserStation(temp.dir, cleanups, ['--base-url', sandbox.baseUrl, '--legacy-base-url', sandbox.legacyBaseUrl]);

    const info = await remote.call('station.info', {});
    expect(info).toMatchObject({ ok: true, value: { backend: { baseUrl: sandbox.baseUrl, legacyBaseUrl: sandbox.legacyBaseUrl } } });

    fs.writeFileSync(path.join(temp.dir, 'orders.csv'), 'order_number,recipient_name,street,city,state,zip_code,country,weight_oz\nK-1,Ann Lee,1457 Sunset Boulevard,Los Angeles,CA,90026,US,12\n');
    const from = path.join(temp.dir, 'from.json');
    fs.writeFileSync(from, JSON.stringify({ name: 'Training Room', street: '2150 E 7th St', city: 'Los Angeles', state: 'CA', zip: '90021', phone: '2135550147' }));
    const dataDir = ['--data-dir', temp.dir];
    const imported = await cli(['orders', 'import', path.join(temp.dir, 'orders.csv'), ...dataDir]);
    expect(imported.code, imported.err.join('\n')).toBe(0);

    // Commands without --base-url go through the running station, which uses the service it was started with.
    const quoted = sandbox.stats().ratesQuoted;
    const rated = await cliJson<{ rates: unknown[]; picked: string }>(['rates', '--order', 'K-1', '--ship-from', from, '--json', ...dataDir]);
    expect(rated.rates.length).toBeGreaterThan(0);
    expect(sandbox.stats().ratesQuoted).toBeGreaterThan(quoted);
    const bought = await cliJson<{ tracking_no: string; platform_uk_id: string }>(['buy', '--order', 'K-1', '--ship-from', from, '--no-print', '--json', ...dataDir]);
    expect(sandbox.stats().labelsSold).toBe(1);
    const [shipment] = await cliJson<Shipment[]>(['history', bought.tracking_no, '--json', ...dataDir]);
    expect(shipment).toMatchObject({ trackingNo: bought.tracking_no, state: 'bought' });
    expect(shipment?.backend).toContain(new URL(sandbox.baseUrl).host);

    // A second browser with service flags on the folder cannot change the running station's service: it says so.
    const second = await cli(['browser', '--no-open', ...dataDir, '--base-url', sandbox.baseUrl, '--legacy-base-url', sandbox.legacyBaseUrl]);
    expect(second.code).toBe(1);
    expect(second.err[0]).toMatch(/It uses its own service settings, so --base-url cannot apply/);
  }, 90_000);

  it('without the keys in the environment, refuses in words and starts nothing', async () => {
    const temp = makeTempDir();
    cleanups.push(temp.cleanup);
    const saved = process.env.PARCEL_STATION_APP_SECRET;
    delete process.env.PARCEL_STATION_APP_SECRET;
    cleanups.push(() => {
      if (saved !== undefined) process.env.PARCEL_STATION_APP_SECRET = saved;
    });
    const refused = await cli(['browser', '--no-open', '--data-dir', temp.dir, '--base-url', 'http://127.0.0.1:9', '--legacy-base-url', 'http://127.0.0.1:9']);
    expect(refused.code).toBe(1);
    expect(refused.err).toEqual([
      'Error: With --base-url, set the keys in the environment: PARCEL_STATION_APP_KEY and PARCEL_STATION_APP_SECRET (and PARCEL_STATION_API_TOKEN for the v1 views).',
    ]);
    const halfGiven = await cli(['browser', '--no-open', '--data-dir', temp.dir, '--base-url', 'http://127.0.0.1:9']);
    expect(halfGiven.err).toEqual(['Error: Give both --base-url and --legacy-base-url to point the station at another service.']);
    expect(fs.readdirSync(temp.dir)).toEqual([]);
  });
});
