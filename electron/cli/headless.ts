import type { CommandInput, CommandName, CommandOutput } from '../../shared/contract';
import { StationFailure } from '../../shared/contract/errors';
import type { EndpointInfo } from '../station/endpoint';
import { reachStation } from '../station/reach';
import { stationConfigOf, type StationOptionValues } from '../station/options';

export { stationOptions, stationOptionsUsage } from '../station/options';

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
async function openHeadlessStation(values: StationOptionValues): Promise<HeadlessStation> {
  const config = stationConfigOf(values);
  const { dataDir } = config;
  const access = await reachStation(config);
  const call = async <N extends CommandName>(name: N, input: CommandInput<N>): Promise<CommandOutput<N>> => {
    const result = await access.call(name, input);
    if (!result.ok) throw new StationFailure(result.error);
    return result.value as CommandOutput<N>;
  };
  return { dataDir, remote: access.remote, call, close: () => access.close() };
}

/** Runs a command's calls on the headless station and closes it however they end, so a failed command never keeps the data folder held. */
export async function withHeadlessStation<T>(values: StationOptionValues, use: (station: HeadlessStation) => Promise<T>): Promise<T> {
  const station = await openHeadlessStation(values);
  try {
    return await use(station);
  } finally {
    await station.close();
  }
}
