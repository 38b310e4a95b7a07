import type { AccountKeys } from './account';
import type { RateBook } from './domain/rateBook';
import type { Faults } from './faults';
import type { Db } from './store/db';
import type { LabelStore } from './store/labels';
import type { Ledger } from './store/ledger';
import type { MetaStore } from './store/meta';
import type { OrderStore } from './store/orders';
import type { PickupStore } from './store/pickups';
import type { ScanFormStore } from './store/scanForms';
import type { ShipmentStore } from './store/shipments';
import type { UndocumentedLog } from './schemas/undocumented';

export interface SandboxStats {
  labelsSold: number;
  labelsVoided: number;
  duplicatePurchases: number;
  droppedResponses: number;
  quickRateCalls: number;
  ratesQuoted: number;
  tokensIssued: number;
  requests: number;
  /** Requests that hit a sandbox bug (answered 500 internal_error). */
  internalErrors: number;
}

/** Everything the route handlers share. */
export interface SandboxContext {
  readonly db: Db;
  readonly meta: MetaStore;
  readonly shipments: ShipmentStore;
  readonly labels: LabelStore;
  readonly pickups: PickupStore;
  readonly scanForms: ScanFormStore;
  readonly orders: OrderStore;
  readonly ledger: Ledger;
  readonly rates: RateBook;
  readonly faults: Faults;
  readonly keys: AccountKeys;
  readonly stats: SandboxStats;
  /** Keys and values clients sent that the docs do not show (accepted, not refused). */
  readonly undocumented: UndocumentedLog;
  readonly tokenTtlSeconds: number;
  readonly now: () => Date;
  /** Filled once the servers listen (label and form URLs point at them). */
  readonly urls: { base: string; legacy: string };
}
