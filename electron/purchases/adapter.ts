import type { StationFailure } from '../../shared/contract/errors';
import type { BoughtUpdate, ShipmentRow } from '../store/shipmentsRepo';
import type { PackageKey } from './packageKey';

/** One journaled purchase; `resumed`: journaled by an earlier press, run or process, so an attempt under it may have gone out. */
export interface Journaled {
  readonly row: ShipmentRow;
  readonly packageKey: PackageKey;
  /** v2: the platform_uk_id the service de-duplicates by; v1: the claim's id, which names the label once bought. */
  readonly platformUkId: string;
  readonly resumed: boolean;
}

export interface Sold {
  readonly update: BoughtUpdate;
  /** The service answered with a label it sold earlier under this id (v2 `duplicate_label`). */
  readonly duplicate: boolean;
}

/** What a lost answer (or an attempt an earlier run left unconfirmed) means: v2 sends the same id again, v1's read-back finds the label, none, or cannot tell. */
export type LostAnswer =
  | { readonly kind: 'resend' }
  | { readonly kind: 'found'; readonly update: BoughtUpdate }
  | { readonly kind: 'not_sold'; readonly message: string }
  | { readonly kind: 'unclear'; readonly message: string };

/** What the benches hold of a purchase's order, for a read-back to judge labels by. */
export interface OrderHoldings {
  isClaimed(trackingNo: string): boolean;
  readonly buying: ReadonlyArray<{ readonly bench: string; readonly packageKey: string }>;
}

/** One API's purchase over the wire (the engine, engine.ts, owns the money rules for both). */
export interface PurchaseAdapter<A> {
  readonly api: 'v2' | 'v1';
  /** The service de-duplicates a repeat by platform_uk_id (v2): a lost answer is met by sending the same id again. */
  readonly idempotent: boolean;
  /** Sends per Buy for answers lost on the way. */
  readonly attempts: number;
  send(entry: Journaled): Promise<A>;
  /** Throws a StationFailure when the answer cannot be this purchase's. */
  read(entry: Journaled, answer: A): Promise<Sold>;
  /** A refusal (nothing sold), in the operator's words; unsent: never reached a service that would act (repeating now cannot help); unknown: sent, outcome unknown. */
  classify(failure: StationFailure): StationFailure | 'unsent' | 'unknown';
  /** Throws in words when it cannot tell yet. */
  lost(entry: Journaled, holdings: (trackingNos: readonly string[]) => Promise<OrderHoldings>): Promise<LostAnswer>;
  /** The station's own ids in the request, never a tracking number when an answer is salvaged. */
  ownIds(entry: Journaled): readonly string[];
  /** Asked of a duplicate this station did not buy; without it such a duplicate is refused. */
  trackingStatus?(entry: Journaled): Promise<string | null | undefined>;
}
