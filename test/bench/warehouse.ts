// Warehouse throughput: 4 benches (4 processes, 4 data folders) x 250 packages each through one PostgreSQL,
// against the sandbox with 50 ms latency per request; beside it, one bench with SQLite alone (no warehouse).
// Each bench presses Buy on its packages one after the other, as a packer does (quote, then buy).
// Reported: packages per minute (all benches together), and the claim: Buy pressed -> the purchase journaled
// under a claim this bench holds (in warehouse mode one PostgreSQL transaction), p50/p95/max in ms.
// Run: npm run -s bench:warehouse -- [--benches 4] [--packages 250] [--latency-ms 50] [--json]
//      --quick: 2 benches x 5 packages (what CI runs, so the benchmark cannot rot)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { startBenchProcess, writeOrders, type BenchEvent, type BenchProcess } from '../integration/warehouse/benchProcess';
import { sandboxKeys } from '../support/keyVariables';
import { startPostgres } from '../support/postgres';

const { values } = parseArgs({
  options: {
    benches: { type: 'string' },
    packages: { type: 'string' },
    'latency-ms': { type: 'string', default: '50' },
    json: { type: 'boolean', default: false },
    quick: { type: 'boolean', default: false },
  },
});
const benchCount = Number(values.benches ?? (values.quick ? 2 : 4));
const packages = Number(values.packages ?? (values.quick ? 5 : 250));
const latencyMs = Number(values['latency-ms']);

function stats(samples: readonly number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  const round = (x: number) => Math.round(x * 10) / 10;
  return { p50: round(at(50)), p95: round(at(95)), max: round(sorted.at(-1) ?? 0), samples: sorted.length };
}

type Bought = Extract<BenchEvent, { event: 'bought' }>;

/** Starts `count` benches on their own orders, waits until all are ready, then measures from the first Buy to the last label. */
async function run(sandbox: RunningSandbox, dir: string, count: number, warehouse: string | undefined) {
  const env = { ...process.env, ...sandboxKeys(sandbox) };
  const soldBefore = sandbox.stats().labelsSold;
  const mode = warehouse ? 'pg' : 'sqlite';
  const benches: BenchProcess[] = Array.from({ length: count }, (_, i) => {
    const name = `${mode}-bench-${i + 1}`;
    const ordersFile = writeOrders(dir, `${mode.toUpperCase()}${i + 1}`, packages);
    return startBenchProcess({ name, dataDir: path.join(dir, name), baseUrl: sandbox.baseUrl, legacyBaseUrl: sandbox.legacyBaseUrl, ordersFile, env, ...(warehouse ? { warehouse } : {}) });
  });
  try {
    // Each bench starts buying as soon as it is ready; the clock runs from the first ready to the last done.
    const readyAt = await Promise.all(benches.map((b) => b.until((e) => e.event === 'ready').then(() => performance.now())));
    const ends = await Promise.all(benches.map((b) => b.until((e) => e.event === 'done' || e.event === 'error')));
    const wallMs = performance.now() - Math.min(...readyAt);
    const failed = ends.reduce((n, e) => n + (e.event === 'done' ? e.failed : packages), 0);
    const bought = benches.flatMap((b) => [...b.bought().values()]);
    const claims = bought.map((b: Bought) => b.claimMs).filter((ms): ms is number => ms !== null);
    const perBenchMs = ends.map((e) => (e.event === 'done' ? e.ms : null));
    return {
      benches: count,
      packages: count * packages,
      bought: bought.length,
      failed,
      labelsSoldAtService: sandbox.stats().labelsSold - soldBefore,
      wallSeconds: Math.round(wallMs / 100) / 10,
      packagesPerMinute: Math.round((bought.length / wallMs) * 60_000),
      perBenchPackagesPerMinute: perBenchMs.map((ms) => (ms ? Math.round((packages / ms) * 60_000) : null)),
      claimMs: stats(claims),
    };
  } finally {
    await Promise.all(benches.map((b) => b.end()));
  }
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parcel-station-warehouse-bench-'));
  const server = await startPostgres();
  const sandbox = await startSandbox({ seed: 15, latencyMs });
  try {
    const warehouse = await run(sandbox, dir, benchCount, await server.database('bench_warehouse'));
    const sqlite = await run(sandbox, dir, 1, undefined);
    const result = {
      latencyMs,
      packagesPerBench: packages,
      warehousePostgres: warehouse,
      sqliteOneBench: sqlite,
      cpus: os.cpus().length,
      loadAverage: os.loadavg().map((x) => Math.round(x * 10) / 10),
    };
    console.log(values.json ? JSON.stringify(result) : JSON.stringify(result, null, 2));
    if (warehouse.failed > 0 || sqlite.failed > 0 || warehouse.labelsSoldAtService !== warehouse.packages) process.exitCode = 1;
  } finally {
    await sandbox.close();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
