import { createStation, type Station, type StationConfig } from './createStation';
import { readEndpoint, startStationEndpoint, type EndpointInfo, type HostKind, type StationEndpoint } from './endpoint';
import { acquireFolderLock, type FolderLock } from './folderLock';
import { makeFolderPrivate } from '../core/privateFolder';

export interface HostedStation {
  readonly station: Station;
  readonly endpoint: StationEndpoint;
  close(): Promise<void>;
}

/** Either this process now owns the folder, or another one does (null: it holds the lock but announced no endpoint in time). */
export type HostOutcome = { readonly hosted: HostedStation } | { readonly heldBy: EndpointInfo | null };

/** How long to wait for a station that holds the lock to announce its endpoint (it may still be starting). */
const ANNOUNCE_WAIT_MS = 15_000;
const POLL_MS = 100;
/** How long a command's own station waits at its end for commands it is serving (a purchase may take its journal's full limit). */
const CLI_DRAIN_MS = 120_000;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The endpoint of the live process holding the folder. A file left by a
 * station that was killed names a dead pid and is waited past: the new holder
 * is starting and will replace it.
 */
export async function waitForHolder(dataDir: string, timeoutMs: number = ANNOUNCE_WAIT_MS): Promise<EndpointInfo | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const endpoint = readEndpoint(dataDir);
    if (endpoint && isAlive(endpoint.pid)) return endpoint;
    if (Date.now() >= deadline) return null;
    // A file poll rather than fs.watch: watch events are unreliable on network folders and differ by platform.
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * The folder's lock, or the live process that holds it. Both are asked on
 * every poll: a holder that finishes before it is seen (a short command)
 * leaves the lock free, and waiting out the announce time for it would make
 * every command queued behind it take 15 s longer.
 */
async function lockOrHolder(dataDir: string): Promise<{ readonly lock: FolderLock } | { readonly heldBy: EndpointInfo | null }> {
  const deadline = Date.now() + ANNOUNCE_WAIT_MS;
  for (;;) {
    const lock = acquireFolderLock(dataDir);
    if (lock) return { lock };
    const endpoint = readEndpoint(dataDir);
    if (endpoint && isAlive(endpoint.pid)) return { heldBy: endpoint };
    if (Date.now() >= deadline) return { heldBy: null };
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * Opens the data folder as its sole owner: the OS lock first, then the
 * station, then its endpoint for other processes. Every front end starts a
 * station through here (desktop station process, browser mode, a CLI command
 * when none runs), so no two processes ever open one folder's database.
 */
export async function hostStation(config: StationConfig & { readonly kind: HostKind }): Promise<HostOutcome> {
  // Before the lock, so a folder another user holds is refused in words rather than by a failed lock file.
  makeFolderPrivate(config.dataDir);
  const taken = await lockOrHolder(config.dataDir);
  if ('heldBy' in taken) return taken;
  const { lock } = taken;
  let station: Station;
  try {
    station = await createStation(config);
  } catch (error) {
    lock.release();
    throw error;
  }
  let endpoint: StationEndpoint;
  try {
    endpoint = await startStationEndpoint({ dataDir: config.dataDir, kind: config.kind, station, log: station.log });
  } catch (error) {
    await station.close();
    lock.release();
    throw error;
  }
  let closed: Promise<void> | undefined;
  return {
    hosted: {
      station,
      endpoint,
      close() {
        closed ??= (async () => {
          try {
            // A command's own station serves other commands that came in meanwhile until they finish (two `buy`s of one order).
            await endpoint.close(config.kind === 'cli' ? CLI_DRAIN_MS : 0);
            await station.close();
          } finally {
            lock.release();
          }
        })();
        return closed;
      },
    },
  };
}

/** Words for an operator about who holds a folder. */
export function describeHolder(dataDir: string, holder: EndpointInfo | null): string {
  if (!holder) {
    return `Another Parcel Station process holds the data folder ${dataDir} but does not answer. Close it (or wait for it to finish starting) and try again.`;
  }
  const who =
    holder.kind === 'desktop' ? 'the desktop app' : holder.kind === 'browser' ? 'the station in browser mode' : 'a parcel-station command';
  return `The data folder ${dataDir} is in use by ${who} (process ${holder.pid}).`;
}
