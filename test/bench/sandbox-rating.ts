// Loopback throughput of the embedded sandbox: quick_rate (1 and 10 requests per call,
// sequential and concurrent), get_rates and direct_buy (label rendered per purchase).
// Run: npm run -s bench:sandbox -- [--external] [--json] [--quick]
// --external runs the sandbox as a child process (the CLI) and also reports the server's own CPU per call (Linux).
// --json prints one JSON object; --quick makes 1/50 of the calls (what CI runs, so the benchmark cannot rot).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { startSandbox } from '../../electron/sandbox';
import { toWireShipDate } from '../../electron/shipping/wireMap';

const FROM = { first_name: 'Ship', last_name: 'Desk', street: '2150 E 7th St', city: 'Los Angeles', state: 'CA', zip_code: '90021', country: 'US' };
const TO = { first_name: 'Maria', last_name: 'Gonzalez', street: '1457 Sunset Blvd', city: 'Austin', state: 'TX', zip_code: '78701', country: 'US' };
const PACKAGE = { type: 'my_package', length: 10, width: 8, height: 4, weight: 24, weight_unit: 'oz' };
// The service requires a ship date on every rate request and purchase: today, as the station sends it.
const SHIP_DATE = toWireShipDate(undefined, new Date());

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** CPU seconds (user + system) a process has used, from /proc; undefined elsewhere. */
function processCpu(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

const { values } = parseArgs({ options: { external: { type: 'boolean', default: false }, json: { type: 'boolean', default: false }, quick: { type: 'boolean', default: false } } });
const scale = values.quick ? 50 : 1;

let serverPid: number | undefined;

interface Row {
  readonly label: string;
  readonly calls: number;
  readonly callsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly cpuUsPerCall: number;
  readonly serverCpuUsPerCall: number | null;
}
const rows: Row[] = [];

async function run(label: string, fullTotal: number, concurrency: number, call: (i: number) => Promise<void>): Promise<void> {
  const total = Math.max(concurrency, Math.round(fullTotal / scale));
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  const cpu = process.cpuUsage();
  const serverCpu = processCpu(serverPid);
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t = performance.now();
        await call(i);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuPerCall = (used.user + used.system) / total;
  const serverAfter = processCpu(serverPid);
  const serverCpuUs = serverCpu !== undefined && serverAfter !== undefined ? Math.round(((serverAfter - serverCpu) * 1e6) / total) : null;
  latencies.sort((a, b) => a - b);
  const row: Row = {
    label,
    calls: total,
    callsPerSecond: Math.round(total / seconds),
    p50Ms: Number(percentile(latencies, 50).toFixed(2)),
    p99Ms: Number(percentile(latencies, 99).toFixed(2)),
    cpuUsPerCall: Math.round(cpuPerCall),
    serverCpuUsPerCall: serverCpuUs,
  };
  rows.push(row);
  if (values.json) return;
  const server = serverCpuUs === null ? '' : `   server cpu ${serverCpuUs} us/call`;
  process.stdout.write(
    `${label.padEnd(44)} ${String(row.callsPerSecond).padStart(6)} calls/s   p50 ${row.p50Ms.toFixed(2)} ms   p99 ${row.p99Ms.toFixed(2)} ms   cpu ${row.cpuUsPerCall} us/call (this process)${server}\n`,
  );
}

interface Target {
  readonly baseUrl: string;
  readonly appKey: string;
  readonly appSecret: string;
  stats(): unknown;
  close(): Promise<void>;
}

async function inProcess(): Promise<Target> {
  const sandbox = await startSandbox();
  return { baseUrl: sandbox.baseUrl, ...sandbox.credentials, stats: () => sandbox.stats(), close: () => sandbox.close() };
}

async function childProcess(): Promise<Target> {
  const child: ChildProcess = spawn(process.execPath, [path.join(__dirname, '../../electron/cli.cjs'), 'sandbox'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    child.once('error', reject);
    readline.createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', resolve);
  });
  const info = JSON.parse(line) as { base_url: string; app_key: string; app_secret: string };
  serverPid = child.pid;
  return {
    baseUrl: info.base_url,
    appKey: info.app_key,
    appSecret: info.app_secret,
    stats: () => null,
    close: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function main(): Promise<void> {
  const sandbox = values.external ? await childProcess() : await inProcess();
  const { appKey, appSecret } = sandbox;
  const tokenRes = await fetch(`${sandbox.baseUrl}/oauth2/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${appKey}:${appSecret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  const { access_token: token } = (await tokenRes.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const batch = (n: number) => JSON.stringify(Array.from({ length: n }, (_, i) => ({ request_unique_id: `r${i}`, ship_date: SHIP_DATE, from_address_data: FROM, to_address_data: TO, package_data: PACKAGE })));
  const one = batch(1);
  const ten = batch(10);
  const post = async (path: string, body: string) => {
    const res = await fetch(`${sandbox.baseUrl}${path}`, { method: 'POST', headers, body });
    if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
  await run('warm-up', 2000, 4, () => post('/api/shipment/batch/quick_rate', one));
  await run('quick_rate x1, sequential', 3000, 1, () => post('/api/shipment/batch/quick_rate', one));
  await run('quick_rate x1, 16 concurrent', 5000, 16, () => post('/api/shipment/batch/quick_rate', one));
  await run('quick_rate x10, sequential', 1000, 1, () => post('/api/shipment/batch/quick_rate', ten));
  await run('quick_rate x10, 16 concurrent', 2000, 16, () => post('/api/shipment/batch/quick_rate', ten));
  await run('get_rates (all carriers), sequential', 1000, 1, () =>
    post('/api/shipment/get_rates', JSON.stringify({ ship_date: SHIP_DATE, from_address_data: FROM, to_address_data: TO, package_data: PACKAGE })),
  );
  await run('direct_buy (renders a label), sequential', 200, 1, (i) =>
    post(
      '/api/shipment/direct_buy',
      JSON.stringify({ platform_uk_id: `bench-${i}`, ship_date: SHIP_DATE, label_print_type: 'common', carrier_code: 'USPS', service_level: 'USPS_GROUND_ADVANTAGE', from_address_data: FROM, to_address_data: TO, package_data: PACKAGE }),
    ),
  );
  const stats = sandbox.stats();
  if (values.json) process.stdout.write(`${JSON.stringify({ external: values.external, quick: values.quick, runs: rows, sandboxStats: stats })}\n`);
  else process.stdout.write(`stats: ${stats === null ? '(child process)' : JSON.stringify(stats)}\n`);
  await sandbox.close();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  // The sandbox still listens after a failed call; exit rather than wait on it.
  process.exit(1);
});
