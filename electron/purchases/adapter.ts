import type { StationFailure } from '../../shared/contract/errors';
import type { BoughtUpdate, ShipmentRow } from '../store/shipmentsRepo';
import type { PackageKey } from './packageKey';
import type { SalvageInput } from './salvage';

/**
 * The seams of the purchase engine (engine.ts), which owns the money rules
 * for both APIs. What differs between v2 and v1 reaches it through two
 * interfaces: where the journal row lives (Ledger) and how a purchase goes
 * over the wire (PurchaseAdapter).
 */

/** One journaled purchase; `resumed`: journaled by an earlier press, run or process, so an attempt under it may have gone out. */
export interface Journaled<R> {
  readonly row: R;
  readonly packageKey: PackageKey;
  /** v2: the platform_uk_id the service de-duplicates by; v1: the claim's id, which names the label once bought. */
  readonly platformUkId: string;
  readonly resumed: boolean;
}

export type LabelSeen = Pick<BoughtUpdate, 'shipmentNo' | 'trackingNo' | 'carrierCode' | 'serviceLevel'>;

/** Where one API's purchases are journaled (tables of electron/store). */
export interface Ledger<R, D> {
  /** The package's unfinished purchase on this bench (pending, unknown or refused). */
  unfinished(backendId: string, packageKey: PackageKey): R | undefined;
  /** The id an unfinished purchase went out under: a claim re-sends it, never replaces it (v1 rows keep none). */
  journaledId(row: R | undefined): string | null;
  /** The pending row, written before anything is sent; a row another process bought meanwhile comes back as bought. */
  open(backendId: string, packageKey: PackageKey, draft: D, platformUkId: string, unfinished: R | undefined): Journaled<R> | { readonly bought: ShipmentRow };
  resume(row: R, platformUkId: string): Journaled<R>;
  /** The durable commit just before an attempt leaves. */
  sent(entry: Journaled<R>): void;
  /** The label with its bytes, in one transaction. */
  bought(entry: Journaled<R>, update: BoughtUpdate): ShipmentRow;
  refused(entry: Journaled<R>, message: string): void;
  unknown(entry: Journaled<R>, message: string): void;
  /** An earlier attempt sold nothing: v1 journals the next one (this draft) as a row of its own. */
  renew(entry: Journaled<R>, draft: D): Journaled<R>;
  /** Another bench bought the package: this bench's unfinished row gives way. */
  adopted(row: R | undefined, bench: string, ref: string): void;
  /** Whether this bench's own purchase bought the label (not one kept from another bench). */
  boughtHere(row: ShipmentRow): boolean;
  /** A bench voided the label: its journal record is voided too. */
  voided(row: ShipmentRow): void;
  unsettled(backendId: string): ReadonlyArray<{ readonly row: R; readonly packageKey: PackageKey; readonly backendId: string; readonly orderNumber: string | null }>;
  holdsTracking(trackingNo: string): boolean;
  /** Answers that repeat a label sold under the id (v2 only: v1 answers never say so). */
  readonly duplicates?: {
    /** Whether a send of this station may have bought it (the row bought, or more than this attempt sent). */
    sentBefore(entry: Journaled<R>): boolean;
    /** Bought elsewhere and voided there: kept as voided, so the package's next id is derived. */
    voidedElsewhere(entry: Journaled<R>, label: LabelSeen, note: string): ShipmentRow;
    /** Bought elsewhere, state unknown: nothing of this station's is outstanding under the id. */
    unchecked(entry: Journaled<R>, message: string): void;
  };
}

export interface Sold {
  readonly update: BoughtUpdate;
  /** The service answered with a label it sold earlier under this id (v2 `duplicate_label`). */
  readonly duplicate: boolean;
}

/** What a lost answer (or an attempt an earlier run left unconfirmed) means, as the API can tell. */
export type LostAnswer =
  /** v2: the service de-duplicates by platform_uk_id, so the same request goes again. */
  | { readonly kind: 'resend' }
  /** v1: the order, read back, holds this purchase's label. */
  | { readonly kind: 'found'; readonly update: BoughtUpdate }
  | { readonly kind: 'not_sold'; readonly message: string }
  /** v1: the read-back cannot tell which label is this purchase's; the package stays unknown. */
  | { readonly kind: 'unclear'; readonly message: string };

/** What the benches hold of a purchase's order, for a read-back to judge labels by. */
export interface OrderHoldings {
  isClaimed(trackingNo: string): boolean;
  readonly buying: ReadonlyArray<{ readonly bench: string; readonly packageKey: string }>;
}

/** One API's purchase over the wire. */
export interface PurchaseAdapter<R, A> {
  readonly api: 'v2' | 'v1';
  /** Sends per Buy for answers lost on the way. */
  readonly attempts: number;
  send(entry: Journaled<R>): Promise<A>;
  /** Throws a StationFailure when the answer cannot be this purchase's. */
  read(entry: Journaled<R>, answer: A): Promise<Sold>;
  /** refused: nothing sold; unsent: never reached a service that would act (repeating now cannot help); unknown: sent, outcome unknown. */
  classify(failure: StationFailure): 'refused' | 'unsent' | 'unknown';
  refusal(failure: StationFailure): StationFailure;
  /** Throws in words when it cannot tell yet. */
  lost(entry: Journaled<R>, holdings: (trackingNos: readonly string[]) => Promise<OrderHoldings>): Promise<LostAnswer>;
  salvage(entry: Journaled<R>): Pick<SalvageInput, 'ownIds' | 'chosen' | 'voidableById'>;
  /** Asked of a duplicate this station did not buy; without it such a duplicate is refused. */
  trackingStatus?(entry: Journaled<R>): Promise<string | null | undefined>;
}

/** One API as the engine drives it. */
export interface PurchaseApi<R, D, A> {
  readonly ledger: Ledger<R, D>;
  readonly adapter: PurchaseAdapter<R, A>;
}
