import type { StationFailure } from '../../shared/contract/errors';
import type { BoughtUpdate, ShipmentRow } from '../store/shipmentsRepo';
import type { PackageKey } from './packageKey';
import type { SalvageInput } from './salvage';

/**
 * The seams of the purchase engine (engine.ts). The engine owns the money
 * rules: one flight per package, the claim among benches, the journal row
 * written before anything is sent, the same id on every retry, salvage of an
 * answer it cannot read, foreign duplicates, and settling what a previous
 * session left unconfirmed. What differs between the v2 and v1 APIs is told
 * to it through these two interfaces: where the journal row lives (Ledger)
 * and how a purchase goes over the wire (PurchaseAdapter).
 */

/** One journaled purchase: the ledger's row and the names the engine knows it by. */
export interface Journaled<R> {
  readonly row: R;
  readonly packageKey: PackageKey;
  /** The backend the purchase was journaled on (on this bench). */
  readonly backendId: string;
  /** v2: the platform_uk_id the service de-duplicates by; v1: the claim's id, which names the label once bought. */
  readonly platformUkId: string;
  readonly requestJson: string;
  /** True when the row was journaled by an earlier press, run or process: an attempt under it may have gone out. */
  readonly resumed: boolean;
}

/** A journal row not settled yet, as the ledger lists it for a round of settling. */
export interface Unsettled<R> {
  readonly row: R;
  readonly packageKey: PackageKey;
  readonly backendId: string;
  readonly orderNumber: string | null;
}

/** Where one API's purchases are journaled (electron/store tables). */
export interface Ledger<R, D> {
  /** The package's unfinished purchase on this bench (pending, unknown or refused), if any. */
  unfinished(backendId: string, packageKey: PackageKey): R | undefined;
  /** The id an unfinished purchase was sent under, which a claim must re-send rather than replace (v1 rows keep none). */
  journaledId(row: R | undefined): string | null;
  /** Writes the pending row before anything is sent; a row already bought meanwhile (another process) is returned as bought. */
  open(backendId: string, packageKey: PackageKey, draft: D, platformUkId: string, unfinished: R | undefined): Journaled<R> | { readonly bought: ShipmentRow };
  /** The row for a purchase under `platformUkId` (a round of settling, after a claim). */
  resume(row: R, platformUkId: string): Journaled<R>;
  /** An attempt is leaving: the durable commit before the request is sent. */
  sent(entry: Journaled<R>): void;
  /** Stores the bought label with its bytes (one transaction) and returns its shipment row. */
  bought(entry: Journaled<R>, update: BoughtUpdate): ShipmentRow;
  /** The service sold nothing: the row fails (a v2 row keeps its id for the next Buy). */
  refused(entry: Journaled<R>, message: string): void;
  /** The outcome is not known yet: the row stays to be settled, with why. */
  unknown(entry: Journaled<R>, message: string): void;
  /** An earlier attempt sold nothing: the next one (this draft) is journaled as its own row when the API keeps one per attempt. */
  renew(entry: Journaled<R>, draft: D): Journaled<R>;
  /** Another bench bought the package: this bench's unfinished row gives way. */
  adopted(row: R | undefined, bench: string, ref: string): void;
  /** A label bought by this bench's own purchase (not kept from another bench). */
  boughtHere(row: ShipmentRow): boolean;
  /** A standing label's own record is voided too (a bench voided it). */
  voided(row: ShipmentRow): void;
  /** How the journal meets an answer that is a label the service sold before under the id (v2 only; v1 answers never say so). */
  readonly duplicates?: DuplicateLedger<R>;
  /** Rows of a backend whose outcome is not known (start-up, a backend switch, the network back). */
  unsettled(backendId: string): ReadonlyArray<Unsettled<R>>;
  /** Whether a tracking number is already some package's label in this journal. */
  holdsTracking(trackingNo: string): boolean;
}

/** A duplicate answer in the journal: was it this station's own, and how one bought elsewhere is kept. */
export interface DuplicateLedger<R> {
  /** Whether some send of this station may have bought the label under the id (the row bought, or more than this attempt sent). */
  sentBefore(entry: Journaled<R>): boolean;
  /** A label bought elsewhere and voided there: kept here as voided, so the package's next id is derived. */
  voidedElsewhere(entry: Journaled<R>, label: { readonly shipmentNo: string | null; readonly trackingNo: string | null; readonly carrierCode: string | null; readonly serviceLevel: string | null }, note: string): ShipmentRow;
  /** A label bought elsewhere whose state could not be learned: nothing of this station's is outstanding under the id. */
  unchecked(entry: Journaled<R>, message: string): void;
}

/** What an answer sold, as the shipments row keeps it. */
export interface Sold {
  readonly update: BoughtUpdate;
  /** The service answered with a label it sold earlier under this id (v2 `duplicate_label`). */
  readonly duplicate: boolean;
}

/** What a lost answer (or an attempt an earlier run left unconfirmed) means, as the API can tell. */
export type LostAnswer =
  /** v2: the service de-duplicates by platform_uk_id, so the same request is sent again. */
  | { readonly kind: 'resend' }
  /** v1: reading the order back found this purchase's label. */
  | { readonly kind: 'found'; readonly update: BoughtUpdate }
  /** v1: reading the order back shows nothing was sold; `message` tells the operator after a lost answer. */
  | { readonly kind: 'not_sold'; readonly message: string }
  /** v1: the read-back cannot tell which label is this purchase's: the package stays unknown. */
  | { readonly kind: 'unclear'; readonly message: string };

/**
 * How a failed attempt reads: `refused` (the service sold nothing), `unsent`
 * (the request never reached a service that would act on it; repeating now
 * cannot help) or `unknown` (sent, outcome unknown: a timeout, a reset, a 5xx).
 */
export type FailureKind = 'refused' | 'unsent' | 'unknown';

/** What the benches hold of a purchase's order, for a read-back to judge labels by. */
export interface OrderHoldings {
  isClaimed(trackingNo: string): boolean;
  /** Other boxes of the order some bench is buying now, or left unconfirmed. */
  readonly buying: ReadonlyArray<{ readonly bench: string; readonly packageKey: string }>;
}

/** One API's purchase over the wire. */
export interface PurchaseAdapter<R, A> {
  readonly api: 'v2' | 'v1';
  /** Attempts per Buy for answers lost on the way (each one HTTP send). */
  readonly attempts: number;
  send(entry: Journaled<R>): Promise<A>;
  /** Reads the answer into the bought row (labels decoded); throws a StationFailure when the answer cannot be this purchase's. */
  read(entry: Journaled<R>, answer: A): Promise<Sold>;
  classify(failure: StationFailure): FailureKind;
  /** The operator's words for a refusal. */
  refusal(failure: StationFailure): StationFailure;
  /** What a lost answer means; `holdings` asks the benches about the order (for a read-back). Throws in words when it cannot tell yet. */
  lost(entry: Journaled<R>, holdings: (trackingNos: readonly string[]) => Promise<OrderHoldings>): Promise<LostAnswer>;
  /** What salvage of an unreadable answer needs besides the answer. */
  salvage(entry: Journaled<R>): Pick<SalvageInput, 'ownIds' | 'chosen' | 'voidableById'>;
  /** The service's tracking status of the id, asked of a duplicate this station did not buy; absent: such a duplicate is refused. */
  trackingStatus?(entry: Journaled<R>): Promise<string | null | undefined>;
}
