import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox';
import { useBuiltStation } from '../../support/builtStation';
import { sandboxKeys } from '../../support/keyVariables';
import { startPostgres, type TestPostgres } from '../../support/postgres';
import { makeTempDir } from '../../support/tempDir';
import { runCli, startBenchProcess, writeOrders, type BenchEvent, type BenchProcess } from './benchProcess';
import { startServiceProxy } from './serviceProxy';

/**
 * Warehouse faults with real parts only: each bench is its own OS process on
 * its own data folder, both on one real PostgreSQL, buying from the sandbox
 * through a door on 127.0.0.1 that loses answers after the sale.
 */
const cleanups = useBuiltStation();
let server: TestPostgres;
beforeAll(async () => {
  server = await startPostgres();
}, 60_000);
afterAll(() => server?.stop());

async function sandboxFor(seed: number): Promise<{ sandbox: RunningSandbox; env: NodeJS.ProcessEnv }> {
  const sandbox = await startSandbox({ seed });
  cleanups.push(() => sandbox.close());
  const env = { ...process.env, ...sandboxKeys(sandbox) };
  return { sandbox, env };
}

function bench(spec: Parameters<typeof startBenchProcess>[0]): BenchProcess {
  const b = startBenchProcess(spec);
  cleanups.push(async () => {
    b.kill();
    await b.exited;
  });
  return b;
}

const done = (e: BenchEvent) => e.event === 'done' || e.event === 'error';
/** What went wrong on the benches, for the failure message. */
const story = (benches: readonly BenchProcess[]) =>
  benches.map((b) => `${b.name}: ${JSON.stringify(b.events.filter((e) => e.event === 'failed' || e.event === 'error'))}\n${b.stderr().slice(-3000)}`).join('\n');

/** Both benches ended with the same label for every order, and each reprints all of them from the CLI. */
async function expectSameLabelsAndReprints(benches: readonly BenchProcess[], orders: number, env: NodeJS.ProcessEnv): Promise<string[]> {
  const [first, ...others] = benches.map((b) => b.bought());
  expect(first?.size).toBe(orders);
  for (const other of others) {
    expect(other.size).toBe(orders);
    for (const [order, label] of first ?? []) expect(other.get(order), order).toMatchObject({ trackingNo: label.trackingNo, platformUkId: label.platformUkId });
  }
  const trackings = [...(first?.values() ?? [])].map((l) => l.trackingNo);
  expect(new Set(trackings).size).toBe(orders);
  for (const b of benches) {
    // Through the running bench process, as an operator's CLI at that PC would.
    const reprint = await runCli(['reprint', ...trackings, '--json', '--data-dir', b.dataDir], env);
    expect(reprint.code, reprint.err).toBe(0);
    const lines = reprint.out.trim().split('\n').map((l) => JSON.parse(l) as { tracking_no: string; status: string });
    expect(lines.map((l) => l.tracking_no)).toEqual(trackings);
    expect(lines.every((l) => l.status === 'done')).toBe(true);
  }
  return trackings;
}

describe('two bench processes on one PostgreSQL', () => {
  it('pressing Buy on the same 50 orders at once while 30% of sale answers are lost: one label per order at the service, every label on both benches', async () => {
    const temp = makeTempDir();
    cleanups.push(temp.cleanup);
    const { sandbox, env } = await sandboxFor(141);
    const proxy = await startServiceProxy(sandbox.baseUrl, { dropShare: 0.3, seed: 14 });
    cleanups.push(() => proxy.close());
    const warehouse = await server.database();
    const orders = writeOrders(temp.dir, 'W', 50);
    const benches = ['pack-a', 'pack-b'].map((name) =>
      bench({ name, dataDir: path.join(temp.dir, name), baseUrl: proxy.url, legacyBaseUrl: sandbox.legacyBaseUrl, ordersFile: orders, env, warehouse, concurrency: 4 }),
    );
    const ends = await Promise.all(benches.map((b) => b.until(done)));
    expect(ends, story(benches)).toEqual([expect.objectContaining({ event: 'done', failed: 0 }), expect.objectContaining({ event: 'done', failed: 0 })]);

    expect(proxy.dropped()).toBeGreaterThan(5);
    expect(sandbox.stats().labelsSold).toBe(50);
    // The benches really met: some presses were refused because the other bench held the package.
    expect(benches.flatMap((b) => b.events).some((e) => e.event === 'again' && /Bench pack-[ab] is buying this package/.test(e.message))).toBe(true);
    await expectSameLabelsAndReprints(benches, 50, env);
    await Promise.all(benches.map((b) => b.end()));
    expect(sandbox.stats().labelsSold).toBe(50);
  }, 120_000);

  it('PostgreSQL restarted in the middle of buying: no purchase lost or doubled', async () => {
    const temp = makeTempDir();
    cleanups.push(temp.cleanup);
    const { sandbox, env } = await sandboxFor(142);
    const warehouse = await server.database();
    const orders = writeOrders(temp.dir, 'R', 30);
    const benches = ['pack-a', 'pack-b'].map((name) =>
      bench({ name, dataDir: path.join(temp.dir, name), baseUrl: sandbox.baseUrl, legacyBaseUrl: sandbox.legacyBaseUrl, ordersFile: orders, env, warehouse, concurrency: 2 }),
    );
    let bought = 0;
    await Promise.all(benches.map((b) => b.until((e) => e.event === 'bought' && ++bought >= 10)));
    await server.restart();
    const ends = await Promise.all(benches.map((b) => b.until(done)));
    expect(ends, story(benches)).toEqual([expect.objectContaining({ event: 'done', failed: 0 }), expect.objectContaining({ event: 'done', failed: 0 })]);
    expect(sandbox.stats().labelsSold).toBe(30);
    await expectSameLabelsAndReprints(benches, 30, env);
    await Promise.all(benches.map((b) => b.end()));

    // What the benches bought while the database was away reached it once it was back.
    const db = new pg.Client({ connectionString: warehouse });
    await db.connect();
    try {
      const { rows } = await db.query<{ state: string; n: number }>('SELECT state, count(*)::int AS n FROM purchase_claims GROUP BY state');
      expect(rows).toEqual([{ state: 'bought', n: 30 }]);
      expect((await db.query<{ n: number }>('SELECT count(DISTINCT tracking_no)::int AS n FROM shipments')).rows[0]?.n).toBe(30);
    } finally {
      await db.end();
    }
  }, 120_000);

  it('a bench killed mid-purchase: the other bench sees its claim, then recovers it under the same platform_uk_id and buys nothing new', async () => {
    const temp = makeTempDir();
    cleanups.push(temp.cleanup);
    const { sandbox, env } = await sandboxFor(143);
    const warehouse = await server.database();
    const orders = writeOrders(temp.dir, 'K', 1);
    let victim: BenchProcess | undefined;
    const sent: string[] = [];
    // One door for both benches: the moment bench A's purchase leaves, A is killed (kill -9); the request still reaches the service.
    const door = await startServiceProxy(sandbox.baseUrl, {
      onPurchase: (id) => {
        sent.push(id);
        victim?.kill();
        victim = undefined;
      },
    });
    cleanups.push(() => door.close());
    const leaseMs = 6000;
    const a = bench({ name: 'pack-a', dataDir: path.join(temp.dir, 'pack-a'), baseUrl: door.url, legacyBaseUrl: sandbox.legacyBaseUrl, ordersFile: orders, env, warehouse, leaseMs });
    victim = a;
    expect((await a.exited).signal).toBe('SIGKILL');
    expect(sent).toHaveLength(1);

    const b = bench({ name: 'pack-b', dataDir: path.join(temp.dir, 'pack-b'), baseUrl: door.url, legacyBaseUrl: sandbox.legacyBaseUrl, ordersFile: orders, env, warehouse, leaseMs });
    const end = await b.until(done);
    expect(end, story([b])).toMatchObject({ event: 'done', failed: 0 });
    expect(b.events.some((e) => e.event === 'again' && /Bench pack-a is buying this package right now/.test(e.message))).toBe(true);
    expect(b.bought().get('K-001')).toMatchObject({ platformUkId: sent[0] });
    // Bench B re-sent A's id (the service answered with the label A's request bought); nothing else was sent.
    expect(new Set(sent)).toEqual(new Set([sent[0]]));
    expect(sent.length).toBeGreaterThan(1);
    expect(sandbox.stats().labelsSold).toBe(1);
  }, 60_000);
});
