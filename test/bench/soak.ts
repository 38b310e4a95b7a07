// An 8-hour shift in a few minutes: N packages through the station as its own process (browser mode, its
// endpoint driven as the screen drives it: scan, rates drawn, buy, the virtual printer's job done), with the
// sandbox in a process of its own. Prints the station process's RSS after the first 100 packages and at the
// end, database bytes per package, and the time per package at the start and the end of the run.
// Target: RSS at the end / RSS after 100 <= 1.20.
//   npm run -s bench:soak -- [--packages 2000] [--json] [--quick: 60 packages, checkpoint at 20, what CI runs]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { shownQuote, type BenchState } from '../../shared/contract/bench';
import type { RemoteStation } from '../../electron/station/remoteStation';
import { call, runOnStation } from './support/stationProcess';

const { values } = parseArgs({
  options: {
    packages: { type: 'string' },
    json: { type: 'boolean', default: false },
    quick: { type: 'boolean', default: false },
    // The sandbox's own process (support/stationProcess.ts runs this file again with it).
    'serve-sandbox': { type: 'boolean', default: false },
  },
});
const total = Number(values.packages ?? (values.quick ? 60 : 2000));
/** Where "after warm-up" is read: the 100 packages, a third of a quick run. */
const checkpoint = values.quick ? 20 : Math.min(100, total);
/** Packages timed at the start and at the end of the run. */
const window = Math.max(5, Math.min(100, Math.floor(total / 10)));

const streets: ReadonlyArray<readonly [string, string, string, string]> = [
  ['1457 Sunset Blvd', 'Los Angeles', 'CA', '90026'],
  ['88 N Main St', 'Salt Lake City', 'UT', '84111'],
  ['2207 W Alabama St', 'Houston', 'TX', '77098'],
  ['315 W 36th St', 'New York', 'NY', '10018'],
  ['1420 N Lake Shore Dr', 'Chicago', 'IL', '60610'],
];

/** The resident set of a process, from the kernel's own count. */
function rssMb(pid: number): number {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return Math.round((Number(line?.replace(/\D+/g, '') ?? 0) / 1024) * 10) / 10;
}

/** Bytes of the station's database and its write-ahead log. */
function databaseBytes(dataDir: string): number {
  return ['station.sqlite', 'station.sqlite-wal'].reduce((sum, name) => {
    const file = path.join(dataDir, name);
    return sum + (fs.existsSync(file) ? fs.statSync(file).size : 0);
  }, 0);
}

/** The next event the test accepts, from a subscription made before the action that causes it. */
function waitFor<T>(remote: RemoteStation, accept: (name: string, payload: unknown) => T | undefined): Promise<T> {
  return new Promise((resolve) => {
    const off = remote.onEvent((name, payload) => {
      const value = accept(name, payload);
      if (value === undefined) return;
      off();
      resolve(value);
    });
  });
}

const median = (xs: readonly number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return Math.round((sorted[Math.floor(sorted.length / 2)] ?? 0) * 10) / 10;
};

runOnStation('soak', 17, async ({ remote: r, pid, dataDir }) => {
  const header = 'order_number,recipient_name,street,city,state,zip_code,country,weight_oz,length_in,width_in,height_in';
  // The day's orders arrive as a shop exports them, a few hundred at a time.
  for (let from = 0; from < total; from += 500) {
    const rows = Array.from({ length: Math.min(500, total - from) }, (_, k) => {
      const i = from + k;
      const [street, city, state, zip] = streets[i % streets.length] as (typeof streets)[number];
      return `SOAK-${100000 + i},Customer ${i},${street},${city},${state},${zip},US,${8 + (i % 40)},10,8,4`;
    });
    await call(r, 'orders.importCsv', { csv: [header, ...rows].join('\n') });
  }

  const times: number[] = [];
  let afterCheckpoint = { rssMb: 0, databaseBytes: 0 };
  const started = rssMb(pid);
  for (let i = 0; i < total; i += 1) {
    const order = `SOAK-${100000 + i}`;
    const begun = performance.now();
    const ready = waitFor(r, (name, payload) => {
      const s = payload as BenchState;
      return name === 'bench.changed' && s.order?.orderNumber === order && s.address.status !== 'checking' && s.rates.status === 'ready' ? s : undefined;
    });
    await call(r, 'bench.scan', { text: order });
    const state = await ready;
    if (state.blockers.length > 0) throw new Error(`${order} is not ready to buy: ${state.blockers.map((b) => b.message).join(' ')}`);
    const printed = waitFor(r, (name, payload) => {
      const job = payload as { reference?: string | null; status?: string };
      return name === 'print.job' && (job.status === 'done' || job.status === 'failed') ? job : undefined;
    });
    const bought = (await call(r, 'bench.buy', { shown: shownQuote(state) })) as BenchState;
    if (bought.purchase.status !== 'bought') throw new Error(`${order} was not bought: ${bought.purchase.error?.message ?? bought.purchase.status}`);
    if (bought.purchase.result?.printJobId) {
      const job = await printed;
      if (job.status !== 'done') throw new Error(`${order}'s label did not print`);
    }
    times.push(performance.now() - begun);
    if (i + 1 === checkpoint) afterCheckpoint = { rssMb: rssMb(pid), databaseBytes: databaseBytes(dataDir) };
    if (!values.json && (i + 1) % 100 === 0) process.stderr.write(`${i + 1} packages, RSS ${rssMb(pid)} MB\n`);
  }
  const end = { rssMb: rssMb(pid), databaseBytes: databaseBytes(dataDir) };
  const report = {
    packages: total,
    rss: {
      atStartMb: started,
      [`after${checkpoint}Mb`]: afterCheckpoint.rssMb,
      atEndMb: end.rssMb,
      ratio: Math.round((end.rssMb / afterCheckpoint.rssMb) * 100) / 100,
      target: 1.2,
    },
    databaseBytesPerPackage: Math.round((end.databaseBytes - afterCheckpoint.databaseBytes) / Math.max(1, total - checkpoint)),
    msPerPackage: { first: median(times.slice(0, window)), last: median(times.slice(-window)), window },
    cpus: os.cpus().length,
    loadAverage: os.loadavg().map((x) => Math.round(x * 10) / 10),
  };
  process.stdout.write(`${JSON.stringify(report, null, values.json ? undefined : 2)}\n`);
});
