import pg from 'pg';
import { fail, StationFailure } from '../../shared/contract/errors';
import type { Logger } from '../log/logger';
import { migrateWarehouse } from './migrations';
import { describeWarehouse } from './url';

/**
 * A database that is away (refused, timed out, restarting, shut down), as
 * opposed to one that answered with an error: only the first is "cannot be
 * reached". SQLSTATE class 08 is a connection failure, 57P a shutdown.
 */
export function isConnectionLoss(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return true;
  return /^(08|57P)/.test(code) || /^E[A-Z]+$/.test(code);
}

/**
 * After a read found the database away, the reads a bench can answer from
 * its own copy skip it this long: a database that does not answer (rather
 * than refuses) would otherwise hold up every scan and rate by the
 * connection timeout.
 */
const AWAY_PAUSE_MS = 10_000;

/** A read not sent because the database was found away moments ago: a connection loss, without the wait. */
class RecentlyAway extends Error {
  readonly code = 'EAWAY';
  constructor() {
    super('the warehouse database was found away moments ago; it is asked again shortly');
  }
}

/** A request not sent because the pause after finding the database away still runs. */
export const isRecentlyAway = (error: unknown): boolean => error instanceof RecentlyAway;

/**
 * A failed warehouse request in operator words: a database that is away
 * says what this bench does meanwhile (`doing`), one that refused says
 * details are in the log. A StationFailure (words already) passes through.
 */
export function warehouseFailure(where: string, log: Logger, error: unknown, doing: string): never {
  if (error instanceof StationFailure) throw error;
  const Where = `${where[0]?.toUpperCase() ?? ''}${where.slice(1)}`;
  if (!isConnectionLoss(error)) {
    log.error('the warehouse database refused a request', { doing, error });
    return fail('internal', `${Where} refused this bench's request, so this bench ${doing}. Details for support are in the station log.`);
  }
  // One warning per outage, not one per scan while the reads skip the database.
  if (isRecentlyAway(error)) log.debug('warehouse database away, not asked again yet', { doing });
  else log.warn('warehouse database unreachable', { doing, error });
  return fail('service_unavailable', `${Where} cannot be reached, so this bench ${doing}. Reprints and scans still work; try again once the database is back.`, {
    retryable: true,
  });
}

/**
 * One bench's connection to the warehouse database: a small pool, migrated
 * once before its first use, shared by everything the bench keeps there
 * (claims and labels, the access token).
 */
export interface WarehouseDb {
  /** Words for the database in notices: "the warehouse database (host:5432/db)". */
  readonly where: string;
  withClient<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T>;
  /**
   * `read` (through withClient or transaction) for what this bench can
   * answer from its own copy (shared settings, the orders inbox). Within
   * AWAY_PAUSE_MS of such a read finding the database away it is not run:
   * this throws a connection loss at once, and the caller answers from its
   * copy. Any answer from the database ends the pause.
   */
  readOrLocal<T>(read: () => Promise<T>): Promise<T>;
  /** `work` in one transaction on one connection; rolled back if it throws. */
  transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export function openWarehouseDb(options: { readonly url: string; readonly log: Logger; readonly now?: () => Date }): WarehouseDb {
  const now = options.now ?? (() => new Date());
  const log = options.log.child('warehouse');
  const pool = new pg.Pool({ connectionString: options.url, max: 5, connectionTimeoutMillis: 3000, idleTimeoutMillis: 10_000, query_timeout: 15_000 });
  // An idle connection cut by a database restart must not end the station.
  pool.on('error', (error) => log.warn('a warehouse database connection was lost', { error }));
  let migrated: Promise<void> | undefined;
  let awayUntilMs = Number.NEGATIVE_INFINITY;

  async function withClient<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    // A connection cut while checked out (a database restart) is reported on the client, not the pool: without a
    // listener it would end the station. The query in flight fails on its own; the broken client is then discarded.
    let lost: Error | undefined;
    const onLost = (error: Error) => {
      lost = error;
      log.warn('a warehouse database connection was lost during work', { error });
    };
    client.on('error', onLost);
    let failed = false;
    try {
      migrated ??= migrateWarehouse(client).then(
        () => undefined,
        (error: unknown) => {
          migrated = undefined;
          throw error;
        },
      );
      await migrated;
      const result = await work(client);
      awayUntilMs = Number.NEGATIVE_INFINITY;
      return result;
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      client.off('error', onLost);
      client.release(lost ?? (failed ? true : undefined));
    }
  }

  return {
    where: `the warehouse database (${describeWarehouse(options.url)})`,
    withClient,
    async readOrLocal(read) {
      if (now().getTime() < awayUntilMs) throw new RecentlyAway();
      try {
        return await read();
      } catch (error) {
        if (!(error instanceof StationFailure) && isConnectionLoss(error)) awayUntilMs = now().getTime() + AWAY_PAUSE_MS;
        throw error;
      }
    },
    transaction: (work) =>
      withClient(async (client) => {
        await client.query('BEGIN');
        try {
          const result = await work(client);
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        }
      }),
    close: () => pool.end(),
  };
}
