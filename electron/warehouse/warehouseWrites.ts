import type pg from 'pg';
import type { Logger } from '../log/logger';
import { isRecentlyAway, type WarehouseDb } from './database';
import type { LocalOutbox, OutboxEntry, OutboxKind } from './localOutbox';

const RETRY_MS = 5_000;

/** Sends one kept write on `client`; a write whose subject is gone from this bench is done. */
export type OutboxSend = (client: pg.PoolClient, entry: OutboxEntry) => Promise<void>;

/**
 * The writes this bench owes the warehouse database (labels bought, voids,
 * pickups), sent in the order they were kept. A write is kept in this
 * bench's SQLite before it is sent, so a database that is away loses none of
 * them; while the database is found away (the pause of `readOrLocal`) no
 * write waits on it, and they are tried again now and then until it answers.
 */
export interface WarehouseWrites {
  /** Who sends each kind of write; each kind is registered once, by the module that owns it. */
  handle(kind: OutboxKind, send: OutboxSend): void;
  /** Keeps `entry` on this bench, then sends every kept write unless the database is away. Never throws: what is not sent now is sent later. */
  deliver(entry: OutboxEntry, what: string): Promise<void>;
  /** Sends every kept write on `client` first: work that must see them (a claim) runs after. */
  flush(client: pg.PoolClient): Promise<void>;
  waiting(): number;
  /** Last try for what is kept; the rest waits in SQLite for the next start. */
  close(): Promise<void>;
}

export function createWarehouseWrites(options: { readonly db: WarehouseDb; readonly outbox: LocalOutbox; readonly log: Logger }): WarehouseWrites {
  const { db, outbox } = options;
  const log = options.log.child('warehouse');
  const senders = new Map<OutboxKind, OutboxSend>();
  let retry: NodeJS.Timeout | undefined;
  let closed = false;

  async function flush(client: pg.PoolClient): Promise<void> {
    for (const entry of outbox.list()) {
      const send = senders.get(entry.kind);
      if (!send) throw new Error(`no warehouse writer for kept ${entry.kind} writes`);
      await send(client, entry);
      outbox.remove(entry);
    }
  }

  /** While writes wait, the database is tried again now and then, so they reach it even when this bench does nothing more. */
  function retryLater(): void {
    if (retry || closed) return;
    retry = setTimeout(() => {
      retry = undefined;
      db.withClient(flush).then(
        () => log.info('writes kept while the warehouse database was away are sent'),
        () => retryLater(),
      );
    }, RETRY_MS);
    retry.unref();
  }

  return {
    handle(kind, send) {
      if (senders.has(kind)) throw new Error(`warehouse writes of kind ${kind} already have a writer`);
      senders.set(kind, send);
      // Writes kept by an earlier run of this bench go out as soon as the database answers.
      if (outbox.list().some((e) => e.kind === kind)) retryLater();
    },
    async deliver(entry, what) {
      outbox.add(entry);
      try {
        await db.readOrLocal(() => db.withClient(flush));
      } catch (error) {
        // One warning per outage, not one per write while the pause runs.
        if (isRecentlyAway(error)) log.debug(`warehouse database away; ${what} is kept on this bench`, { ref: entry.ref });
        else log.warn(`warehouse database away; ${what} is kept on this bench and sent later`, { ref: entry.ref, error });
        retryLater();
      }
    },
    flush,
    waiting: () => outbox.list().length,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const left = outbox.list().length;
      if (left > 0) await db.withClient(flush).catch((error: unknown) => log.warn('warehouse writes kept on this bench for the next start', { count: left, error }));
    },
  };
}
