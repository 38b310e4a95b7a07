import path from 'node:path';
import type { CommandInput, CommandName, CommandOutput } from '../../../shared/contract';
import { StationFailure } from '../../../shared/contract/errors';
import type { RunningSandbox } from '../../../electron/sandbox';
import { createStation, type Station, type StationConfig } from '../../../electron/station/createStation';
import { createVault, type KeychainBackend } from '../../../electron/vault/vault';

const noKeychain: KeychainBackend = {
  getPassword: () => Promise.reject(new Error('no Secret Service')),
  setPassword: () => Promise.reject(new Error('no Secret Service')),
  deletePassword: () => Promise.reject(new Error('no Secret Service')),
};

export const shipFrom = { name: 'Shipping Desk', street: '2150 E 7th St', city: 'Los Angeles', state: 'CA', zip: '90021' };

/** A header and one row per order, all bought as USPS Ground Advantage in these tests. */
export function ordersCsv(orderNumbers: readonly string[]): string {
  return [
    'order_number,recipient_name,company,street,street2,city,state,zip_code,country,phone,email,weight_oz,length_in,width_in,height_in',
    ...orderNumbers.map((n, i) => `${n},Ann Lee ${i},,1457 Sunset Boulevard,Apt 3,Los Angeles,CA,90026,US,,,12,10,8,4`),
  ].join('\n');
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
