import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { CommandInput, CommandName, CommandOutput } from '../../../shared/contract';
import { StationFailure } from '../../../shared/contract/errors';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox';
import { createStation, type Station, type StationConfig } from '../../../electron/station/createStation';
import { createVault } from '../../../electron/vault/vault';
import { startPostgres, type TestPostgres } from '../../support/postgres';
import { noKeychain } from '../../support/station';
import { makeTempDir } from '../../support/tempDir';

export const shipFrom = { name: 'Shipping Desk', street: '2150 E 7th St', city: 'Los Angeles', state: 'CA', zip: '90021' };

/** A header and one row per order, all bought as USPS Ground Advantage in these tests. */
export function ordersCsv(orderNumbers: readonly string[]): string {
  return [
    'order_number,recipient_name,company,street,street2,city,state,zip_code,country,phone,email,weight_oz,length_in,width_in,height_in',
    ...orderNumbers.map((n, i) => `${n},Ann Lee ${i},,1457 Sunset Boulevard,Apt 3,Los Angeles,CA,90026,US,,,12,10,8,4`),
  ].join('\n');
}

/** What `work` answered and how long it took, in milliseconds. */
export async function timed<T>(work: () => Promise<T>): Promise<{ readonly value: T; readonly ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

export interface BenchStation {
  readonly name: string;
  readonly dataDir: string;
  readonly station: Station;
  call<N extends CommandName>(name: N, input: CommandInput<N>): Promise<CommandOutput<N>>;
  /** Buys one order's box 0 as USPS Ground Advantage, without printing; returns its tracking number. */
  buy(orderNumber: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * One bench of a warehouse in this process: its own data folder, the
 * sandbox's keys given on the command line's way (an override), the shared
 * database at `url`.
 */
export async function openBench(options: {
  readonly root: string;
  readonly name: string;
  readonly url: string;
  readonly sandbox: RunningSandbox;
  /** How this bench reaches the service (a fetch that loses answers). */
  readonly client?: StationConfig['client'];
}): Promise<BenchStation> {
  const { sandbox } = options;
  const dataDir = path.join(options.root, options.name);
  const station = await createStation({
    dataDir,
    vault: createVault({ keychain: noKeychain }),
    devices: { noUsb: true },
    printing: { usb: null },
    override: { baseUrl: sandbox.baseUrl, legacyBaseUrl: sandbox.legacyBaseUrl, ...sandbox.credentials },
    warehouse: { url: options.url, bench: options.name },
    ...(options.client ? { client: options.client } : {}),
  });
  const call = async <N extends CommandName>(name: N, input: CommandInput<N>): Promise<CommandOutput<N>> => {
    const result = await station.dispatch(name, input);
    if (!result.ok) throw new StationFailure(result.error);
    return result.value as CommandOutput<N>;
  };
  return {
    name: options.name,
    dataDir,
    station,
    call,
    async buy(orderNumber) {
      const { purchase } = await call('batch.buyOrder', { orderNumber, box: 0, weightText: '', insuranceText: '', service: 'USPS_GROUND_ADVANTAGE', print: false, from: shipFrom });
      const tracking = purchase.shipment.trackingNo;
      if (!tracking) throw new Error(`order ${orderNumber} was bought without a tracking number`);
      return tracking;
    },
    close: () => station.close(),
  };
}

export interface WarehouseTestbed {
  readonly server: TestPostgres;
  readonly sandbox: RunningSandbox;
  /** Benches on the database at `url` (named apart per database, so each test's are new), each with `orders` imported. */
  benches(url: string, orders: readonly string[], ...names: string[]): Promise<BenchStation[]>;
}

/**
 * One test file's real PostgreSQL and sandbox, started before its tests;
 * they and every bench the tests open are closed after them.
 */
export function warehouseTestbed(options: { readonly prefix: string; readonly seed: number }): WarehouseTestbed {
  let server: TestPostgres | undefined;
  let sandbox: RunningSandbox | undefined;
  const temp = makeTempDir(options.prefix);
  const open: BenchStation[] = [];
  beforeAll(async () => {
    server = await startPostgres();
    sandbox = await startSandbox({ seed: options.seed });
  }, 120_000);
  afterAll(async () => {
    await Promise.all(open.map((b) => b.close()));
    await sandbox?.close();
    await server?.stop();
    temp.cleanup();
  });
  const started = <T>(what: T | undefined): T => {
    if (!what) throw new Error('the warehouse testbed is used before it started');
    return what;
  };
  return {
    get server() {
      return started(server);
    },
    get sandbox() {
      return started(sandbox);
    },
    async benches(url, orders, ...names) {
      const list: BenchStation[] = [];
      for (const name of names) {
        const bench = await openBench({ root: temp.dir, name: `${name}-${url.slice(-4)}`, url, sandbox: started(sandbox) });
        open.push(bench);
        if (orders.length > 0) await bench.call('orders.importCsv', { csv: ordersCsv(orders) });
        list.push(bench);
      }
      return list;
    },
  };
}
