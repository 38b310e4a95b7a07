import type { TokenShelf } from '../api/v2/token';
import type { Logger } from '../log/logger';
import type { PurchaseClaims } from '../shipping/claims';
import type { Db } from '../store/database';
import { openWarehouseDb } from './database';
import { createLocalOutbox } from './localOutbox';
import { createPgClaims } from './pgClaims';
import { createPgTokenShelf } from './pgTokens';

/** What a bench keeps in the warehouse database. */
export interface Warehouse {
  readonly claims: PurchaseClaims;
  readonly tokenShelf: TokenShelf;
  close(): Promise<void>;
}

/** Joins the warehouse at `url` as `bench`: one connection pool for claims, labels and the access token. */
export function joinWarehouse(options: {
  readonly url: string;
  readonly bench: string;
  readonly log: Logger;
  /** This bench's SQLite, where writes the database has not heard yet are kept. */
  readonly local: Db;
  readonly now: () => Date;
  readonly leaseMs?: number;
}): Warehouse {
  const db = openWarehouseDb({ url: options.url, log: options.log });
  const claims = createPgClaims({
    db,
    bench: options.bench,
    log: options.log,
    outbox: createLocalOutbox(options.local, options.now),
    ...(options.leaseMs !== undefined ? { leaseMs: options.leaseMs } : {}) });
  return {
    claims,
    tokenShelf: createPgTokenShelf(db, options.bench),
    async close() {
      await claims.close();
      await db.close();
    },
  };
}
