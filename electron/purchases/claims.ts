import { LEGACY_ID_PREFIX, type SharedShipment, type ShipmentRow } from '../store/shipmentsRepo';
import { platformUkIdOf } from './purchaseId';

/** What a bench asks before it journals and sends a purchase. */
export interface ClaimRequest {
  /**
   * The API the purchase goes through. A v2 claim's id is the platform_uk_id
   * the service de-duplicates by; v1 has no such key, so a v1 claim's id only
   * names the claim among benches (and the label once bought), prefixed as
   * every v1 label's id is.
   */
  readonly api: 'v2' | 'v1';
  /** The service at its normalized address with the key's identity (v1: the legacy address and token). */
  readonly backendId: string;
  readonly accountId: string;
  readonly packageKey: string;
  /** Labels of this package voided as far as this bench's own store knows. */
  readonly localVoidGeneration: number;
  /** The id of an unfinished purchase this bench already journaled for the package: it must be re-sent, never replaced. */
  readonly journaledId: string | null;
  readonly orderNumber: string | null;
}

export { sharedShipmentOf, type SharedColumns, type SharedShipment } from '../store/shipmentRecord';

/** The id a claim of `r` takes at void generation `generation`, unless it re-sends a journaled one. */
export function claimIdOf(r: ClaimRequest, generation: number): string {
  if (r.journaledId) return r.journaledId;
  const derived = platformUkIdOf({ accountId: r.accountId, packageKey: r.packageKey, voidGeneration: generation });
  return r.api === 'v1' ? `${LEGACY_ID_PREFIX}${derived}` : derived;
}

/** Operator words for a package another bench is sending right now. */
export function heldWords(held: { readonly bench: string; readonly since: string }): string {
  return `Bench ${held.bench} is buying this package right now (since ${held.since.slice(11, 19)}); its label will show here once bought. Nothing was bought on this bench.`;
}

/**
 * What the benches hold of one order, for reading back a purchase that has
 * no idempotency key (v1): a label of the order is this purchase's only if
 * no bench holds it and no other box of the order is being bought (a label
 * sold to that purchase may not be shared yet).
 */
export interface OrderSeen {
  /** The tracking numbers (normalized) of labels some bench holds. */
  readonly held: ReadonlySet<string>;
  /** Other boxes of the order some bench is buying now, or left unconfirmed. */
  readonly buying: ReadonlyArray<{ readonly bench: string; readonly packageKey: string }>;
}

export interface OrderQuery {
  readonly backendId: string;
  /** The package keys of the order's boxes start with this. */
  readonly orderPrefix: string;
  /** The box being read back; its own claim is not "another box". */
  readonly packageKey: string;
  readonly trackingNos: readonly string[];
}

/** An order's returns, for picking the next return label's number among benches. */
export interface ReturnPick {
  /** The number this bench's own store gives: the one after its bought returns. */
  readonly localNext: number;
  /** The package keys of the order's return labels start with this. */
  readonly prefix: string;
  /** Which return of the order a package key names; null for another package. */
  numberOf(packageKey: string): number | null;
  /** The claim a purchase of the order's return `n` makes. */
  claimOf(n: number): ClaimRequest;
}

export type ClaimAnswer =
  /** This bench may send the purchase, under this id; takenOverFrom names a bench that stopped while sending it (it may have been sold). */
  | { readonly kind: 'mine'; readonly platformUkId: string; readonly takenOverFrom: string | null }
  /** Another bench bought the package: take its label, buy nothing. */
  | { readonly kind: 'bought'; readonly shipment: SharedShipment }
  /** Another bench is sending this purchase right now. */
  | { readonly kind: 'held'; readonly bench: string; readonly since: string };

/**
 * Where purchases are claimed and bought labels are shared. One bench keeps
 * everything in its own SQLite (the journal's unique package key is the
 * claim); a warehouse puts claims and labels in PostgreSQL
 * (electron/warehouse/), where the claim is one transaction, so the second
 * bench to press Buy is told which bench holds the package.
 *
 * The async boundary sits here: the local journal stays synchronous
 * (better-sqlite3), and only claiming and publishing wait for the network.
 */
export interface PurchaseClaims {
  /** Words for where claims live, for notices ("this bench", "the warehouse database at ..."). */
  readonly where: string;
  claim(request: ClaimRequest): Promise<ClaimAnswer>;
  /** A purchase is still being sent (each attempt): a claim not touched for a while belongs to a bench that stopped. */
  touch(platformUkId: string): Promise<void>;
  /** A bought label (its bytes are read from this bench's store) for every bench to see and reprint. Never throws: while the shared store is down it is kept on this bench and sent later. */
  publish(row: ShipmentRow): Promise<void>;
  /** The service refused the purchase: the package may be claimed again under the same id. */
  release(platformUkId: string): Promise<void>;
  voided(platformUkId: string): Promise<void>;
  /** A label any bench bought, by tracking number, shipment number or platform_uk_id. */
  find(ref: string): Promise<SharedShipment | undefined>;
  /** What the benches hold of one order (see OrderSeen); throws in words when it cannot be asked. */
  orderSeen(query: OrderQuery): Promise<OrderSeen>;
  /**
   * The number of a further return label of an order for this bench, after
   * every bench's bought returns and the ones other benches are buying. In a
   * warehouse the number is claimed for this bench in the same transaction,
   * so two benches asking at once get two numbers (and two labels); this
   * bench's own unfinished return keeps its number, so asking again settles
   * it. Throws in words when it cannot be asked.
   */
  nextReturn(pick: ReturnPick): Promise<number>;
  close(): Promise<void>;
}

/** One bench alone: every claim is its own, derived from what its store knows. */
export function createLocalClaims(): PurchaseClaims {
  return {
    where: 'this bench',
    claim: async (r) => ({ kind: 'mine', platformUkId: claimIdOf(r, r.localVoidGeneration), takenOverFrom: null }),
    touch: async () => undefined,
    publish: async () => undefined,
    release: async () => undefined,
    voided: async () => undefined,
    find: async () => undefined,
    // This bench's own labels are in its store; nothing else is known.
    orderSeen: async () => ({ held: new Set(), buying: [] }),
    nextReturn: async (pick) => pick.localNext,
    close: async () => undefined,
  };
}
