import type Database from 'better-sqlite3';
import type { CommandName, EventEmitterFn, Handlers } from '../../shared/contract';
import type { Logger } from '../log/logger';

/** What every station module may use; built once by createStation. */
export interface StationContext {
  readonly dataDir: string;
  readonly db: Database.Database;
  readonly emit: EventEmitterFn;
  readonly log: Logger;
  /** Injected so tests can move time; modules never call Date.now() directly. */
  readonly now: () => Date;
}

/**
 * One area of the station (printing, devices, shipping, ...). It implements
 * the contract commands of its area and may own background work, which
 * `start` begins after every module is built and `close` ends.
 */
export interface StationModule<N extends CommandName> {
  readonly handlers: Pick<Handlers, N>;
  start?(): Promise<void>;
  close?(): Promise<void>;
}
