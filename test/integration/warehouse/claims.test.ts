import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../electron/cli/main';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox';
import { migrateWarehouse, pgMigrations } from '../../../electron/warehouse/migrations';
import { closedPort, startPostgres, type TestPostgres } from '../../support/postgres';
import { startServiceProxy } from './serviceProxy';

const csv = [
  'order_number,recipient_name,company,street,street2,city,state,zip_code,country,phone,email,weight_oz,length_in,width_in,height_in',
  'P-1,Ann Lee,,1457 Sunset Boulevard,Apt 3,Los Angeles,CA,90026,US,,,12,10,8,4',
  'P-2,Bo Ray,,500 Pine Street,Suite 1200,Seattle,WA,98101,US,,,30,12,10,6',
  'P-3,Cy Dale,,2 Oak St,,Austin,TX,78701,US,,,8,6,6,6',
  'P-4,Di Fox,,9 Elm St,,Austin,TX,78701,US,,,9,6,6,6',
].join('\n');
const envKeys = ['PARCEL_STATION_APP_KEY', 'PARCEL_STATION_APP_SECRET', 'PARCEL_STATION_API_TOKEN'] as const;

let server: TestPostgres;
let sandbox: RunningSandbox;
let dir: string;
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  server = await startPostgres();
  sandbox = await startSandbox({ seed: 91 });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ps-warehouse-'));
  fs.writeFileSync(path.join(dir, 'orders.csv'), csv);
  fs.writeFileSync(path.join(dir, 'from.json'), JSON.stringify({ name: 'Shipping Desk', street: '2150 E 7th St', city: 'Los Angeles', state: 'CA', zip: '90021' }));
  const values = [sandbox.credentials.appKey, sandbox.credentials.appSecret, sandbox.credentials.apiToken];
  envKeys.forEach((key, i) => {
    saved[key] = process.env[key];
    process.env[key] = values[i];
  });
}, 120_000);
afterAll(async () => {
  for (const key of envKeys) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  await sandbox?.close();
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function cli(args: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

interface Bench {
  readonly name: string;
  readonly data: string;
  run(args: string[]): Promise<{ code: number; out: string[]; err: string[] }>;
  buy(order: string): Promise<{ code: number; out: string[]; err: string[] }>;
}

async function bench(name: string, warehouse: string): Promise<Bench> {
  const data = path.join(dir, `${name}-${Math.random().toString(36).slice(2, 8)}`);
  const at = ['--data-dir', data, '--base-url', sandbox.baseUrl, '--legacy-base-url', sandbox.legacyBaseUrl, '--warehouse', warehouse, '--bench', name];
  const run = (args: string[]) => cli([...args, ...at]);
  const imported = await run(['orders', 'import', path.join(dir, 'orders.csv')]);
  expect(imported.code, imported.err.join('\n')).toBe(0);
  return { name, data, run, buy: (order) => run(['buy', '--order', order, '--no-print', '--ship-from', path.join(dir, 'from.json')]) };
}

const json = <T>(r: { out: string[] }): T => JSON.parse(r.out[0] as string) as T;
type Bought = { platform_uk_id: string; tracking_no: string; duplicate_label: boolean };

describe('warehouse database schema', () => {
  it('migrates once, even with two benches at once, and refuses a newer schema in words', async () => {
    const url = await server.database();
    const clients = [new pg.Client({ connectionString: url }), new pg.Client({ connectionString: url })];
    await Promise.all(clients.map((c) => c.connect()));
    try {
      expect(await Promise.all(clients.map((c) => migrateWarehouse(c)))).toEqual([pgMigrations.length, pgMigrations.length]);
      const [first] = clients;
      if (!first) throw new Error('a client');
      expect((await first.query('SELECT count(*)::int AS n FROM parcel_station_migrations')).rows[0]).toEqual({ n: pgMigrations.length });
      await first.query("INSERT INTO parcel_station_migrations (version, name, checksum) VALUES (99, 'future', 'x')");
      await expect(migrateWarehouse(first)).rejects.toMatchObject({ error: { code: 'conflict', message: expect.stringMatching(/newer Parcel Station.*Update this bench/) } });
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
  }, 60_000);
});

describe('two benches on one warehouse database', () => {
  it('the second bench to buy a package gets the first bench\'s label without a sale, and reprints any bench\'s label', async () => {
    const url = await server.database();
    const a = await bench('pack-a', url);
    const b = await bench('pack-b', url);
    const before = sandbox.stats().labelsSold;
    const first = await a.buy('P-1');
    expect(first.code, first.err.join('\n')).toBe(0);
    const second = await b.buy('P-1');
    expect(second.code, second.err.join('\n')).toBe(0);
    expect(json<Bought>(second)).toMatchObject({ tracking_no: json<Bought>(first).tracking_no, platform_uk_id: json<Bought>(first).platform_uk_id });
    expect(sandbox.stats().labelsSold - before).toBe(1);

    // Bench B never bought P-2; it reprints bench A's label by its tracking number.
    const other = json<Bought>(await a.buy('P-2'));
    const reprint = await b.run(['reprint', other.tracking_no, '--json']);
    expect(reprint.code, reprint.err.join('\n')).toBe(0);
    expect(json<{ tracking_no: string; status: string }>(reprint)).toMatchObject({ tracking_no: other.tracking_no, status: 'done' });
    const history = json<Array<{ trackingNo: string }>>(await b.run(['history', '--json', 'P-2']));
    expect(history.map((h) => h.trackingNo)).toEqual([other.tracking_no]);
  }, 120_000);

  it('tells the second bench which bench holds a package being bought, and takes over a claim whose bench stopped', async () => {
    const url = await server.database();
    const b = await bench('pack-b', url);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      // The claim a bench takes when it presses Buy, as bench pack-a would hold it mid-purchase.
      const p3 = await b.buy('P-3');
      const claimed = json<Bought>(p3);
      await admin.query("UPDATE purchase_claims SET bench = 'pack-a', state = 'pending', heartbeat_at = now() WHERE platform_uk_id = $1", [claimed.platform_uk_id]);
      await admin.query('DELETE FROM labels WHERE platform_uk_id = $1', [claimed.platform_uk_id]);
      await admin.query('DELETE FROM shipments WHERE platform_uk_id = $1', [claimed.platform_uk_id]);
      const c = await bench('pack-c', url);
      const held = await c.buy('P-3');
      expect(held.code).toBe(1);
      expect(held.err.join('\n')).toMatch(/Bench pack-a is buying this package right now/);

      // pack-a stops: its claim is not renewed, and pack-c finishes the purchase under the same platform_uk_id.
      await admin.query("UPDATE purchase_claims SET heartbeat_at = now() - interval '1 hour' WHERE platform_uk_id = $1", [claimed.platform_uk_id]);
      const before = sandbox.stats().labelsSold;
      const recovered = await c.buy('P-3');
      expect(recovered.code, recovered.err.join('\n')).toBe(0);
      expect(json<Bought>(recovered)).toMatchObject({ platform_uk_id: claimed.platform_uk_id, tracking_no: claimed.tracking_no, duplicate_label: true });
      expect(sandbox.stats().labelsSold - before).toBe(0);
    } finally {
      await admin.end();
    }
  }, 120_000);

  it('while the database is down a bench buys nothing and says so, and still reprints its own labels', async () => {
    const url = await server.database();
    const a = await bench('pack-a', url);
    const bought = json<Bought>(await a.buy('P-4'));
    const down = new URL(url);
    down.port = String(await closedPort());
    // The same bench (same data folder and name) with its database out of reach.
    const offline = await bench('pack-a', url);
    const at = (data: string) => ['--data-dir', data, '--base-url', sandbox.baseUrl, '--legacy-base-url', sandbox.legacyBaseUrl, '--warehouse', down.toString(), '--bench', 'pack-a'];
    const before = sandbox.stats().labelsSold;
    const refused = await cli(['buy', '--order', 'P-3', '--no-print', '--ship-from', path.join(dir, 'from.json'), ...at(offline.data)]);
    expect(refused.code).toBe(1);
    expect(refused.err.join('\n')).toMatch(/warehouse database \(127\.0\.0\.1:\d+\/t\w+\) cannot be reached, so this bench does not buy/);
    expect(sandbox.stats().labelsSold - before).toBe(0);
    const reprint = await cli(['reprint', bought.tracking_no, '--json', ...at(a.data)]);
    expect(reprint.code, reprint.err.join('\n')).toBe(0);
    expect(json<{ status: string }>(reprint).status).toBe('done');
  }, 120_000);
});

describe('writes kept while the warehouse database is away', () => {
  it('a label bought just before the database went down is kept in the bench\'s SQLite, across a restart of the bench, and published once the database is back', async () => {
    const url = await server.database();
    const a = await bench('pack-a', url);
    const b = await bench('pack-b', url);
    // The database goes down the moment bench A's purchase leaves: the sale goes through, its publication cannot.
    let armed = true;
    const door = await startServiceProxy(sandbox.baseUrl, {
      onPurchase: () => {
        if (armed) server.halt();
        armed = false;
      },
    });
    let resumed = false;
    try {
      const viaDoor = (data: string) => ['--data-dir', data, '--base-url', door.url, '--legacy-base-url', sandbox.legacyBaseUrl, '--warehouse', url, '--bench', 'pack-a'];
      const bought = await cli(['buy', '--order', 'P-2', '--no-print', '--ship-from', path.join(dir, 'from.json'), ...viaDoor(a.data)]);
      expect(bought.code, bought.err.join('\n')).toBe(0);
      const label = json<Bought>(bought);

      // The bench process has ended; what it owes the database is on disk, not in its memory.
      const local = new Database(path.join(a.data, 'station.sqlite'), { readonly: true });
      expect(local.prepare('SELECT kind, ref FROM warehouse_outbox').all()).toEqual([{ kind: 'publish', ref: label.platform_uk_id }]);
      local.close();

      // Meanwhile: bench B cannot see the label, and says why in words.
      const unseen = await b.run(['reprint', label.tracking_no, '--json']);
      expect(unseen.code).toBe(1);
      expect(unseen.err.join('\n')).toMatch(/warehouse database \(127\.0\.0\.1:\d+\/t\w+\) cannot be reached, so this bench cannot look up labels other benches bought/);

      await server.resume();
      resumed = true;
      // Any later run of bench A (here a reprint of its own label) sends what it kept.
      const again = await a.run(['reprint', label.tracking_no, '--json']);
      expect(again.code, again.err.join('\n')).toBe(0);
      const after = new Database(path.join(a.data, 'station.sqlite'), { readonly: true });
      expect(after.prepare('SELECT count(*) AS n FROM warehouse_outbox').get()).toEqual({ n: 0 });
      after.close();
      const seen = await b.run(['reprint', label.tracking_no, '--json']);
      expect(seen.code, seen.err.join('\n')).toBe(0);
      expect(json<{ platform_uk_id: string; status: string }>(seen)).toMatchObject({ platform_uk_id: label.platform_uk_id, status: 'done' });
    } finally {
      if (!resumed) await server.resume();
      await door.close();
    }
  }, 120_000);
});
