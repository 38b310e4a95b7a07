import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StationFailure } from '../../../shared/contract/errors';
import { shippingCommands } from '../../../shared/contract/shipping';
import { openDatabase } from '../../../electron/store/database';
import { startBench, shipTo, type Bench, type BenchStation } from './harness';

/**
 * Many purchases under injected faults (design.md invariant 2). Whatever
 * happens on the wire, the sandbox must sell exactly one label per package
 * and the station must hold every label it paid for.
 */

let bench: Bench;
let station: BenchStation;
const packages = new Set<string>();
const counts = { operatorRetries: 0, closedMidFlight: 0, tokensRevoked: 0, pendingAtRestart: 0 };

async function call<N extends keyof typeof shippingCommands>(name: N, input: unknown): Promise<Awaited<ReturnType<BenchStation['module']['handlers'][N]>>> {
  const args = shippingCommands[name].input.parse(input);
  return (station.module.handlers[name] as (a: unknown) => Promise<never>)(args);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pkg = (i: number) => ({ weightOz: 6 + (i % 30), lengthIn: 10, widthIn: 8, heightIn: 4 });

/** An operator who presses Buy again after any retryable failure. */
async function buyUntilBought(key: string, i: number): Promise<void> {
  packages.add(key);
  for (let attempt = 0; attempt < 25; attempt += 1) {
    try {
      if (i % 2 === 0) {
        const quote = await call('rates.quote', { to: shipTo, package: pkg(i) });
        const rate = quote.rates[quote.preselected ?? 0];
        await call('labels.buy', { method: 'rate', quoteId: quote.quoteId, rateId: rate?.rateId, packageKey: key, print: false });
      } else {
        await call('labels.buy', { method: 'direct', carrierCode: 'USPS', serviceLevel: 'USPS_GROUND_ADVANTAGE', to: shipTo, package: pkg(i), packageKey: key, print: false });
      }
      return;
    } catch (error) {
      // A token revoked again between the client's renewal and its one retry reads as unauthorized; pressing again is what an operator does.
      const again = error instanceof StationFailure && (error.error.retryable === true || error.error.code === 'unauthorized');
      if (!again) throw error;
      counts.operatorRetries += 1;
      await sleep(20);
    }
  }
  throw new Error(`${key} was never bought`);
}

/** Mints a token for the station's AppKey from outside, which revokes the station's own token. */
async function revokeStationToken(): Promise<void> {
  const { appKey, appSecret } = bench.sandbox.credentials;
  try {
    const response = await fetch(`${bench.sandbox.baseUrl}/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${appKey}:${appSecret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&scope=API',
    });
    if (response.ok) counts.tokensRevoked += 1;
  } catch {
    // The sandbox's injected faults may cut this call too; the next one revokes.
  }
}

beforeAll(async () => {
  bench = await startBench({ seed: 23, clientTimeoutMs: 3_000 });
  station = await bench.open();
});

afterAll(async () => {
  const sold = bench.sandbox.stats();
  const bought = station.db.prepare("SELECT count(*) AS n FROM shipments WHERE state = 'bought'").get() as { n: number };
  const audit = station.db.prepare("SELECT outcome, count(*) AS n FROM audit_log WHERE endpoint IN ('/api/shipment/create_and_pay', '/api/shipment/direct_buy') GROUP BY outcome").all();
  console.log(
    `[faults] packages=${packages.size} sandbox_labels_sold=${sold.labelsSold} duplicate_answers=${sold.duplicatePurchases} dropped_responses=${sold.droppedResponses} ` +
      `station_bought=${bought.n} operator_retries=${counts.operatorRetries} closed_mid_flight=${counts.closedMidFlight} tokens_revoked=${counts.tokensRevoked} pending_at_restart=${counts.pendingAtRestart} ` +
      `purchase_attempts=${JSON.stringify(audit)}`,
  );
  await station.close();
  await bench.close();
});

function assertOneLabelPerPackage(): void {
  const rows = station.db
    .prepare(`SELECT package_key, platform_uk_id, state, (SELECT count(*) FROM labels l WHERE l.shipment_id = s.id AND l.kind = 'label') AS labels FROM shipments s`)
    .all() as Array<{ package_key: string; platform_uk_id: string; state: string; labels: number }>;
  const byKey = new Map(rows.map((r) => [r.package_key, r]));
  for (const key of packages) {
    const row = byKey.get(key);
    expect(row?.state, key).toBe('bought');
    expect(row?.labels, key).toBeGreaterThan(0);
  }
  expect(rows).toHaveLength(packages.size);
  expect(new Set(rows.map((r) => r.platform_uk_id)).size).toBe(packages.size);
  expect(bench.sandbox.stats().labelsSold).toBe(packages.size);
}

describe('purchases under faults', () => {
  it('5xx on a third of calls', async () => {
    bench.sandbox.faults.set({ failRate: 0.33 });
    await Promise.all(Array.from({ length: 30 }, (_, i) => buyUntilBought(`5xx-${i}`, i)));
    bench.sandbox.faults.set({ failRate: 0 });
    assertOneLabelPerPackage();
  }, 120_000);

  it('responses dropped (connection reset) after the purchase committed', async () => {
    bench.sandbox.faults.set({ dropPurchaseResponses: 25 });
    await Promise.all(Array.from({ length: 20 }, (_, i) => buyUntilBought(`drop-${i}`, i)));
    bench.sandbox.faults.set({ dropPurchaseResponses: 0 });
    expect(bench.sandbox.stats().droppedResponses).toBeGreaterThan(0);
    assertOneLabelPerPackage();
  }, 120_000);

  it('access token revoked mid-flight', async () => {
    bench.sandbox.faults.set({ latencyMs: 30 });
    let revoking = true;
    const revoker = (async () => {
      while (revoking) {
        await revokeStationToken();
        await sleep(120);
      }
    })();
    await Promise.all(Array.from({ length: 20 }, (_, i) => buyUntilBought(`token-${i}`, i)));
    revoking = false;
    await revoker;
    bench.sandbox.faults.set({ latencyMs: 0 });
    assertOneLabelPerPackage();
  }, 120_000);

  it('double presses and concurrent windows buying the same package', async () => {
    await Promise.all(Array.from({ length: 10 }, (_, i) => Promise.all([buyUntilBought(`twice-${i}`, i), buyUntilBought(`twice-${i}`, i), buyUntilBought(`twice-${i}`, i)])));
    assertOneLabelPerPackage();
  }, 120_000);

  it('station closed mid-purchase and reopened: pending rows are reconciled on start', async () => {
    for (let round = 0; round < 4; round += 1) {
      bench.sandbox.faults.set({ latencyMs: 150, dropPurchaseResponses: round % 2 });
      const keys = Array.from({ length: 5 }, (_, i) => `close-${round}-${i}`);
      keys.forEach((k) => packages.add(k));
      const inFlight = keys.map((key, i) =>
        call('labels.buy', { method: 'direct', carrierCode: 'USPS', serviceLevel: 'USPS_GROUND_ADVANTAGE', to: shipTo, package: pkg(i), packageKey: key, print: false }).then(
          () => 'bought',
          (error: unknown) => (error instanceof StationFailure ? error.error.code : 'crash'),
        ),
      );
      await sleep(60 + round * 40);
      counts.closedMidFlight += 1;
      await station.close();
      const outcomes = await Promise.all(inFlight);
      const closedDb = openDatabase({ file: path.join(bench.dir, 'station.sqlite') });
      counts.pendingAtRestart += (closedDb.prepare("SELECT count(*) AS n FROM shipments WHERE state = 'pending'").get() as { n: number }).n;
      closedDb.close();
      expect(outcomes.filter((o) => o !== 'bought' && o !== 'timeout' && o !== 'conflict')).toEqual([]);
      bench.sandbox.faults.set({ latencyMs: 0, dropPurchaseResponses: 0 });
      station = await bench.open();
      const pending = station.db.prepare("SELECT count(*) AS n FROM shipments WHERE state = 'pending'").get() as { n: number };
      expect(pending.n).toBe(0);
    }
    assertOneLabelPerPackage();
  }, 120_000);

  it('everything at once', async () => {
    bench.sandbox.faults.set({ failRate: 0.2, dropPurchaseResponses: 10, latencyMs: 10 });
    let revoking = true;
    const revoker = (async () => {
      while (revoking) {
        await revokeStationToken();
        await sleep(150);
      }
    })();
    await Promise.all(Array.from({ length: 30 }, (_, i) => buyUntilBought(`mixed-${i}`, i)));
    revoking = false;
    await revoker;
    bench.sandbox.faults.set({ failRate: 0, dropPurchaseResponses: 0, latencyMs: 0 });
    assertOneLabelPerPackage();
  }, 180_000);
});
