import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { commandNames, type CommandOutput } from '../../../shared/contract';
import { createStation } from '../../../electron/station/createStation';
import { createVault } from '../../../electron/vault/vault';
import { noKeychain } from '../../support/station';
import { makeTempDir } from '../../support/tempDir';

const temps: Array<() => void> = [];
afterEach(() => temps.splice(0).forEach((cleanup) => cleanup()));

function dataDir(): string {
  const temp = makeTempDir();
  temps.push(temp.cleanup);
  return temp.dir;
}

describe('createStation', () => {
  it('opens on the embedded sandbox, answers station.info, and closes cleanly', async () => {
    const dir = dataDir();
    const station = await createStation({ dataDir: dir, vault: createVault({ keychain: noKeychain }), devices: { noUsb: true } });
    const info = await station.dispatch('station.info', {});
    expect(info).toMatchObject({ ok: true, value: { name: 'Parcel Station', dataDir: dir, backend: { kind: 'sandbox', mode: 'sandbox' } } });
    await station.close();
    await station.close();
    expect(fs.existsSync(path.join(dir, 'station.sqlite'))).toBe(true);
    expect(fs.readFileSync(path.join(dir, 'logs', 'station.log'), 'utf8')).toContain('station closed');
  });

  it('reopens the same data folder with its sandbox state intact', async () => {
    const dir = dataDir();
    const first = await createStation({ dataDir: dir, vault: createVault({ keychain: noKeychain }), devices: { noUsb: true } });
    const before = await first.dispatch('backend.status', {});
    await first.close();
    const second = await createStation({ dataDir: dir, vault: createVault({ keychain: noKeychain }), devices: { noUsb: true } });
    const after = await second.dispatch('backend.status', {});
    await second.close();
    expect(before.ok && after.ok).toBe(true);
  });

  it('binds a handler for every contract command', async () => {
    const station = await createStation({ dataDir: dataDir(), vault: createVault({ keychain: noKeychain }), devices: { noUsb: true } });
    for (const name of commandNames) {
      const result = await station.dispatch(name, { __definitely_not_a_field__: true });
      // Every command refuses the unknown field at the boundary, or (for loose inputs) answers: never "unknown command".
      if (!result.ok) expect(result.error.code).not.toBe('unknown_command');
    }
    await station.close();
  });

  it('refuses to start on a database written by a newer station, in words', async () => {
    const dir = dataDir();
    const station = await createStation({ dataDir: dir, vault: createVault({ keychain: noKeychain }), devices: { noUsb: true } });
    station.context.db.pragma('user_version = 999');
    await station.close();
    await expect(createStation({ dataDir: dir, devices: { noUsb: true } })).rejects.toThrow(/newer version of Parcel Station/);
  });

  it('opens even when its sandbox cannot start, so the print queue and reprints still work', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as net.AddressInfo;
    try {
      const dir = dataDir();
      const station = await createStation({ dataDir: dir, vault: createVault({ keychain: noKeychain }), devices: { noUsb: true }, sandbox: { port } });
      try {
        expect(await station.dispatch('printJobs.list', { limit: 5 })).toEqual({ ok: true, value: [] });
        expect(await station.dispatch('backend.status', {})).toMatchObject({ ok: false, error: { code: 'service_unavailable' } });
      } finally {
        await station.close();
      }
      expect(fs.readFileSync(path.join(dir, 'logs', 'station.log'), 'utf8')).toContain('the embedded sandbox did not start');
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
    }
  });
});

describe('a practice station', () => {
  it('ships from the sandbox warehouse until the operator sets an address, and rates at once', async () => {
    const station = await createStation({ dataDir: dataDir(), vault: createVault({ keychain: noKeychain }), devices: { noUsb: true } });
    try {
      const settings = await station.dispatch('settings.shipping.get', {});
      expect(settings).toMatchObject({ ok: true, value: { shipFrom: { state: expect.any(String), zip: expect.any(String) } } });
      const quote = await station.dispatch('rates.quote', {
        to: { name: 'Ann Lee', street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
        package: { weightOz: 12, lengthIn: 8, widthIn: 6, heightIn: 4 },
      });
      expect(quote.ok).toBe(true);
    } finally {
      await station.close();
    }
  });
});

describe('a label bought through the legacy v1 desk', () => {
  it('voids from History and the Void screen through v1, once', async () => {
    const station = await createStation({ dataDir: dataDir(), vault: createVault({ keychain: noKeychain }), devices: { noUsb: true } });
    try {
      const recipient = { name: 'Ann Lee', street: '1457 Sunset Boulevard', city: 'Los Angeles', state: 'CA', zip: '90026' };
      const pkg = { weightOz: 12, lengthIn: 10, widthIn: 8, heightIn: 4 };
      const created = await station.dispatch('account.orders.create', { storeName: 'Desk', warehouseName: 'Main Warehouse', orderNumber: 'V1-VOID-1', recipient, packages: [pkg] });
      expect(created.ok).toBe(true);
      const bought = await station.dispatch('account.buyDirect', {
        storeName: 'Desk',
        orderNumber: 'V1-VOID-1',
        warehouseName: 'Main Warehouse',
        to: recipient,
        package: pkg,
        serviceType: 'usps_ground_advantage',
        print: false,
      });
      if (!bought.ok) throw new Error(bought.error.message);
      const { trackingCode } = bought.value as CommandOutput<'account.buyDirect'>;
      const voided = await station.dispatch('labels.void', { ref: trackingCode });
      expect(voided).toMatchObject({ ok: true, value: { state: 'voided' } });
      const again = await station.dispatch('labels.void', { ref: trackingCode });
      expect(again).toMatchObject({ ok: false, error: { code: 'conflict' } });
    } finally {
      await station.close();
    }
  });
});
