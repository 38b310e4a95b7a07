import type { CommandInput, CommandName, CommandOutput } from '../../shared/contract';
import { StationFailure } from '../../shared/contract/errors';
import { overrideFromEnvironment } from '../backend/override';
import { resolveDataDir } from '../paths';
import type { EndpointInfo } from '../station/endpoint';
import { reachStation } from '../station/reach';
import { warehouseFromOptions } from '../warehouse/url';

/** Options every headless shipping command takes (issue 4 item 7). */
export const stationOptions = {
  'data-dir': { type: 'string' },
  'base-url': { type: 'string' },
  'legacy-base-url': { type: 'string' },
  warehouse: { type: 'string' },
  bench: { type: 'string' },
  'capture-wire': { type: 'string' },
} as const;

export const stationOptionsUsage = [
  '  --data-dir DIR            where the station keeps its data (default: PARCEL_STATION_DATA_DIR, else the per-user app data folder)',
  '  --base-url URL            use this v2 service instead of the configured backend (keys from',
  '  --legacy-base-url URL     PARCEL_STATION_APP_KEY, PARCEL_STATION_APP_SECRET, PARCEL_STATION_API_TOKEN)',
  '  --warehouse URL           warehouse mode: share purchase claims and labels with other benches in PostgreSQL',
  '                            (postgres://user@host:5432/db; default: PARCEL_STATION_WAREHOUSE_URL)',
  '  --bench NAME              this bench\'s name as other benches see it (default: PARCEL_STATION_BENCH, else host/folder)',
  '  --capture-wire DIR        write each exchange with the service, keys and tokens removed, to DIR (for support)',
  '                            When a station already runs on the data folder, the command goes through it.',
];

export interface HeadlessStation {
  readonly dataDir: string;
  /** The running station this command went through, or null when it opened the folder itself. */
  readonly remote: EndpointInfo | null;
  call<N extends CommandName>(name: N, input: CommandInput<N>): Promise<CommandOutput<N>>;
  close(): Promise<void>;
}

/**
 * The station a CLI command talks to: the one already running on the data
 * folder, or else a station of its own on the embedded sandbox unless service
 * addresses are given (a sandbox station ships from the sandbox warehouse, so
 * a fresh data folder works at once).
 */
export async function openHeadlessStation(values: {
  'data-dir'?: string;
  'base-url'?: string;
  'legacy-base-url'?: string;
  warehouse?: string;
  bench?: string;
  'capture-wire'?: string;
}): Promise<HeadlessStation> {
  const dataDir = resolveDataDir(values['data-dir']);
  const override = overrideFromEnvironment({ baseUrl: values['base-url'], legacyBaseUrl: values['legacy-base-url'] });
  const warehouse = warehouseFromOptions(values);
  const captureWire = values['capture-wire'];
  const access = await reachStation({ dataDir, ...(override ? { override } : {}), ...(warehouse ? { warehouse } : {}), ...(captureWire ? { captureWire } : {}) });
  const call = async <N extends CommandName>(name: N, input: CommandInput<N>): Promise<CommandOutput<N>> => {
    const result = await access.call(name, input);
    if (!result.ok) throw new StationFailure(result.error);
    return result.value as CommandOutput<N>;
  };
  return { dataDir, remote: access.remote, call, close: () => access.close() };
}
