import type { TokenShelf } from '../api/v2/token';
import type { SharedHistory } from '../shipping/sharedHistory';
import { createPgHistory } from './pgHistory';
import { createPgReport } from './pgReport';
import type { SharedReportRows } from '../store/reportQuery';
import type { Logger } from '../log/logger';
import type { PurchaseClaims } from '../purchases/claims';
import type { SharedOrders } from '../shipping/sharedOrders';
import type { SharedPickups } from '../shipping/sharedPickups';
import type { SharedRules } from '../shipping/sharedRules';
import type { SharedScanForms } from '../shipping/sharedScanForms';
import type { SharedSettings } from '../shipping/sharedSettings';
import type { Db } from '../store/database';
import { openWarehouseDb } from './database';
import { createLocalOutbox } from './localOutbox';
import { createPgClaims } from './pgClaims';
import { isConnectionLoss } from './database';
import { describeWarehouse } from './url';
import { createWarehouseWrites } from './warehouseWrites';
import { createPgOrders } from './pgOrders';
import { createPgPickups } from './pgPickups';
import { createPgRules } from './pgRules';
import { createPgScanForms } from './pgScanForms';
import { createPgSettings } from './pgSettings';
import { createPgTokenShelf } from './pgTokens';

/** What a bench keeps in the warehouse database. */
export interface Warehouse {
  readonly claims: PurchaseClaims;
  readonly tokenShelf: TokenShelf;
  readonly scanForms: SharedScanForms;
  readonly pickups: SharedPickups;
  readonly settings: SharedSettings;
  readonly orders: SharedOrders;
  readonly rules: SharedRules;
  readonly history: SharedHistory;
  readonly reports: SharedReportRows;
  readonly bench: string;
  /** Host, port and database (never a password). */
  readonly address: string;
  /** Asks the database now: connected, away, or answering with a refusal. */
  probe(): Promise<WarehouseConnection>;
  /** Writes kept on this bench until the database answers. */
  waitingWrites(): number;
  close(): Promise<void>;
}

export type WarehouseConnection = { readonly state: 'connected' } | { readonly state: 'unreachable' | 'refused'; readonly detail: string };

/** Joins the warehouse at `url` as `bench`: one connection pool for claims, labels, SCAN forms, pickups, shared settings, the orders inbox, the rules and the access token. */
export function joinWarehouse(options: {
  readonly url: string;
  readonly bench: string;
  readonly log: Logger;
  /** This bench's SQLite, where writes the database has not heard yet are kept. */
  readonly local: Db;
  readonly now: () => Date;
  readonly leaseMs?: number;
}): Warehouse {
  const db = openWarehouseDb({ url: options.url, log: options.log, now: options.now });
  const outbox = createLocalOutbox(options.local, options.now);
  const writes = createWarehouseWrites({ db, outbox, log: options.log });
  const claims = createPgClaims({
    db,
    bench: options.bench,
    log: options.log,
    outbox,
    writes,
    ...(options.leaseMs !== undefined ? { leaseMs: options.leaseMs } : {}) });
  return {
    claims,
    tokenShelf: createPgTokenShelf(db, options.bench),
    scanForms: createPgScanForms(db, options.bench, options.log),
    pickups: createPgPickups({ db, bench: options.bench, log: options.log, outbox, writes }),
    settings: createPgSettings(db, options.bench, options.log),
    orders: createPgOrders(db, options.bench, options.log),
    rules: createPgRules(db, options.bench, options.log),
    history: createPgHistory(db, options.log),
    reports: createPgReport(db, options.log),
    bench: options.bench,
    address: describeWarehouse(options.url),
    async probe() {
      try {
        await db.withClient((client) => client.query('SELECT 1'));
        return { state: 'connected' };
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        return { state: isConnectionLoss(error) ? 'unreachable' : 'refused', detail };
      }
    },
    waitingWrites: () => writes.waiting(),
    async close() {
      await claims.close();
      await writes.close();
      await db.close();
    },
  };
}
