import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StationFailure } from '../../../shared/contract/errors';
import { startSandbox } from '../../../electron/sandbox';
import { openDatabase } from '../../../electron/store/database';
import { createShipmentsRepo } from '../../../electron/store/shipmentsRepo';
import { repoRoot, useBuiltStation } from '../../support/builtStation';
import { sandboxKeys } from '../../support/keyVariables';
import { startPostgres, type TestPostgres } from '../../support/postgres';
import { serviceDoor } from '../../support/serviceDoor';
import { makeTempDir } from '../../support/tempDir';
import { startBench, type Bench, type BenchStation } from '../shipping/harness';
import { openBench, type BenchStation as WarehouseBench } from '../warehouse/benchStation';
import { callerOf, v1Side, v2Side, type Caller, type Pressed, type Side } from './sides';

/**
 * The money rules of the one purchase engine (electron/purchases/), proven
 * for the v2 and the v1 adapter by the same tests: whatever goes wrong, the
 * service sells one label per package and the station keeps it. Each test
 * states the common promise; how the API keeps it (v2 re-sends the same
 * platform_uk_id, v1 reads the order back and never sends twice) is checked
 * inside it through the side's own expectations.
 */
const cleanups = useBuiltStation();
let postgres: TestPostgres;
beforeAll(async () => {
  postgres = await startPostgres();
}, 120_000);
afterAll(() => postgres?.stop());

const rowOf = (station: BenchStation, key: string) => createShipmentsRepo(station.db, () => new Date()).liveByPackageKey('default', key);

/** A press that lost the race to another process of the same folder: refused in words, never a stack or a code. */
function expectConflictWords(outcome: PromiseSettledResult<Pressed>): void {
  if (outcome.status === 'fulfilled') return;
  expect(outcome.reason).toBeInstanceOf(StationFailure);
  const failure = outcome.reason as StationFailure;
  expect(failure.error.code).toBe('conflict');
  expect(failure.error.message).not.toMatch(/[a-z]+_[a-z]+/);
}

/** The service on 127.0.0.1 behind a door that calls `onPurchase` the moment a purchase request arrives, then passes it on. */
async function tripwire(target: string, purchase: RegExp, onPurchase: () => void): Promise<string> {
  const door = await serviceDoor(target, ({ url }) => {
    if (purchase.test(url)) onPurchase();
  });
  cleanups.push(() => door.close());
  return door.url;
}

describe.each([v2Side, v1Side])('the purchase engine through the $api adapter', (side: Side) => {
  let bench: Bench;
  beforeAll(async () => {
    bench = await startBench({ seed: side.api === 'v2' ? 91 : 92 });
  });
  afterAll(() => bench.close());
  const sold = () => bench.sandbox.stats().labelsSold;

  it('loses the answer after the sale on every other package, each pressed twice at once: one label per package, kept with its image', async () => {
    const station = await bench.open();
    const call = callerOf(station);
    const orders = Array.from({ length: 6 }, (_, i) => `${side.api}-LOST-${i}`);
    const before = sold();
    for (const [i, order] of orders.entries()) {
      await side.prepare(call, order);
      if (i % 2 === 0) bench.sandbox.faults.set({ dropPurchaseResponses: 1 });
      const [first, second] = await Promise.all([side.buy(call, order), side.buy(call, order)]);
      expect(second?.trackingNo).toBe(first?.trackingNo);
      const row = rowOf(station, side.keyOf(order));
      expect(row).toMatchObject({ state: 'bought', tracking_no: first?.trackingNo, label_count: 1 });
      if (i % 2 === 0 && row && first) side.expectRecovered(station.db, row, first);
    }
    expect(sold() - before).toBe(orders.length);
    expect(side.unsettled(station.db)).toBe(0);
    await station.close();
  }, 60_000);

  it('two station processes on one data folder press Buy on the same packages at once: one label per package, both show it', async () => {
    const one = await bench.open();
    const two = await bench.open();
    const callOne = callerOf(one);
    const callTwo = callerOf(two);
    const orders = Array.from({ length: 4 }, (_, i) => `${side.api}-TWO-${i}`);
    for (const order of orders) await side.prepare(callOne, order);
    const before = sold();
    bench.sandbox.faults.set({ dropPurchaseResponses: 2 });
    const outcomes = await Promise.all(orders.map((order) => Promise.allSettled([side.buy(callOne, order), side.buy(callTwo, order)])));
    for (const [index, pair] of outcomes.entries()) {
      pair.forEach(expectConflictWords);
      // Pressing again on either process shows the one label the folder keeps.
      const order = orders[index] as string;
      const [a, b] = [await side.buy(callOne, order), await side.buy(callTwo, order)];
      expect(b.trackingNo).toBe(a.trackingNo);
      for (const done of pair) if (done.status === 'fulfilled') expect(done.value.trackingNo).toBe(a.trackingNo);
    }
    expect(sold() - before).toBe(orders.length);
    expect(side.unsettled(one.db)).toBe(0);
    await one.close();
    await two.close();
  }, 60_000);

  it('a label another station on the account bought for another box of the order is never taken as this box\'s, even when this box\'s answer is lost', async () => {
    const temp = makeTempDir();
    cleanups.push(temp.cleanup);
    const here = await bench.open();
    const elsewhere = await bench.open(temp.dir);
    const order = `${side.api}-FOREIGN-1`;
    await side.prepare(callerOf(here), order, [20, 36]);
    const before = sold();
    const theirs = await side.buy(callerOf(elsewhere), order, 1, 20);
    bench.sandbox.faults.set({ dropPurchaseResponses: 1 });
    const mine = await side.buy(callerOf(here), order, 2, 36);
    expect(mine.trackingNo).not.toBe(theirs.trackingNo);
    expect(sold() - before).toBe(2);
    const kept = createShipmentsRepo(here.db, () => new Date());
    expect(kept.findByRef(theirs.trackingNo)).toBeUndefined();
    const row = kept.findByRef(mine.trackingNo);
    expect(row).toMatchObject({ state: 'bought', label_count: 1 });
    if (row) side.expectRecovered(here.db, row, mine);
    await elsewhere.close();
    await here.close();
  }, 60_000);

  it('a station killed (SIGKILL) right after the purchase request leaves: the journal row is there on reopening, and buying again charges once', async () => {
    const temp = makeTempDir();
    cleanups.push(temp.cleanup);
    const sandbox = await startSandbox({ seed: side.api === 'v2' ? 93 : 94, latencyMs: 300 });
    cleanups.push(() => sandbox.close());
    const env = { ...process.env, ...sandboxKeys(sandbox) };
    let station: ReturnType<typeof spawn> | undefined;
    let purchases = 0;
    const door = await tripwire(side.api === 'v2' ? sandbox.baseUrl : sandbox.legacyBaseUrl, side.purchasePath, () => {
      purchases += 1;
      station?.kill('SIGKILL');
    });
    const addresses = side.api === 'v2' ? ['--base-url', door, '--legacy-base-url', sandbox.legacyBaseUrl] : ['--base-url', sandbox.baseUrl, '--legacy-base-url', door];
    const run = (args: readonly string[]) => {
      const child = spawn(process.execPath, ['dist/electron/cli.cjs', ...args, '--data-dir', temp.dir, ...addresses], { cwd: repoRoot, env });
      let out = '';
      let err = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string; err: string }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, out, err })));
      return { child, done };
    };
    await side.cli.prepare(temp.dir, (args) => run(args).done);
    const from = path.join(temp.dir, 'from.json');
    fs.writeFileSync(from, JSON.stringify({ name: 'Shipping Desk', phone: '2135550147', street: '2150 E 7th St', city: 'Los Angeles', state: 'CA', zip: '90021' }));

    const buying = run(side.cli.buy(from));
    station = buying.child;
    expect((await buying.done).signal).toBe('SIGKILL');
    expect(purchases).toBe(1);
    const db = openDatabase({ file: path.join(temp.dir, 'station.sqlite') });
    expect(side.unsettled(db)).toBe(1);
    db.close();

    station = undefined;
    const again = await run(side.cli.buy(from)).done;
    expect(again.code, again.err).toBe(0);
    const bought = JSON.parse(again.out) as { tracking_no: string };
    expect(bought.tracking_no).not.toBe('');
    expect(sandbox.stats().labelsSold).toBe(1);
    // v2 sent the journaled id again (the service answered with the label it sold); v1 read the order back and sent nothing more.
    expect(purchases).toBe(side.api === 'v2' ? 2 : 1);
    const reopened = openDatabase({ file: path.join(temp.dir, 'station.sqlite') });
    expect(side.unsettled(reopened)).toBe(0);
    expect(createShipmentsRepo(reopened, () => new Date()).findByRef(bought.tracking_no)?.state).toBe('bought');
    reopened.close();
  }, 90_000);

  it('two benches on one account in warehouse mode (real PostgreSQL) press Buy on the same package at once: one label, both benches keep it', async () => {
    const temp = makeTempDir();
    cleanups.push(temp.cleanup);
    const url = await postgres.database();
    const benches: WarehouseBench[] = [];
    for (const name of ['pack-a', 'pack-b']) {
      const opened = await openBench({ root: temp.dir, name, url, sandbox: bench.sandbox });
      cleanups.push(() => opened.close());
      benches.push(opened);
    }
    const [a, b] = benches as [WarehouseBench, WarehouseBench];
    const callA: Caller = (name, input) => a.call(name as never, input as never);
    const callB: Caller = (name, input) => b.call(name as never, input as never);
    const order = `${side.api}-WH-1`;
    await side.prepare(callA, order);
    const before = sold();
    bench.sandbox.faults.set({ dropPurchaseResponses: 1 });
    const pair = await Promise.allSettled([side.buy(callA, order), side.buy(callB, order)]);
    // The bench that lost the claim is told which bench is buying; pressing again shows that bench's label.
    pair.forEach(expectConflictWords);
    const [onA, onB] = [await side.buy(callA, order), await side.buy(callB, order)];
    expect(onB.trackingNo).toBe(onA.trackingNo);
    expect(sold() - before).toBe(1);
    for (const each of benches) {
      const kept = await each.call('shipments.find', { ref: onA.trackingNo });
      expect(kept.state, each.name).toBe('bought');
      expect(kept.labelCount, each.name).toBe(1);
    }
  }, 90_000);
});
