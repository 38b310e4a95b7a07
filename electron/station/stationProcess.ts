import path from 'node:path';
import { StationFailure } from '../../shared/contract/errors';
import { resolveDataDir } from '../core/paths';
import { describeHolder, hostStation, type HostedStation } from './host';
import { stationConfigOf, stationOptionsOf } from './options';
import { STATION_LOG, type FromStation, type ToStation } from './processProtocol';

interface ParentChannel {
  send(message: FromStation): Promise<void>;
  onMessage(listener: (message: ToStation) => void): void;
  onGone(listener: () => void): void;
}

interface ParentPortLike {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: ToStation }) => void): void;
}

/** Electron's utilityProcess gives process.parentPort; Node's fork gives process.send. The station speaks the same messages over either. */
function parentChannel(): ParentChannel {
  const port = (process as { parentPort?: ParentPortLike }).parentPort;
  if (port) {
    return {
      send: async (message) => port.postMessage(message),
      onMessage: (listener) => port.on('message', (event) => listener(event.data)),
      // Electron ends a utility process with its parent.
      onGone: () => undefined,
    };
  }
  const send = process.send?.bind(process);
  if (!send) throw new Error('The station process is started by the desktop app; run `parcel-station browser` to use the station on its own.');
  return {
    send: (message) => new Promise((resolve) => send(message, undefined, undefined, () => resolve())),
    onMessage: (listener) => process.on('message', (message) => listener(message as ToStation)),
    onGone: (listener) => process.on('disconnect', listener),
  };
}

const UNEXPECTED =
  'The station stopped on an error it did not expect. Labels already bought and queued prints are stored; start Parcel Station again, and send the log to support if it repeats.';

function startFailure(error: unknown): string {
  if (error instanceof StationFailure) return error.error.message;
  return `The station could not start: ${error instanceof Error ? error.message : String(error)}.`;
}

/**
 * The station as its own process, for the desktop app: it owns the data
 * folder (hostStation takes the lock), answers the shell's contract calls
 * and pushes its events. The window never reaches the station except through
 * these messages, and CLI commands reach it through its endpoint.
 */
export async function runStationProcess(argv: readonly string[]): Promise<void> {
  const parent = parentChannel();
  const options = stationOptionsOf(argv);
  const dataDir = resolveDataDir(options['data-dir']);
  const logFile = path.join(dataDir, ...STATION_LOG);
  let hosted: HostedStation | undefined;
  const stop = (message: FromStation, code: number): void => {
    void parent.send(message).finally(() => process.exit(code));
  };
  const onUnexpected = (error: unknown): void => {
    hosted?.station.log.error('uncaught error in the station process', { error: error instanceof Error ? error : String(error) });
    stop({ type: 'fatal', message: UNEXPECTED, logFile }, 1);
  };
  process.on('uncaughtException', onUnexpected);
  process.on('unhandledRejection', onUnexpected);

  let outcome: Awaited<ReturnType<typeof hostStation>>;
  try {
    // A desktop bench joins a warehouse through PARCEL_STATION_WAREHOUSE_URL (and PARCEL_STATION_BENCH), set once per PC, or the flags `npm start` was given.
    outcome = await hostStation({ ...stationConfigOf(options), kind: 'desktop' });
  } catch (error) {
    return stop({ type: 'fatal', message: startFailure(error), logFile }, 1);
  }
  if ('heldBy' in outcome) {
    const where = outcome.heldBy?.browserOrigin ? ` Its page is open at ${outcome.heldBy.browserOrigin}.` : '';
    return stop({ type: 'held', message: `${describeHolder(dataDir, outcome.heldBy)}${where} Close it first, then start the desktop app again.` }, 0);
  }
  const station = (hosted = outcome.hosted).station;
  const close = (): void => {
    void outcome.hosted.close().finally(() => process.exit(0));
  };
  station.events.subscribe((name, payload) => void parent.send({ type: 'event', name, payload }));
  parent.onMessage((message) => {
    if (message.type === 'close') return close();
    void station.dispatch(message.name, message.input).then((result) => parent.send({ type: 'result', id: message.id, result }));
  });
  parent.onGone(close);
  await parent.send({ type: 'ready', logFile });
}
