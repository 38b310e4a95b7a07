// A station as its own process (browser mode, as `npm run start:browser` runs it) in front of a sandbox in a process
// of its own, driven through its endpoint as the screen drives it: what the soak and import benchmarks stand on.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSandbox } from '../../../electron/sandbox';
import { readEndpoint } from '../../../electron/station/endpoint';
import { connectRemoteStation, type RemoteStation } from '../../../electron/station/remoteStation';

const root = path.resolve(__dirname, '../../..');
const SERVE_SANDBOX = '--serve-sandbox';

interface Sandbox {
  readonly baseUrl: string;
  readonly legacyBaseUrl: string;
  readonly credentials: { readonly appKey: string; readonly appSecret: string; readonly apiToken: string };
  readonly child: ChildProcess;
}

/** The benchmark's own file runs again as the sandbox's process: the bundle holds the sandbox too. */
async function serveSandbox(seed: number): Promise<void> {
  const sandbox = await startSandbox({ seed, latencyMs: 0 });
  process.on('message', (message: { close?: boolean }) => {
    if (message.close) void sandbox.close().then(() => process.exit(0));
  });
  process.send?.({ baseUrl: sandbox.baseUrl, legacyBaseUrl: sandbox.legacyBaseUrl, credentials: sandbox.credentials });
}

function sandboxProcess(): Promise<Sandbox> {
  const child = fork(process.argv[1] ?? __filename, [SERVE_SANDBOX], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve({ ...(m as Omit<Sandbox, 'child'>), child }));
    child.once('exit', (code) => reject(new Error(`the sandbox process exited with ${code}`)));
  });
}

export interface StationProcess {
  readonly remote: RemoteStation;
  readonly pid: number;
  readonly dataDir: string;
}

/** A command through the station's endpoint; a refusal stops the benchmark with its words. */
export async function call(remote: RemoteStation, name: string, input: unknown): Promise<unknown> {
  const result = await remote.call(name, input);
  if (!result.ok) throw new Error(`${name}: ${result.error.message}`);
  return result.value;
}

async function withStation(label: string, use: (station: StationProcess) => Promise<void>): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `parcel-station-${label}-`));
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
    await call(remote, 'settings.shipping.set', { shipFrom: { name: 'Parcel Works', street: '500 Market St', city: 'San Francisco', state: 'CA', zip: '94105', country: 'US' } });
    await use({ remote, pid: station.pid ?? 0, dataDir });
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

/**
 * Runs a benchmark on a station process with a ship-from address set, its
 * sandbox seeded with `seed`; failures end the process with a nonzero code.
 */
export function runOnStation(label: string, seed: number, use: (station: StationProcess) => Promise<void>): void {
  const run = process.argv.includes(SERVE_SANDBOX) ? serveSandbox(seed) : withStation(label, use);
  run.catch((error: unknown) => {
    process.stderr.write(`bench:${label} failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
