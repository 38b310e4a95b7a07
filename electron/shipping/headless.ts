import type { CommandInput, CommandName, CommandOutput } from '../../shared/contract';
import { StationFailure } from '../../shared/contract/errors';
import { overrideFromEnvironment } from '../backend/override';
import { defaultDataDir } from '../paths';
import { createStation, type Station } from '../station/createStation';

/** Options every headless shipping command takes (issue 4 item 7). */
export const stationOptions = {
  'data-dir': { type: 'string' },
  'base-url': { type: 'string' },
  'legacy-base-url': { type: 'string' },
} as const;

export const stationOptionsUsage = [
  '  --data-dir DIR            where the station keeps its data (default: the per-user app data folder)',
  '  --base-url URL            use this v2 service instead of the configured backend (keys from',
  '  --legacy-base-url URL     PARCEL_STATION_APP_KEY, PARCEL_STATION_APP_SECRET, PARCEL_STATION_API_TOKEN)',
];

export interface HeadlessStation {
  readonly station: Station;
  readonly dataDir: string;
  call<N extends CommandName>(name: N, input: CommandInput<N>): Promise<CommandOutput<N>>;
  close(): Promise<void>;
}

/**
 * A station for one CLI command: the embedded sandbox unless service
 * addresses are given (createStation gives a sandbox station the sandbox
 * warehouse as its ship-from, so a fresh data folder works at once).
 */
export async function openHeadlessStation(values: { 'data-dir'?: string; 'base-url'?: string; 'legacy-base-url'?: string }): Promise<HeadlessStation> {
  const dataDir = values['data-dir'] ?? defaultDataDir();
  const override = overrideFromEnvironment({ baseUrl: values['base-url'], legacyBaseUrl: values['legacy-base-url'] });
  const station = await createStation({ dataDir, ...(override ? { override } : {}) });
  const call = async <N extends CommandName>(name: N, input: CommandInput<N>): Promise<CommandOutput<N>> => {
    const result = await station.dispatch(name, input);
    if (!result.ok) throw new StationFailure(result.error);
    return result.value as CommandOutput<N>;
  };
  return { station, dataDir, call, close: () => station.close() };
}
