/**
 * Messages between the desktop shell (Electron's main process) and the
 * station process it starts. Plain data, so it crosses a utilityProcess
 * port or a Node IPC channel alike; no zod, so the shell loads none.
 */
export type ToStation =
  | { readonly type: 'call'; readonly id: number; readonly name: string; readonly input: unknown }
  | { readonly type: 'close' };

export type FromStation =
  | { readonly type: 'ready'; readonly logFile: string }
  /** The folder belongs to another station; `message` says which, in words. */
  | { readonly type: 'held'; readonly message: string }
  /** The station could not start or stopped on an error it did not expect; `message` is for the operator. */
  | { readonly type: 'fatal'; readonly message: string; readonly logFile: string }
  | { readonly type: 'result'; readonly id: number; readonly result: unknown }
  | { readonly type: 'event'; readonly name: string; readonly payload: unknown };

export const STATION_LOG = ['logs', 'station.log'] as const;
