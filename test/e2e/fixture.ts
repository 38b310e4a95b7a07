import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { CommandInput, CommandName, CommandOutput } from '../../shared/contract';
import { startBrowserHost, type BrowserHost } from '../../electron/browser/host';
import { demoOrdersCsv } from '../support/demoOrders';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { createStation, type Station } from '../../electron/station/createStation';
import { launchChromium } from '../support/chromium';
import { openTestVault } from '../support/keyring';

export { launchChromium };

const root = path.resolve(__dirname, '../..');
export const artifactsDir = path.join(root, 'test-results', 'e2e');

export interface StationFixtureOptions {
  /**
   * Run the sandbox in this process and point the station at it, so a test
   * can inject faults and read what the service sold. Default: the station's
   * own embedded sandbox, exactly as `npm run start:browser` runs it.
   */
  readonly ownSandbox?: boolean;
  readonly latencyMs?: number;
  /** A Chromium already running (one per test file); without it the station launches its own. */
  readonly browser?: Browser;
  /** Open the station on this data folder, as a restart would, and leave it in place at close; default: a fresh folder removed at close. */
  readonly dataDir?: string;
}

export interface StationFixture {
  readonly page: Page;
  readonly browser: Browser;
  readonly station: Station;
  readonly host: BrowserHost;
  readonly dataDir: string;
  /** Present with `ownSandbox`. */
  readonly sandbox: RunningSandbox | undefined;
  /** Setup and checks straight through the station's dispatcher (the same one the page uses). */
  call<N extends CommandName>(name: N, input: CommandInput<N>): Promise<CommandOutput<N>>;
  screenshot(name: string): Promise<string>;
  close(): Promise<void>;
}

let built = false;
function ensureRendererBuilt(): void {
  if (built) return;
  // NODE_ENV from vitest ('test') must not leak into the renderer build.
  execFileSync(process.execPath, ['scripts/build.mjs', '--if-needed', '--quiet'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  built = true;
}

export const shipFrom = {
  name: 'Parcel Works',
  street: '500 Market St',
  city: 'San Francisco',
  state: 'CA',
  zip: '94105',
  country: 'US',
} as const;

/**
 * A station in browser mode in a fresh data folder, Chromium on its page, and
 * the app frame up: resolves once the page says it is connected to the
 * station and knows its backend, never after a fixed wait.
 */
export async function openStation(options: StationFixtureOptions = {}): Promise<StationFixture> {
  ensureRendererBuilt();
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'parcel-station-e2e-'));
  const sandbox = options.ownSandbox ? await startSandbox({ seed: 7, latencyMs: options.latencyMs ?? 0 }) : undefined;
  const keys = await openTestVault();
  const station = await createStation({
    dataDir,
    vault: keys.vault,
    devices: { noUsb: true },
    printing: { usb: null },
    ...(sandbox ? { override: { baseUrl: sandbox.baseUrl, legacyBaseUrl: sandbox.legacyBaseUrl, ...sandbox.credentials } } : {}),
    ...(!sandbox && options.latencyMs ? { sandbox: { latencyMs: options.latencyMs } } : {}),
  });
  const host = await startBrowserHost({ station, staticDir: path.join(root, 'dist', 'renderer'), log: station.log, port: 0 });
  const browser = options.browser ?? (await launchChromium());
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  const call = async <N extends CommandName>(name: N, input: CommandInput<N>): Promise<CommandOutput<N>> => {
    const result = await station.dispatch(name, input);
    if (!result.ok) throw new Error(`${name} failed: ${result.error.code}: ${result.error.message}`);
    return result.value as CommandOutput<N>;
  };

  // As `parcel-station browser` opens it: a one-time address, traded for the page's cookie.
  await page.goto(host.pageUrl());
  await page.getByLabel('Station status').getByText('Connected', { exact: true }).waitFor();
  await page.getByLabel('Backend').getByText(/Sandbox|Test keys|LIVE/).waitFor();

  return {
    page,
    browser,
    station,
    host,
    dataDir,
    sandbox,
    call,
    async screenshot(name) {
      fs.mkdirSync(artifactsDir, { recursive: true });
      const file = path.join(artifactsDir, `${name}.png`);
      await page.screenshot({ path: file });
      return file;
    },
    async close() {
      await context.close();
      if (!options.browser) await browser.close();
      await host.close();
      await station.close();
      await keys.remove();
      await sandbox?.close();
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      if (pageErrors.length > 0) throw new Error(`The page threw: ${pageErrors.join('; ')}`);
    },
  };
}

/** The usual bench: a ship-from address and the demo orders in the inbox (imported from a CSV where the sandbox is reached as a live service, which lists no orders). */
export async function prepareBench(fixture: StationFixture): Promise<void> {
  await fixture.call('settings.shipping.set', { shipFrom });
  if (fixture.sandbox) await fixture.call('orders.importCsv', { csv: await demoOrdersCsv(fixture.sandbox) });
  else await fixture.call('orders.pullPracticeOrders', {});
}

export interface BenchOptions extends Omit<StationFixtureOptions, 'browser'> {
  /** Whatever this file's tests all start from, done again for every test on its own bench. */
  readonly prepare?: (fixture: StationFixture) => Promise<void>;
  /** Leave the bench bare: no ship-from and no demo orders pulled. */
  readonly bare?: boolean;
}

/**
 * A fresh bench for every test: its own data folder, station and browser
 * context, so no test leans on what another left behind or on their order.
 * Chromium itself is shared by the file's tests (it holds no state between
 * contexts). Call the returned function inside a test to reach the bench.
 */
export function useBench(options: BenchOptions = {}): () => StationFixture {
  const { prepare, bare, ...stationOptions } = options;
  let browser: Browser | undefined;
  let fixture: StationFixture | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  beforeEach(async () => {
    fixture = await openStation({ ...stationOptions, browser });
    if (!bare) await prepareBench(fixture);
    await prepare?.(fixture);
  });
  afterEach(async () => {
    const closing = fixture;
    fixture = undefined;
    await closing?.close();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!fixture) throw new Error('The bench is not open yet: call this inside a test, not at file level.');
    return fixture;
  };
}
