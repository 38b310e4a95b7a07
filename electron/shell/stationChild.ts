import type { Result } from '../../shared/contract/errors';
import type { FromStation, ToStation } from '../station/processProtocol';

/** The station process as the shell sees it: Electron's UtilityProcess, or a Node child in tests. */
export interface ChildLike {
  postMessage(message: ToStation): void;
  on(event: 'message', listener: (message: FromStation) => void): void;
  on(event: 'exit', listener: (code: number | null) => void): void;
  kill(): void;
}

export interface StationChild {
  readonly logFile: string;
  call(name: unknown, input: unknown): Promise<Result<unknown>>;
  subscribe(listener: (name: string, payload: unknown) => void): () => void;
  /** Called once if the station ends on its own: with its words when it said why, else null. */
  onStopped(listener: (why: string | null) => void): void;
  close(): Promise<void>;
}

/** The station could not open the folder; `message` is for the operator. */
export class StationStartError extends Error {
  override readonly name = 'StationStartError';
  constructor(
    message: string,
    readonly logFile: string | null,
  ) {
    super(message);
  }
}

const gone = { ok: false, error: { code: 'service_unavailable', message: 'The station process is not running. Restart Parcel Station.', retryable: true } } as const;

/** Waits for the station process to say it is ready (or why it is not), then relays calls and events. */
export function startStationChild(child: ChildLike, closeTimeoutMs = 10_000): Promise<StationChild> {
  let nextId = 1;
  let exited = false;
  let closing = false;
  let lastWords: string | null = null;
  const pending = new Map<number, (result: Result<unknown>) => void>();
  const listeners = new Set<(name: string, payload: unknown) => void>();
  const stopped = new Set<(why: string | null) => void>();
  const exits = new Set<() => void>();

  return new Promise((resolve, reject) => {
    child.on('message', (message) => {
      switch (message.type) {
        case 'ready':
          resolve({
            logFile: message.logFile,
            call(name, input) {
              if (exited) return Promise.resolve(gone);
              const id = nextId++;
              return new Promise((settle) => {
                pending.set(id, settle);
                child.postMessage({ type: 'call', id, name: String(name), input });
              });
            },
            subscribe(listener) {
              listeners.add(listener);
              return () => listeners.delete(listener);
            },
            onStopped: (listener) => void stopped.add(listener),
            close() {
              if (exited) return Promise.resolve();
              closing = true;
              return new Promise<void>((done) => {
                const timer = setTimeout(() => child.kill(), closeTimeoutMs);
                exits.add(() => {
                  clearTimeout(timer);
                  done();
                });
                child.postMessage({ type: 'close' });
              });
            },
          });
          return;
        case 'held':
          lastWords = message.message;
          return reject(new StationStartError(message.message, null));
        case 'fatal':
          lastWords = `${message.message}\n\nThe log is at ${message.logFile}`;
          return reject(new StationStartError(message.message, message.logFile));
        case 'result': {
          const settle = pending.get(message.id);
          pending.delete(message.id);
          return settle?.(message.result as Result<unknown>);
        }
        case 'event':
          for (const listener of listeners) listener(message.name, message.payload);
      }
    });
    child.on('exit', (code) => {
      exited = true;
      for (const settle of pending.values()) settle(gone);
      pending.clear();
      for (const done of exits) done();
      reject(new StationStartError(lastWords ?? `The station process ended before it was ready (exit code ${code ?? 'none'}).`, null));
      if (!closing) for (const listener of stopped) listener(lastWords);
    });
  });
}
