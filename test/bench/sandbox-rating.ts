// Loopback throughput of the embedded sandbox: quick_rate (1 and 10 requests per call,
// sequential and concurrent), get_rates and direct_buy (label rendered per purchase).
// Run: node scripts/build.mjs --no-renderer --quiet && node dist/test/bench/sandbox-rating.cjs [--external]
// --external runs the sandbox as a child process (the CLI) and also reports the server's own CPU per call (Linux).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { startSandbox } from '../../electron/sandbox';

const FROM = { first_name: 'Ship', last_name: 'Desk', street: '2150 E 7th St', city: 'Los Angeles', state: 'CA', zip_code: '90021', country: 'US' };
const TO = { first_name: 'Maria', last_name: 'Gonzalez', street: '1457 Sunset Blvd', city: 'Austin', state: 'TX', zip_code: '78701', country: 'US' };
const PACKAGE = { type: 'my_package', length: 10, width: 8, height: 4, weight: 24, weight_unit: 'oz' };

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

let serverPid: number | undefined;

async function run(label: string, total: number, concurrency: number, call: (i: number) => Promise<void>): Promise<void> {
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
  const server = serverCpu !== undefined && serverAfter !== undefined ? `   server cpu ${Math.round(((serverAfter - serverCpu) * 1e6) / total)} us/call` : '';
  latencies.sort((a, b) => a - b);
  process.stdout.write(
    `${label.padEnd(44)} ${String(Math.round(total / seconds)).padStart(6)} calls/s   p50 ${percentile(latencies, 50).toFixed(2)} ms   p99 ${percentile(latencies, 99).toFixed(2)} ms   cpu ${Math.round(cpuPerCall)} us/call (this process)${server}\n`,
  );
}

interface Target {
  readonly baseUrl: string;
  readonly appKey: string;
  readonly appSecret: string;
  stats(): string;
  close(): Promise<void>;
}

async function inProcess(): Promise<Target> {
  const sandbox = await startSandbox();
  return { baseUrl: sandbox.baseUrl, ...sandbox.credentials, stats: () => JSON.stringify(sandbox.stats()), close: () => sandbox.close() };
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
    stats: () => '(child process)',
    close: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function main(): Promise<void> {
  const sandbox = process.argv.includes('--external') ? await childProcess() : await inProcess();
  const { appKey, appSecret } = sandbox;
  const tokenRes = await fetch(`${sandbox.baseUrl}/oauth2/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${appKey}:${appSecret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  const { access_token: token } = (await tokenRes.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const batch = (n: number) => JSON.stringify(Array.from({ length: n }, (_, i) => ({ request_unique_id: `r${i}`, from_address_data: FROM, to_address_data: TO, package_data: PACKAGE })));
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
    post('/api/shipment/get_rates', JSON.stringify({ from_address_data: FROM, to_address_data: TO, package_data: PACKAGE })),
  );
  await run('direct_buy (renders a label), sequential', 200, 1, (i) =>
    post(
      '/api/shipment/direct_buy',
      JSON.stringify({ platform_uk_id: `bench-${i}`, carrier_code: 'USPS', service_level: 'USPS_GROUND_ADVANTAGE', from_address_data: FROM, to_address_data: TO, package_data: PACKAGE }),
    ),
  );
  process.stdout.write(`stats: ${sandbox.stats()}\n`);
  await sandbox.close();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
