// Issue 22: 10,000 Shopify orders (30,000 rows: three items each, apostrophe ZIPs, a BOM) imported into the station
// running as its own process (browser mode, its endpoint driven as the screen drives it), with the sandbox in a process
// of its own. Prints the import's wall time and the scan-to-rates time of scans made while the import runs, beside
// the same scans with the station idle. Target: the import under 3 s; scans during it stay near the idle ones.
//   npm run -s bench:import -- [--orders 10000] [--json] [--quick: 1,000 orders, what CI runs]
import { fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { BenchState } from '../../shared/contract/bench';
import { startSandbox } from '../../electron/sandbox';
import { readEndpoint } from '../../electron/station/endpoint';
import { connectRemoteStation, type RemoteStation } from '../../electron/station/remoteStation';

const { values } = parseArgs({
  options: { orders: { type: 'string' }, json: { type: 'boolean', default: false }, quick: { type: 'boolean', default: false }, 'serve-sandbox': { type: 'boolean', default: false } },
});
const total = Number(values.orders ?? (values.quick ? 1000 : 10_000));
const root = path.resolve(__dirname, '../../..');

const places: ReadonlyArray<readonly [string, string, string, string]> = [
  ['1457 Sunset Blvd', 'Los Angeles', 'CA', "'90026"],
  ['12 Brattle St', 'Cambridge', 'MA', "'02139"],
  ['2207 W Alabama St', 'Houston', 'TX', "'77098-1234"],
  ['315 W 36th St', 'New York', 'NY', "'10018"],
  ['1420 N Lake Shore Dr', 'Chicago', 'IL', "'60610"],
];
const header = 'Name,Email,Financial Status,Fulfillment Status,Currency,Created at,Lineitem quantity,Lineitem name,Lineitem price,Lineitem sku,Lineitem requires shipping,Lineitem fulfillment status,Shipping Name,Shipping Address1,Shipping City,Shipping Zip,Shipping Province,Shipping Country,Shipping Phone,Notes,Cancelled at';

/** A Shopify export as the shop writes it: the order's fields on its first row, the later rows only its items. */
function shopifyExport(prefix: string, count: number): string {
  const lines = [header];
  for (let i = 0; i < count; i += 1) {
    const name = `${prefix}${100000 + i}`;
    const [street, city, state, zip] = places[i % places.length] as (typeof places)[number];
    lines.push(`${name},buyer${i}@example.com,paid,unfulfilled,USD,2026-10-02 17:40:09 -0400,2,"Ceramic mug, 12 oz",18.00,MUG-12,true,pending,Customer ${i},${street},${city},${zip},${state},US,555-555-0100,"Leave at the door\r\nthanks",`);
    lines.push(`${name},buyer${i}@example.com,,,,,1,Linen napkin,6.00,NAP-1,true,pending,,,,,,,,,`);
    lines.push(`${name},buyer${i}@example.com,,,,,3,Coaster set (4),9.50,CST-4,true,pending,,,,,,,,,`);
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

async function serveSandbox(): Promise<void> {
  const sandbox = await startSandbox({ seed: 22, latencyMs: 0 });
  process.on('message', (message: { close?: boolean }) => {
    if (message.close) void sandbox.close().then(() => process.exit(0));
  });
  process.send?.({ baseUrl: sandbox.baseUrl, legacyBaseUrl: sandbox.legacyBaseUrl, credentials: sandbox.credentials });
}

interface Sandbox {
  readonly baseUrl: string;
  readonly legacyBaseUrl: string;
  readonly credentials: { readonly appKey: string; readonly appSecret: string; readonly apiToken: string };
  readonly child: ChildProcess;
}

function sandboxProcess(): Promise<Sandbox> {
  const child = fork(__filename, ['--serve-sandbox'], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve({ ...(m as Omit<Sandbox, 'child'>), child }));
    child.once('exit', (code) => reject(new Error(`the sandbox process exited with ${code}`)));
  });
}

async function call(remote: RemoteStation, name: string, input: unknown): Promise<unknown> {
  const result = await remote.call(name, input);
  if (!result.ok) throw new Error(`${name}: ${result.error.message}`);
  return result.value;
}

/** Milliseconds from a scan to the bench showing the order's rates, subscribed before the scan. The packing slip's barcode carries the number without the store's `#`. */
async function scanToRates(remote: RemoteStation, order: string): Promise<number> {
  const shown = `#${order}`;
  const begun = performance.now();
  const ready = new Promise<void>((resolve) => {
    const off = remote.onEvent((name, payload) => {
      const s = payload as BenchState;
      if (name !== 'bench.changed' || s.order?.orderNumber !== shown || s.rates.status !== 'ready' || s.address.status === 'checking') return;
      off();
      resolve();
    });
  });
  await call(remote, 'bench.scan', { text: order });
  await ready;
  return performance.now() - begun;
}

const stats = (xs: readonly number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const round = (x: number | undefined) => Math.round((x ?? 0) * 10) / 10;
  return { n: xs.length, p50: round(sorted[Math.floor(sorted.length / 2)]), max: round(sorted.at(-1)) };
};

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parcel-station-import-'));
  const sandbox = await sandboxProcess();
  const station = spawn(
    process.execPath,
    [path.join(root, 'dist/electron/cli.cjs'), 'browser', '--no-open', '--data-dir', dataDir, '--base-url', sandbox.baseUrl, '--legacy-base-url', sandbox.legacyBaseUrl],
    {
      cwd: root,
      env: { ...process.env, PARCEL_STATION_APP_KEY: sandbox.credentials.appKey, PARCEL_STATION_APP_SECRET: sandbox.credentials.appSecret, PARCEL_STATION_API_TOKEN: sandbox.credentials.apiToken },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let remote: RemoteStation | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      station.stdout.once('data', () => resolve());
      station.once('exit', (code) => reject(new Error(`the station exited with ${code}`)));
    });
    const endpoint = readEndpoint(dataDir);
    if (!endpoint) throw new Error('the station announced no endpoint');
    remote = await connectRemoteStation(endpoint);
    const r = remote;
    await call(r, 'settings.shipping.set', { shipFrom: { name: 'Parcel Works', street: '500 Market St', city: 'San Francisco', state: 'CA', zip: '94105', country: 'US' } });
    await call(r, 'products.importCsv', { csv: 'sku,weight_oz\nMUG-12,14.5\nNAP-1,1.4\nCST-4,6' });
    // Orders already in the inbox, scanned while the big file comes in (each scan a new order, so no answer is cached).
    await call(r, 'orders.importCsv', { csv: shopifyExport('#S', 400) });
    let next = 0;
    const scanNext = () => scanToRates(r, `S${100000 + next++}`);
    const idle: number[] = [];
    for (let i = 0; i < 10; i += 1) idle.push(await scanNext());

    const csv = shopifyExport('#', total);
    const begun = performance.now();
    let importMs = 0;
    const imported = call(r, 'orders.importCsv', { csv }).then((report) => {
      importMs = performance.now() - begun;
      return report as { imported: number; refused: unknown[] };
    });
    let importing = true;
    void imported.finally(() => (importing = false));
    const during: number[] = [];
    while (importing) during.push(await scanNext());
    const report = await imported;
    if (report.imported !== total || report.refused.length > 0) throw new Error(`imported ${report.imported} of ${total}, ${report.refused.length} refused`);
    const found = (await call(r, 'orders.lookup', { orderNumber: `${100000 + total - 1}` })) as { items: unknown[]; weightFrom?: string };
    if (found.items.length !== 3 || found.weightFrom !== 'catalog') throw new Error('the last order came in without its items');
    const out = {
      orders: total,
      rows: total * 3,
      fileBytes: Buffer.byteLength(csv),
      importMs: Math.round(importMs),
      target: { importMs: 3000 },
      scanToRates: { idle: stats(idle), duringImport: stats(during) },
      cpus: os.cpus().length,
      loadAverage: os.loadavg().map((x) => Math.round(x * 10) / 10),
    };
    process.stdout.write(`${JSON.stringify(out, null, values.json ? undefined : 2)}\n`);
  } finally {
    await remote?.close();
    if (station.exitCode === null) {
      const exited = new Promise((resolve) => station.once('exit', resolve));
      station.kill('SIGTERM');
      await exited;
    }
    sandbox.child.send({ close: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

(values['serve-sandbox'] ? serveSandbox() : main()).catch((error: unknown) => {
  process.stderr.write(`bench:import failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
