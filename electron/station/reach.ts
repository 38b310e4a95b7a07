import type { Result } from '../../shared/contract/errors';
import { fail } from '../../shared/contract/errors';
import type { StationConfig } from './createStation';
import type { EndpointInfo } from './endpoint';
import { describeHolder, hostStation } from './host';
import { connectRemoteStation } from './remoteStation';

/** A station a CLI command can call, wherever it runs. */
export interface StationAccess {
  readonly dataDir: string;
  /** The running station this command goes through, or null when this process opened the folder itself. */
  readonly remote: EndpointInfo | null;
  call(name: string, input: unknown): Promise<Result<unknown>>;
  close(): Promise<void>;
}

const ATTEMPTS = 3;

/** A station already running on the folder keeps its own service and wire capture: options that would change them cannot apply through it. */
export function refuseOptionsForHolder(config: StationConfig, holder: EndpointInfo): void {
  if (config.override) {
    fail(
      'conflict',
      `${describeHolder(config.dataDir, holder)} It uses its own service settings, so --base-url cannot apply: run the command without --base-url to go through it, or give another --data-dir.`,
    );
  }
  if (config.captureWire) {
    fail('conflict', `${describeHolder(config.dataDir, holder)} Its wire capture is switched in its Settings, so --capture-wire cannot apply: turn it on there, or give another --data-dir.`);
  }
  if (config.autoBuyUsd !== undefined) {
    fail('conflict', `${describeHolder(config.dataDir, holder)} Its auto-buy is set in its Settings, so --auto-buy cannot apply: set it there, or close it first.`);
  }
}

/**
 * The one place that decides "ask the running station, or open the folder":
 * when a station holds the data folder, the command becomes its client over
 * the contract (so its print jobs, journal and recoveries are never touched
 * from outside); when none does, this process takes the folder lock and
 * runs the same station for the one command. Its start-up recoveries
 * (interrupted print jobs, unconfirmed purchases) are then safe: the lock
 * proves that whoever left that work is gone, and settling it leaves the
 * folder consistent.
 */
export async function reachStation(config: StationConfig): Promise<StationAccess> {
  for (let attempt = 1; ; attempt++) {
    const outcome = await hostStation({ ...config, kind: 'cli' });
    if ('hosted' in outcome) {
      const { hosted } = outcome;
      return { dataDir: config.dataDir, remote: null, call: (name, input) => hosted.station.dispatch(name, input), close: () => hosted.close() };
    }
    const holder = outcome.heldBy;
    if (holder) refuseOptionsForHolder(config, holder);
    if (holder) {
      // The holder may have closed between reading its file and connecting: then the folder is free, so try again.
      const remote = await connectRemoteStation(holder).catch(() => null);
      if (remote) return { dataDir: config.dataDir, remote: holder, call: (name, input) => remote.call(name, input), close: () => remote.close() };
    }
    if (attempt >= ATTEMPTS) fail('conflict', describeHolder(config.dataDir, holder));
  }
}
