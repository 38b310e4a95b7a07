// Round trips the operator waits for, in multiples of the service's latency: scan -> rates (and the
// address decided) and Enter -> label bought, for packages whose addresses need standardization.
// Run: npm run -s bench:rtt -- [--latency-ms 300] [--packages 20] [--json] [--quick: 3 packages at 100 ms, what CI runs]
// The station runs on the sandbox with a fixed latency per request; the bench machine is driven through
// the contract exactly as the Ship screen drives it. The sandbox runs in a process of its own, as the real
// service would: its work (rating, drawing labels) does not land on the station's event loop. Beside it, the same packages through the old serial
// path (validate, then rate, then rate the standardized address) as a reference measured in the same run.
// The station's log counts the contract commands the dispatcher ran for the bench loop's packages: those
// other than the screen's own bench.scan and bench.buy are the station calling itself.
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { CommandInput, CommandName } from '../../shared/contract';
import { shownQuote, type BenchState } from '../../shared/contract/bench';
import { startSandbox } from '../../electron/sandbox';
import { createStation } from '../../electron/station/createStation';
import { createVault } from '../../electron/vault/vault';
import { command } from '../support/station';
import { benchMemoryKeychain } from './benchKeychain';

const { values } = parseArgs({
  options: {
    'latency-ms': { type: 'string' },
    packages: { type: 'string' },
    json: { type: 'boolean', default: false },
    quick: { type: 'boolean', default: false },
    'serve-sandbox': { type: 'boolean', default: false },
  },
});
const latencyMs = Number(values['latency-ms'] ?? (values.quick ? 100 : 300));
const count = Number(values.packages ?? (values.quick ? 3 : 20));

/** Residential addresses as a shop exports them: long street words, mixed case, no ZIP+4; each standardizes in form only. */
const streets: ReadonlyArray<readonly [string, string, string, string, string]> = [
  ['1457 Sunset Boulevard', 'Apartment 3', 'Los Angeles', 'CA', '90026'],
  ['88 north main street', '', 'Salt Lake City', 'UT', '84111'],
  ['2207 West Alabama Street', '', 'Houston', 'TX', '77098'],
  ['77 Peachtree Place NE', 'Unit 905', 'Atlanta', 'GA', '30309'],
  ['315 West 36th Street', 'Floor 7', 'New York', 'NY', '10018'],
  ['1420 Lakeshore Drive', '', 'Chicago', 'IL', '60610'],
  ['64 Commonwealth Avenue', 'Apt 2B', 'Boston', 'MA', '02116'],
  ['4120 East Indian School Road', '', 'Phoenix', 'AZ', '85018'],
  ['2300 Northeast Broadway', '', 'Portland', 'OR', '97232'],
  ['1100 Brickell Bay Drive', 'Unit 1406', 'Miami', 'FL', '33131'],
];

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  const round = (x: number) => Math.round(x * 100) / 100;
  return { p50: round(at(50)), p95: round(at(95)), max: round(sorted.at(-1) ?? 0) };
}

interface SandboxProcess {
  readonly baseUrl: string;
  readonly legacyBaseUrl: string;
  readonly credentials: { readonly appKey: string; readonly appSecret: string; readonly apiToken: string };
  setLatency(ms: number): Promise<void>;
  close(): Promise<void>;
}

/** This same script with --serve-sandbox: the sandbox in its own process, its latency set over IPC. */
async function serveSandbox(): Promise<void> {
  const sandbox = await startSandbox({ seed: 11, latencyMs: 0 });
  process.on('message', (message: { latencyMs?: number; close?: boolean }) => {
    if (message.close) void sandbox.close().then(() => process.exit(0));
    else if (message.latencyMs !== undefined) {
      sandbox.faults.set({ latencyMs: message.latencyMs });
      process.send?.({ latencySet: message.latencyMs });
    }
  });
  process.send?.({ baseUrl: sandbox.baseUrl, legacyBaseUrl: sandbox.legacyBaseUrl, credentials: sandbox.credentials });
}

async function sandboxProcess(): Promise<SandboxProcess> {
  const child: ChildProcess = fork(__filename, ['--serve-sandbox'], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const next = <T>(test: (m: Record<string, unknown>) => boolean): Promise<T> =>
    new Promise((resolve, reject) => {
      const onMessage = (m: Record<string, unknown>) => {
        if (!test(m)) return;
        child.off('message', onMessage);
        resolve(m as T);
      };
      child.on('message', onMessage);
      child.once('exit', (code) => reject(new Error(`the sandbox process exited with ${code}`)));
    });
  const started = await next<Omit<SandboxProcess, 'setLatency' | 'close'>>((m) => typeof m.baseUrl === 'string');
  return {
    ...started,
    async setLatency(latency) {
      const set = next((m) => m.latencySet === latency);
      child.send({ latencyMs: latency });
      await set;
    },
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ close: true });
      await exited;
    },
  };
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parcel-station-rtt-'));
  const sandbox = await sandboxProcess();
  let counting = false;
  const dispatched = new Map<string, number>();
  const station = await createStation({
    dataDir,
    echoLog: (line) => {
      if (!counting) return;
      const entry = JSON.parse(line) as { msg?: string; command?: string };
      if (entry.command && (entry.msg === 'command' || entry.msg === 'command refused' || entry.msg === 'command crashed')) {
        dispatched.set(entry.command, (dispatched.get(entry.command) ?? 0) + 1);
      }
    },
    vault: createVault({ keychain: benchMemoryKeychain() }),
    devices: { noUsb: true },
    printing: { usb: null },
    override: { baseUrl: sandbox.baseUrl, legacyBaseUrl: sandbox.legacyBaseUrl, ...sandbox.credentials },
  });
  const call = <N extends CommandName>(name: N, input: CommandInput<N>) => command(station, name, input);
  const next = (test: (s: BenchState) => boolean): Promise<BenchState> =>
    new Promise((resolve) => {
      const off = station.events.subscribe((name, payload) => {
        if (name === 'bench.changed' && test(payload as BenchState)) {
          off();
          resolve(payload as BenchState);
        }
      });
    });
  try {
    await call('settings.shipping.set', { shipFrom: { name: 'Parcel Works', street: '500 Market St', city: 'San Francisco', state: 'CA', zip: '94105', country: 'US' } });
    const header = 'order_number,recipient_name,street,street2,city,state,zip_code,country,weight_oz,length_in,width_in,height_in';
    const rows = Array.from({ length: 2 * count }, (_, i) => {
      const [street, street2, city, state, zip] = streets[i % streets.length] as (typeof streets)[number];
      return `RTT-${1000 + i},Customer ${i},${street},${street2},${city},${state},${zip},US,${12 + (i % 40)},10,8,4`;
    });
    await call('orders.importCsv', { csv: [header, ...rows].join('\n') });
    // The access token and the first connection belong to start-up, not to a package.
    await call('rates.quote', { to: { name: 'Warm Up', street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' }, package: { weightOz: 10 } });
    await sandbox.setLatency(latencyMs);

    const scanToRates: number[] = [];
    const enterToBought: number[] = [];
    let rerated = 0;
    counting = true;
    for (let i = 0; i < count; i += 1) {
      const order = `RTT-${1000 + i}`;
      const started = performance.now();
      const quotes = new Set<number>();
      const seen = station.events.subscribe((name, payload) => {
        const s = payload as BenchState;
        if (name === 'bench.changed' && s.order?.orderNumber === order && s.rates.quote) quotes.add(s.rates.quote.quoteId);
      });
      const ready = next((s) => s.order?.orderNumber === order && s.address.status !== 'checking' && s.rates.status === 'ready');
      await call('bench.scan', { text: `#${order}` });
      const state = await ready;
      scanToRates.push((performance.now() - started) / latencyMs);
      seen();
      if (quotes.size > 1) rerated += 1;
      if (state.blockers.length > 0) throw new Error(`${order} is not ready to buy: ${state.blockers.map((b) => b.message).join(' ')}`);
      const enter = performance.now();
      const printed = new Set<string>();
      const jobs = station.events.subscribe((name, payload) => {
        const job = payload as { id: string; status: string };
        if (name === 'print.job' && (job.status === 'done' || job.status === 'failed')) printed.add(job.id);
      });
      const bought = await call('bench.buy', { shown: shownQuote(state) });
      if (bought.purchase.status !== 'bought') throw new Error(`${order} was not bought: ${bought.purchase.error?.message ?? bought.purchase.status}`);
      enterToBought.push((performance.now() - enter) / latencyMs);
      // The packer takes the label off the printer before scanning the next order: the next scan starts after it printed.
      const jobId = bought.purchase.result?.printJobId;
      if (jobId && !printed.has(jobId)) {
        await new Promise<void>((resolve) => {
          const off = station.events.subscribe((name, payload) => {
            const job = payload as { id: string; status: string };
            if (name === 'print.job' && job.id === jobId && (job.status === 'done' || job.status === 'failed')) {
              off();
              resolve();
            }
          });
        });
      }
      jobs();
    }
    counting = false;
    const inner = [...dispatched].filter(([name]) => name !== 'bench.scan' && name !== 'bench.buy');
    const perPackage = (n: number) => Math.round((n / count) * 100) / 100;

    // The reference: what the screen did before, one call after the other.
    const serial: number[] = [];
    for (let i = count; i < 2 * count; i += 1) {
      const order = await call('orders.lookup', { orderNumber: `RTT-${1000 + i}` });
      const started = performance.now();
      const check = await call('address.validate', { address: order.recipient });
      await call('rates.quote', { to: order.recipient, package: { weightOz: order.package?.weightOz ?? 12 } });
      await call('rates.quote', { to: check.standardized ?? order.recipient, package: { weightOz: order.package?.weightOz ?? 12 } });
      serial.push((performance.now() - started) / latencyMs);
    }

    const result = {
      latencyMs,
      packages: count,
      unit: 'multiples of the service latency',
      scanToRates: stats(scanToRates),
      enterToLabelBought: stats(enterToBought),
      serialValidateRateRerate: stats(serial),
      targets: { scanToRatesP95: 1.3, enterToLabelBoughtP95: 1.6 },
      met: { scanToRates: stats(scanToRates).p95 <= 1.3, enterToLabelBought: stats(enterToBought).p95 <= 1.6 },
      addressesRerated: rerated,
      inProcessCallsPerPackage: {
        total: perPackage(inner.reduce((sum, [, n]) => sum + n, 0)),
        byCommand: Object.fromEntries(inner.map(([name, n]) => [name, perPackage(n)])),
      },
      cpus: os.cpus().length,
      loadAverage: os.loadavg().map((x) => Math.round(x * 10) / 10),
    };
    if (values.json) console.log(JSON.stringify(result));
    else console.log(JSON.stringify(result, null, 2));
  } finally {
    await station.close();
    await sandbox.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

(values['serve-sandbox'] ? serveSandbox() : main()).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
