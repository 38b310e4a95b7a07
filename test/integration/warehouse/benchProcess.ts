import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** What a bench process (dist/test/bench/warehouseWorker.cjs) reports, one JSON line each. */
export type BenchEvent =
  | { readonly event: 'ready'; readonly orders: number }
  | { readonly event: 'bought'; readonly order: string; readonly trackingNo: string; readonly platformUkId: string; readonly reused: boolean; readonly presses: number; readonly claimMs: number | null }
  | { readonly event: 'again'; readonly order: string; readonly code: string; readonly message: string }
  | { readonly event: 'failed'; readonly order: string; readonly message: string }
  | { readonly event: 'done'; readonly orders: number; readonly failed: number; readonly ms: number }
  | { readonly event: 'error'; readonly message: string };

export interface BenchProcess {
  readonly name: string;
  readonly dataDir: string;
  readonly pid: number;
  readonly events: BenchEvent[];
  /** Resolves with the first event (already seen or still to come) that passes the test; rejects if the process ends first. */
  until(test: (e: BenchEvent) => boolean): Promise<BenchEvent>;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Ends the bench cleanly (its pending warehouse writes are sent first). */
  end(): Promise<void>;
  kill(): void;
  stderr(): string;
  /** The label each order ended with on this bench. */
  bought(): Map<string, Extract<BenchEvent, { event: 'bought' }>>;
}

export interface BenchSpec {
  readonly name: string;
  readonly dataDir: string;
  readonly baseUrl: string;
  readonly legacyBaseUrl: string;
  readonly ordersFile: string;
  readonly env: NodeJS.ProcessEnv;
  readonly warehouse?: string;
  readonly leaseMs?: number;
  readonly concurrency?: number;
}

/** The checkout this file lives in (also from its bundled copy under dist/), found by its package.json. */
function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, 'scripts/build.mjs'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no Parcel Station checkout above ${from}`);
  }
}

const repoRoot = findRoot(__dirname);

export const workerScript = path.join(repoRoot, 'dist/test/bench/warehouseWorker.cjs');

/** A bench as its own OS process on its own data folder. */
export function startBenchProcess(spec: BenchSpec): BenchProcess {
  fs.mkdirSync(spec.dataDir, { recursive: true });
  const args = [
    workerScript,
    '--data-dir', spec.dataDir,
    '--base-url', spec.baseUrl,
    '--legacy-base-url', spec.legacyBaseUrl,
    '--orders', spec.ordersFile,
    '--bench', spec.name,
    '--concurrency', String(spec.concurrency ?? 1),
    ...(spec.warehouse ? ['--warehouse', spec.warehouse] : []),
    ...(spec.leaseMs ? ['--lease-ms', String(spec.leaseMs)] : []),
  ];
  const child = spawn(process.execPath, args, { cwd: repoRoot, env: spec.env, stdio: ['pipe', 'pipe', 'pipe'] });
  const events: BenchEvent[] = [];
  const waiters = new Set<{ test: (e: BenchEvent) => boolean; resolve: (e: BenchEvent) => void; reject: (error: Error) => void }>();
  let pending = '';
  let err = '';
  let ended = false;
  child.stdout.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines.filter((l) => l.trim() !== '')) {
      const e = JSON.parse(line) as BenchEvent;
      events.push(e);
      for (const w of [...waiters]) {
        if (w.test(e)) {
          waiters.delete(w);
          w.resolve(e);
        }
      }
    }
  });
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => {
      ended = true;
      for (const w of waiters) w.reject(new Error(`bench ${spec.name} ended (${signal ?? code}) before the awaited event: ${err.slice(-2000)}`));
      waiters.clear();
      resolve({ code, signal });
    }),
  );
  return {
    name: spec.name,
    dataDir: spec.dataDir,
    pid: child.pid ?? -1,
    events,
    until(test) {
      const seen = events.find(test);
      if (seen) return Promise.resolve(seen);
      if (ended) return Promise.reject(new Error(`bench ${spec.name} has ended: ${err.slice(-2000)}`));
      return new Promise((resolve, reject) => waiters.add({ test, resolve, reject }));
    },
    exited,
    async end() {
      if (!ended) child.stdin.end();
      await exited;
    },
    kill: () => child.kill('SIGKILL'),
    stderr: () => err,
    bought() {
      const map = new Map<string, Extract<BenchEvent, { event: 'bought' }>>();
      for (const e of events) if (e.event === 'bought') map.set(e.order, e);
      return map;
    },
  };
}

/** The CLI run as its own process; resolves with its exit code and output. */
export function runCli(args: readonly string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, [path.join(repoRoot, 'dist/electron/cli.cjs'), ...args], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out, err })));
}

/** An orders CSV of `count` domestic orders named PREFIX-001..; returns its path. */
export function writeOrders(dir: string, prefix: string, count: number): string {
  const streets = [
    ['1457 Sunset Boulevard', 'Los Angeles', 'CA', '90026'],
    ['500 Pine Street', 'Seattle', 'WA', '98101'],
    ['2 Oak St', 'Austin', 'TX', '78701'],
    ['315 West 36th Street', 'New York', 'NY', '10018'],
  ] as const;
  const rows = Array.from({ length: count }, (_, i) => {
    const [street, city, state, zip] = streets[i % streets.length] ?? streets[0];
    return `${prefix}-${String(i + 1).padStart(3, '0')},Customer ${i + 1},${street},${city},${state},${zip},US,${8 + (i % 30)},10,8,4`;
  });
  const file = path.join(dir, `${prefix}.csv`);
  fs.writeFileSync(file, ['order_number,recipient_name,street,city,state,zip_code,country,weight_oz,length_in,width_in,height_in', ...rows].join('\n'));
  return file;
}
