import { fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startStationChild, StationStartError, type ChildLike, type StationChild } from '../../../electron/shell/stationChild';
import type { FromStation } from '../../../electron/station/processProtocol';
import { startCliService } from '../../support/cli';
import { makeTempDir } from '../../support/tempDir';
import { repoRoot, useBuiltStation } from '../../support/builtStation';

/**
 * The desktop's layout without Electron: the station process exactly as the
 * shell starts it (dist/electron/station.cjs, spoken to through the shell's
 * own client), under Node's fork instead of utilityProcess.
 */
const root = repoRoot;
const cleanups = useBuiltStation();

function forkStation(dataDir: string, flags: readonly string[] = []): ChildLike {
  const child = fork(path.join(root, 'dist/electron/station.cjs'), ['--data-dir', dataDir, ...flags], { serialization: 'advanced', stdio: 'inherit' });
  cleanups.push(() => void child.kill('SIGKILL'));
  function on(event: 'message', listener: (message: FromStation) => void): void;
  function on(event: 'exit', listener: (code: number | null) => void): void;
  function on(event: 'message' | 'exit', listener: ((message: FromStation) => void) | ((code: number | null) => void)): void {
    child.on(event, listener as (value: unknown) => void);
  }
  return { postMessage: (message) => void child.send(message), on, kill: () => void child.kill() };
}

async function desktopStation(dataDir: string, flags: readonly string[] = []): Promise<StationChild> {
  const station = await startStationChild(forkStation(dataDir, flags));
  cleanups.push(() => station.close());
  return station;
}

function cli(args: readonly string[]): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, ['dist/electron/cli.cjs', ...args], { cwd: root });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out, err })));
}

describe('the desktop station process', () => {
  it('owns the folder: CLI buys go through it and the order is bought once', async () => {
    const temp = makeTempDir();
    cleanups.push(temp.cleanup);
    const station = await desktopStation(temp.dir);
    const changes: unknown[] = [];
    station.subscribe((name, payload) => name === 'station.changed' && changes.push(payload));

    fs.writeFileSync(path.join(temp.dir, 'orders.csv'), 'order_number,recipient_name,street,city,state,zip_code,country,weight_oz\nD-1,Ann Lee,1457 Sunset Boulevard,Los Angeles,CA,90026,US,12\n');
    const imported = await cli(['orders', 'import', path.join(temp.dir, 'orders.csv'), '--data-dir', temp.dir]);
    expect(imported.code, imported.err).toBe(0);

    const [a, b] = await Promise.all([0, 1].map(() => cli(['buy', '--order', 'D-1', '--no-print', '--data-dir', temp.dir])));
    expect(a?.code, a?.err).toBe(0);
    expect(b?.code, b?.err).toBe(0);
    const bought = [a, b].map((r) => JSON.parse(r?.out ?? '') as { platform_uk_id: string; tracking_no: string; duplicate_label: boolean });
    expect(bought[0]?.platform_uk_id).toBe(bought[1]?.platform_uk_id);
    expect(bought[0]?.tracking_no).toBe(bought[1]?.tracking_no);
    // Exactly one of them bought it; the other heard the station's duplicate answer, in JSON and in words.
    expect(bought.map((x) => x.duplicate_label).sort()).toEqual([false, true]);
    expect([a, b].find((_, i) => bought[i]?.duplicate_label)?.err).toMatch(/Order D-1 was already bought \(tracking \S+\): this is that label, and nothing more was charged\./);

    // The window's view: one shipment with one label, and it heard about it as an event.
    const history = await station.call('history.search', { query: 'D-1', limit: 10 });
    expect(history).toMatchObject({ ok: true, value: { shipments: [{ state: 'bought', orderNumber: 'D-1', labelCount: 1 }] } });
    expect((history as { value: { shipments: unknown[] } }).value.shipments).toHaveLength(1);
    expect(changes.length).toBeGreaterThan(0);
  }, 90_000);

  it('a second station process on the folder does not open it, and says who has it', async () => {
    const temp = makeTempDir();
    cleanups.push(temp.cleanup);
    await desktopStation(temp.dir);
    const second = await startStationChild(forkStation(temp.dir)).then(
      () => null,
      (error: unknown) => error,
    );
    expect(second).toBeInstanceOf(StationStartError);
    expect((second as StationStartError).message).toMatch(/in use by the desktop app \(process \d+\)/);
  }, 60_000);

  it('started with --base-url and --legacy-base-url (npm start\'s flags, keys in the environment it inherits) uses that service', async () => {
    const temp = makeTempDir();
    cleanups.push(temp.cleanup);
    const service = await startCliService({ seed: 29 });
    cleanups.push(() => service.close());
    const { sandbox } = service;
    const station = await desktopStation(temp.dir, ['--base-url', sandbox.baseUrl, '--legacy-base-url', sandbox.legacyBaseUrl]);
    expect(await station.call('station.info', {})).toMatchObject({ ok: true, value: { backend: { baseUrl: sandbox.baseUrl, legacyBaseUrl: sandbox.legacyBaseUrl } } });
    const before = sandbox.stats().requests;
    const checked = await station.call('address.validate', { address: { name: 'Ann Lee', street: '1457 Sunset Boulevard', city: 'Los Angeles', state: 'CA', zip: '90026', country: 'US' } });
    expect(checked.ok, JSON.stringify(checked)).toBe(true);
    expect(sandbox.stats().requests).toBeGreaterThan(before);
  }, 60_000);

  it('given one service address without the other, stops at start with words for the dialog and opens nothing', async () => {
    const temp = makeTempDir();
    cleanups.push(temp.cleanup);
    const refused = await startStationChild(forkStation(temp.dir, ['--base-url', 'http://127.0.0.1:9'])).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(StationStartError);
    expect((refused as StationStartError).message).toBe('Give both --base-url and --legacy-base-url to point the station at another service.');
    expect(fs.existsSync(path.join(temp.dir, 'station.sqlite'))).toBe(false);
  }, 60_000);
});
