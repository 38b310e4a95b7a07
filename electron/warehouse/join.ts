import type { TokenShelf } from '../api/v2/token';
import type { Logger } from '../log/logger';
import type { PurchaseClaims } from '../shipping/claims';
import { openWarehouseDb } from './database';
import { createPgClaims } from './pgClaims';
import { createPgTokenShelf } from './pgTokens';

/** What a bench keeps in the warehouse database. */
export interface Warehouse {
  readonly claims: PurchaseClaims;
  readonly tokenShelf: TokenShelf;
  close(): Promise<void>;
}

/** Joins the warehouse at `url` as `bench`: one connection pool for claims, labels and the access token. */
export function joinWarehouse(options: { readonly url: string; readonly bench: string; readonly log: Logger; readonly leaseMs?: number }): Warehouse {
  const db = openWarehouseDb({ url: options.url, log: options.log });
  const claims = createPgClaims({ db, bench: options.bench, log: options.log, ...(options.leaseMs !== undefined ? { leaseMs: options.leaseMs } : {}) });
  return {
    claims,
    tokenShelf: createPgTokenShelf(db, options.bench),
    async close() {
      await claims.close();
      await db.close();
    },
  };
}
