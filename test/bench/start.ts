// Start-up time: browser mode from launch to "Connected" in Chromium, and the
// desktop path from launch to the station process answering (what the window
// waits for). With --baseline DIR (a built checkout of an older commit) the
// same runs happen there too, interleaved, so the ratio compares like with like.
//   npm run -s bench:start -- --json [--runs N] [--baseline DIR] [--quick: one run, what CI runs]
import { fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../support/chromium';

const { values } = parseArgs({
  options: { json: { type: 'boolean', default: false }, quick: { type: 'boolean', default: false }, runs: { type: 'string' }, baseline: { type: 'string' } },
  strict: true,
});
const runs = Math.max(1, Number(values.runs ?? (values.quick ? 1 : 5)) || 5);
const here = path.resolve(__dirname, '../../..');

/** No start takes a minute; one that does is reported in words instead of holding CI until its own limit. */
const stepLimitMs = 60_000;

function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took over ${stepLimitMs / 1000} s`)), stepLimitMs);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Ends a child and waits for it, also when it has already exited (its 'exit' event would never come again). */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  if (child.connected) child.send({ type: 'close' });
  child.kill('SIGTERM');
  await within(exited, 'stopping a station').catch(() => child.kill('SIGKILL'));
}

const median = (xs: number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0);
};

/** Launch of `browser` to the first line (its address), and to the page showing "Connected". */
async function browserStart(root: string, dataDir: string, browser: Browser): Promise<{ toAddress: number; toConnected: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'dist/electron/cli.cjs'), 'browser', '--no-open', '--data-dir', dataDir], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const url = await within(new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('\n')) resolve((JSON.parse(out.split('\n')[0] ?? '') as { url: string }).url);
      });
      child.on('exit', (code) => reject(new Error(`browser mode exited with ${code}`)));
    }), 'browser mode printing its address');
    const toAddress = performance.now() - started;
    const page = await browser.newPage();
    await page.goto(url);
    await page.getByText('Connected', { exact: true }).waitFor({ timeout: stepLimitMs });
    const toConnected = performance.now() - started;
    await page.close();
    return { toAddress, toConnected };
  } finally {
    await stop(child);
  }
}

/**
 * The desktop's station from launch to ready. Today that is its own process
 * (dist/electron/station.cjs); a baseline from before it ran createStation in
 * Electron's main process, which this reproduces as a Node process that does
 * just that.
 */
async function stationEntry(root: string): Promise<string> {
  const own = path.join(root, 'dist/electron/station.cjs');
  if (fs.existsSync(own)) return own;
  const outfile = path.join(root, 'dist/bench-desktop-station.cjs');
  await build({
    stdin: {
      contents: "import { createStation } from './electron/station/createStation'; createStation({ dataDir: process.argv[3] }).then(() => process.send?.({ type: 'ready' }));",
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    packages: 'external',
    outfile,
    logLevel: 'error',
  });
  return outfile;
}

async function desktopStart(entry: string, dataDir: string): Promise<number> {
  const started = performance.now();
  const child = fork(entry, ['--data-dir', dataDir], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  try {
    await within(
      new Promise<void>((resolve, reject) => {
        child.on('message', (message) => {
          if ((message as { type?: string }).type === 'ready') resolve();
        });
        child.on('exit', (code) => reject(new Error(`the station process exited with ${code}`)));
      }),
      'the desktop station getting ready',
    );
    return performance.now() - started;
  } finally {
    await stop(child);
  }
}

interface TreeResult {
  readonly root: string;
  readonly browserToAddressMs: number;
  readonly browserToConnectedMs: number;
  readonly desktopStationReadyMs: number;
}

async function main(): Promise<void> {
  const trees = [here, ...(values.baseline ? [path.resolve(values.baseline)] : [])];
  const browser = await within(launchChromium(), 'starting Chromium');
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'parcel-station-bench-start-'));
  try {
    const samples = trees.map(() => ({ address: [] as number[], connected: [] as number[], desktop: [] as number[] }));
    const entries = await Promise.all(trees.map(stationEntry));
    // One warm-up each: a fresh folder's first start creates and migrates the database, which is not the everyday start.
    for (const [i, root] of trees.entries()) {
      await browserStart(root, path.join(temp, `browser-${i}`), browser);
      await desktopStart(entries[i] ?? '', path.join(temp, `desktop-${i}`));
    }
    for (let run = 0; run < runs; run += 1) {
      for (const [i, root] of trees.entries()) {
        const sample = samples[i];
        if (!sample) continue;
        const started = await browserStart(root, path.join(temp, `browser-${i}`), browser);
        sample.address.push(started.toAddress);
        sample.connected.push(started.toConnected);
        sample.desktop.push(await desktopStart(entries[i] ?? '', path.join(temp, `desktop-${i}`)));
      }
    }
    const results: TreeResult[] = trees.map((root, i) => ({
      root,
      browserToAddressMs: median(samples[i]?.address ?? []),
      browserToConnectedMs: median(samples[i]?.connected ?? []),
      desktopStationReadyMs: median(samples[i]?.desktop ?? []),
    }));
    const [now, before] = results;
    const report = {
      runs,
      current: now,
      ...(before && now
        ? {
            baseline: before,
            ratio: {
              browserToConnected: Number((now.browserToConnectedMs / before.browserToConnectedMs).toFixed(2)),
              desktopStationReady: Number((now.desktopStationReadyMs / before.desktopStationReadyMs).toFixed(2)),
            },
          }
        : {}),
      preloadBytes: fs.statSync(path.join(here, 'dist/electron/preload.cjs')).size,
    };
    if (values.json) process.stdout.write(`${JSON.stringify(report)}\n`);
    else process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } finally {
    await browser.close();
    fs.rmSync(temp, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:start failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
