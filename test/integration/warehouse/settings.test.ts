import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandInput, CommandName, CommandOutput } from '../../../shared/contract';
import { StationFailure } from '../../../shared/contract/errors';
import { createStation, type Station, type StationConfig } from '../../../electron/station/createStation';
import { createVault } from '../../../electron/vault/vault';
import { closedPort, startPostgres, type TestPostgres } from '../../support/postgres';
import { noKeychain } from '../../support/station';
import { makeTempDir } from '../../support/tempDir';

let server: TestPostgres;
const temp = makeTempDir();
beforeAll(async () => {
  server = await startPostgres();
}, 60_000);
afterAll(async () => {
  await server?.stop();
  temp.cleanup();
});

async function open(dataDir: string, extra: Partial<StationConfig> = {}) {
  const station: Station = await createStation({ dataDir, vault: createVault({ keychain: noKeychain }), devices: { noUsb: true }, printing: { usb: null }, ...extra });
  const call = async <N extends CommandName>(name: N, input: CommandInput<N>): Promise<CommandOutput<N>> => {
    const result = await station.dispatch(name, input);
    if (!result.ok) throw new StationFailure(result.error);
    return result.value as CommandOutput<N>;
  };
  return { station, call };
}

describe('Settings → Warehouse', () => {
  it('says in words that a bench works alone, keeps an address and a bench name for the next start, and the next start joins', async () => {
    const dir = `${temp.dir}/alone`;
    const url = await server.database();
    const first = await open(dir);
    try {
      expect(await first.call('warehouse.status', {})).toMatchObject({ joined: false, state: 'alone', words: expect.stringMatching(/works alone/), saved: null });
      const refused = await first.station.dispatch('warehouse.set', { url: 'http://not-a-database', bench: 'pack-7' });
      expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input', message: expect.stringMatching(/postgres:\/\/user@host:5432\/database/) } });
      const kept = await first.call('warehouse.set', { url, bench: 'pack-7' });
      expect(kept).toMatchObject({ joined: false, saved: { address: expect.stringMatching(/^127\.0\.0\.1:\d+\/t\w+$/), bench: 'pack-7' } });
    } finally {
      await first.station.close();
    }
    const second = await open(dir);
    try {
      const status = await second.call('warehouse.status', {});
      expect(status).toMatchObject({ joined: true, bench: 'pack-7', state: 'connected', fromCommandLine: false, waitingWrites: 0 });
      expect(status.words).toMatch(/^Connected to the warehouse database at 127\.0\.0\.1:\d+\/t\w+ as bench pack-7\.$/);
      expect(JSON.stringify(status)).not.toMatch(/postgres:\/\//);
      await second.call('warehouse.set', { url: null });
    } finally {
      await second.station.close();
    }
    const third = await open(dir);
    try {
      expect(await third.call('warehouse.status', {})).toMatchObject({ joined: false, state: 'alone' });
    } finally {
      await third.station.close();
    }
  }, 60_000);

  it('a warehouse out of reach is told in words, with what still works', async () => {
    const url = new URL(await server.database());
    url.port = String(await closedPort());
    const bench = await open(`${temp.dir}/away`, { warehouse: { url: url.toString(), bench: 'pack-9' } });
    try {
      const status = await bench.call('warehouse.status', {});
      expect(status).toMatchObject({ joined: true, state: 'unreachable', bench: 'pack-9', fromCommandLine: true });
      expect(status.words).toMatch(/cannot be reached: this bench does not buy until it is back\. Reprints and scans still work\./);
    } finally {
      await bench.station.close();
    }
  }, 60_000);
});
