import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { V1Purchase } from '../../../shared/contract/account';
import { cli, jsonOf, startCliService, type CliService } from '../../support/cli';
import { failure } from '../../support/failure';
import { createMemoryLogger } from '../../../electron/log/logger';
import type { ClaimRequest } from '../../../electron/purchases/claims';
import { openDatabase } from '../../../electron/store/database';
import { openWarehouseDb } from '../../../electron/warehouse/database';
import { createLocalOutbox } from '../../../electron/warehouse/localOutbox';
import { createWarehouseWrites } from '../../../electron/warehouse/warehouseWrites';
import { createPgClaims } from '../../../electron/warehouse/pgClaims';
import { closedPort, startPostgres, type TestPostgres } from '../../support/postgres';
import { makeTempDir } from '../../support/tempDir';
import { openBench, shipFrom, type BenchStation } from './benchStation';

let server: TestPostgres;
let service: CliService;
const temp = makeTempDir('ps-whv1-');
const open: BenchStation[] = [];

beforeAll(async () => {
  server = await startPostgres();
  service = await startCliService({ seed: 83 });
}, 120_000);
afterAll(async () => {
  await Promise.all(open.map((b) => b.close()));
  await service?.close();
  await server?.stop();
  temp.cleanup();
});

const store = 'Warehouse Store';
const to = { name: 'Ann Lee', street: '1457 Sunset Boulevard', city: 'Los Angeles', state: 'CA', zip: '90026' };
const box = (weightOz: number) => ({ weightOz, lengthIn: 10, widthIn: 8, heightIn: 4 });
const from = { ...shipFrom, country: 'US' };

/** A bench of the warehouse at `url` on the shared sandbox; `cutPurchases` answers this bench's next v1 purchases with a 503 the service never saw. */
async function bench(name: string, url: string, cut: { purchases: number } = { purchases: 0 }): Promise<BenchStation> {
  const through: typeof fetch = async (input, init) => {
    const target = String(input instanceof Request ? input.url : input);
    if (target.includes('/api/rates/buy') && cut.purchases > 0) {
      cut.purchases -= 1;
      return new Response(JSON.stringify({ message: 'Service Unavailable' }), { status: 503, headers: { 'content-type': 'application/json' } });
    }
    return fetch(input, init);
  };
  const opened = await openBench({ root: temp.dir, name, url, sandbox: service.sandbox, client: { fetch: through, retry: { baseDelayMs: 5, maxDelayMs: 20 } } });
  open.push(opened);
  return opened;
}

async function order(on: BenchStation, orderNumber: string, packages: ReadonlyArray<ReturnType<typeof box>>): Promise<void> {
  await on.call('account.orders.create', { storeName: store, warehouseName: 'Main Warehouse', orderNumber, recipient: to, packages: [...packages] });
}

const buyBox = (on: BenchStation, orderNumber: string, packageIndex: number, weightOz: number): Promise<V1Purchase> =>
  on.call('account.buyDirect', { storeName: store, orderNumber, warehouseName: 'Main Warehouse', to, from, serviceType: 'usps_ground_advantage', packageIndex, package: box(weightOz), print: false });

const sold = () => service.sandbox.stats().labelsSold;

describe('v1 purchases on two benches of one warehouse', () => {
  it('two benches pressing Buy on the same v1 box at once: one label is sold, and the other bench is told which bench holds it', async () => {
    const url = await server.database();
    const a = await bench('v1-a', url);
    const b = await bench('v1-b', url);
    await order(a, 'WV-1', [box(20)]);
    const before = sold();
    // The service is slow, so both benches press Buy while neither purchase has come back.
    service.sandbox.faults.set({ latencyMs: 300 });
    const presses = await Promise.allSettled([buyBox(a, 'WV-1', 1, 20), buyBox(b, 'WV-1', 1, 20)]).finally(() => service.sandbox.faults.set({ latencyMs: 0 }));
    expect(sold() - before).toBe(1);
    const won = presses.findIndex((p) => p.status === 'fulfilled');
    const winner = [a, b][won];
    const loser = presses[1 - won];
    if (!winner || !loser) throw new Error('one press bought the label');
    // The other press either heard the box is being bought at the winner's bench, or got the winner's label, named as such.
    const words = loser.status === 'rejected' ? String((loser.reason as Error).message) : String(loser.value.note);
    expect(words).toMatch(new RegExp(`Bench ${winner.name} (is buying|bought) this`));
    if (loser.status === 'fulfilled') expect(loser.value.trackingCode).toBe((presses[won] as PromiseFulfilledResult<V1Purchase>).value.trackingCode);
  }, 120_000);

  it('bench B, whose box-2 answer is lost after the sale while bench A holds an alike box 1, takes its own label, never A\'s', async () => {
    const url = await server.database();
    const a = await bench('v1-a2', url);
    const b = await bench('v1-b2', url);
    await order(a, 'WV-2', [box(20), box(20)]);
    const before = sold();
    const first = await buyBox(a, 'WV-2', 1, 20);
    service.sandbox.faults.set({ dropPurchaseResponses: 1 });
    const second = await buyBox(b, 'WV-2', 2, 20);
    expect(second.trackingCode).not.toBe(first.trackingCode);
    expect(second.note).toMatch(/answer was lost/);
    expect(sold() - before).toBe(2);
    // History lists every bench's labels: B's own (no bench named) is its label, A's is listed under A's name.
    const held = await b.call('history.search', { query: 'WV-2', limit: 10 });
    expect(held.shipments.filter((s) => !s.bench).map((s) => s.trackingNo)).toEqual([second.trackingCode]);
    expect(held.shipments.filter((s) => s.bench).map((s) => [s.trackingNo, s.bench])).toEqual([[first.trackingCode, a.name]]);
  }, 120_000);

  it('bench B, whose box-2 purchase never reached the service, does not take bench A\'s alike box-1 label as its own', async () => {
    const url = await server.database();
    const a = await bench('v1-a3', url);
    const b = await bench('v1-b3', url, { purchases: 1 });
    await order(a, 'WV-3', [box(20), box(20)]);
    const before = sold();
    const first = await buyBox(a, 'WV-3', 1, 20);
    const lost = await failure(buyBox(b, 'WV-3', 2, 20));
    expect(lost.message).toMatch(/no label was sold, so nothing was charged/);
    expect(sold() - before).toBe(1);
    const held = await b.call('history.search', { query: 'WV-3', limit: 10 });
    expect(held.shipments.filter((s) => !s.bench).map((s) => s.trackingNo)).not.toContain(first.trackingCode);
    // Pressed again, bench B buys box 2's own label.
    const again = await buyBox(b, 'WV-3', 2, 20);
    expect(again.trackingCode).not.toBe(first.trackingCode);
    expect(sold() - before).toBe(2);
  }, 120_000);

  it('a v1 label bought on bench A is reprinted on bench B by its tracking number, and once voided the box may be bought again', async () => {
    const url = await server.database();
    const a = await bench('v1-a4', url);
    await order(a, 'WV-4', [box(12)]);
    const bought = await buyBox(a, 'WV-4', 1, 12);
    const bDir = path.join(temp.dir, 'v1-b4');
    const at = [...service.flags(bDir), '--warehouse', url, '--bench', 'v1-b4'];
    const reprint = await cli(['reprint', bought.trackingCode, '--json', ...at]);
    expect(reprint.code, reprint.err.join('\n')).toBe(0);
    expect(jsonOf<{ tracking_no: string; status: string }>(reprint)).toMatchObject({ tracking_no: bought.trackingCode, status: 'done' });

    // Bench B (the same data folder, now open) pressing Buy on that box gets bench A's label, named as A's, and buys nothing.
    const b = await bench('v1-b4', url);
    const before = sold();
    const held = await buyBox(b, 'WV-4', 1, 12);
    expect(held).toMatchObject({ trackingCode: bought.trackingCode, alreadyBought: true, note: expect.stringMatching(/Bench v1-a4 bought this box's label/) });
    expect(sold() - before).toBe(0);

    // Bench A voids it: the box may be bought again, at bench B too, under a new label.
    await a.call('account.void', { trackingCode: bought.trackingCode });
    const again = await buyBox(b, 'WV-4', 1, 12);
    expect(again.trackingCode).not.toBe(bought.trackingCode);
    expect(again.alreadyBought).toBe(false);
    expect(sold() - before).toBe(1);
  }, 120_000);

  it('while the warehouse database is down a bench buys no v1 label, and says so in words', async () => {
    const url = await server.database();
    const down = new URL(url);
    down.port = String(await closedPort());
    const a = await bench('v1-a5', url);
    await order(a, 'WV-5', [box(12)]);
    const offline = await bench('v1-b5', down.toString());
    const before = sold();
    const refused = await failure(buyBox(offline, 'WV-5', 1, 12));
    expect(refused.message).toMatch(/warehouse database \(127\.0\.0\.1:\d+\/t\w+\) cannot be reached, so this bench does not buy/);
    expect(sold() - before).toBe(0);
  }, 120_000);
});

describe('a v1 claim taken over from another bench', () => {
  it('is named as taken over only when that bench left it pending (it may have sold), not when the service refused it', async () => {
    const url = await server.database();
    const db = openWarehouseDb({ url, log: createMemoryLogger() });
    const local = openDatabase({ file: ':memory:' });
    const as = (bench: string) => {
      const outbox = createLocalOutbox(local, () => new Date());
      const log = createMemoryLogger();
      return createPgClaims({ db, bench, log, outbox, writes: createWarehouseWrites({ db, outbox, log }), leaseMs: 0 });
    };
    const [x, y] = [as('pack-x'), as('pack-y')];
    const request = (box: number): ClaimRequest => ({
      api: 'v1',
      backendId: 'test:http://127.0.0.1:1#t',
      accountId: 't',
      packageKey: `v1:s/o-1#${box}`,
      localVoidGeneration: 0,
      journaledId: null,
      orderNumber: 'O-1',
    });
    try {
      const first = await x.claim(request(1));
      if (first.kind !== 'mine') throw new Error('the first claim is pack-x\'s');
      expect(first.platformUkId).toMatch(/^v1-ps[0-9a-f]{30}$/);
      // pack-x stopped mid-purchase (its lease is over): pack-y must read the order back before buying.
      expect(await y.claim(request(1))).toEqual({ kind: 'mine', platformUkId: first.platformUkId, takenOverFrom: 'pack-x' });
      const refused = await x.claim(request(2));
      if (refused.kind !== 'mine') throw new Error('box 2 is pack-x\'s');
      await x.release(refused.platformUkId);
      expect(await y.claim(request(2))).toEqual({ kind: 'mine', platformUkId: refused.platformUkId, takenOverFrom: null });
    } finally {
      await Promise.all([x.close(), y.close()]);
      local.close();
      await db.close();
    }
  }, 60_000);
});
