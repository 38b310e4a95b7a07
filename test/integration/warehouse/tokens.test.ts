import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../electron/api/http';
import { createV2Client } from '../../../electron/api/v2/client';
import { createFileTokenShelf } from '../../../electron/api/v2/fileTokenShelf';
import { createTokenManager, type TokenShelf } from '../../../electron/api/v2/token';
import { createFileLogger } from '../../../electron/log/logger';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox';
import { openWarehouseDb } from '../../../electron/warehouse/database';
import { createPgTokenShelf } from '../../../electron/warehouse/pgTokens';
import { startPostgres, type TestPostgres } from '../../support/postgres';
import { everyFileText, makeTempDir } from '../../support/tempDir';

let server: TestPostgres;
let sandbox: RunningSandbox;
const temp = makeTempDir();
beforeAll(async () => {
  server = await startPostgres();
  sandbox = await startSandbox({ seed: 144 });
}, 60_000);
afterAll(async () => {
  await sandbox?.close();
  await server?.stop();
  temp.cleanup();
});

/** A bench's v2 client: its own token manager, sharing the token through the warehouse database. */
function benchClient(shelf: TokenShelf) {
  const http = createHttpClient({ api: 'v2' });
  const { appKey, appSecret } = sandbox.credentials;
  const tokens = createTokenManager({ http, baseUrl: sandbox.baseUrl, appKey, appSecret, shelf });
  return { tokens, client: createV2Client({ baseUrl: sandbox.baseUrl, appKey, appSecret, tokens }) };
}

describe('the access token in the warehouse database', () => {
  it('benches on one AppKey mint one token between them and never revoke each other', async () => {
    const url = await server.database();
    const log = createFileLogger({ dir: temp.dir });
    const dbs = [openWarehouseDb({ url, log }), openWarehouseDb({ url, log })];
    try {
      const [a, b] = dbs.map((db, i) => benchClient(createPgTokenShelf(db, `pack-${i}`)));
      if (!a || !b) throw new Error('two benches');
      const before = sandbox.stats().tokensIssued;
      // Both benches start at once, then keep calling in turns: a token minted by one is used by the other.
      await Promise.all([...Array.from({ length: 5 }, () => a.client.pickupLocations()), ...Array.from({ length: 5 }, () => b.client.pickupLocations())]);
      for (let i = 0; i < 3; i += 1) {
        await a.client.pickupLocations();
        await b.client.pickupLocations();
      }
      expect(sandbox.stats().tokensIssued - before).toBe(1);
      expect(a.tokens.minted + b.tokens.minted).toBe(1);
      // Kept sealed: the table never holds a token anyone could use.
      const kept = await dbs[0]?.withClient((c) => c.query<{ token: string }>('SELECT token FROM access_tokens'));
      expect(kept?.rows).toHaveLength(1);
      expect(kept?.rows[0]?.token).not.toMatch(/eyJhbGci/);
    } finally {
      await Promise.all(dbs.map((db) => db.close()));
      log.close();
    }
  }, 60_000);
});

describe('the access token in the data folder (a bench alone)', () => {
  it('the station and a CLI process on one folder share one token: only one of them mints it', async () => {
    const folder = makeTempDir();
    try {
      const dir = `${folder.dir}/tokens`;
      const [station, cli] = [benchClient(createFileTokenShelf(dir)), benchClient(createFileTokenShelf(dir))];
      if (!station || !cli) throw new Error('two processes');
      const before = sandbox.stats().tokensIssued;
      await Promise.all([station.client.pickupLocations(), cli.client.pickupLocations(), station.client.pickupLocations()]);
      await cli.client.pickupLocations();
      await station.client.pickupLocations();
      expect(sandbox.stats().tokensIssued - before).toBe(1);
      expect(station.tokens.minted + cli.tokens.minted).toBe(1);
      expect(everyFileText(dir)).not.toMatch(/eyJhbGci/);
    } finally {
      folder.cleanup();
    }
  }, 60_000);
});
