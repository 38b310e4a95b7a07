import type { StationAddress } from '../address';
import type { OrderItem } from '../orderImport/types';
import type { RateRule } from '../rateRule';

/** How a number in the order is compared with the rule's; shown to the operator as words (more than, at most...). */
export const comparisons = ['more', 'atLeast', 'less', 'atMost', 'equal'] as const;
export type Comparison = (typeof comparisons)[number];

/** The signature options a rule may ask for: the station's own list (shared/contract's signatureOptions). */
export const ruleSignatures = ['signature', 'adult_signature', 'usps_signature_restricted', 'usps_adult_signature_restricted'] as const;
export type RuleSignature = (typeof ruleSignatures)[number];

/** One test on an order. Store and tags come from the store's export (Shopify's Tags, ShipStation's Store Name). */
export type Condition =
  | { readonly kind: 'country'; readonly anyOf: readonly string[] }
  | { readonly kind: 'state'; readonly anyOf: readonly string[] }
  | { readonly kind: 'zipPrefix'; readonly anyOf: readonly string[] }
  | { readonly kind: 'residential'; readonly is: boolean }
  | { readonly kind: 'poBox'; readonly is: boolean }
  | { readonly kind: 'weight'; readonly compare: Comparison; readonly oz: number }
  | { readonly kind: 'orderTotal'; readonly compare: Comparison; readonly usd: number }
  | { readonly kind: 'sku'; readonly sku: string }
  | { readonly kind: 'itemCount'; readonly compare: Comparison; readonly count: number }
  | { readonly kind: 'store'; readonly anyOf: readonly string[] }
  | { readonly kind: 'tag'; readonly anyOf: readonly string[] };

/** A service by name (as the rates list it), or one of the station's rate rules. */
export type ServiceChoice = RateRule | { readonly kind: 'named'; readonly name: string };
export type InsuranceChoice = { readonly kind: 'amount'; readonly usd: number } | { readonly kind: 'orderTotal' };

export type Action =
  | { readonly field: 'service'; readonly value: ServiceChoice }
  | { readonly field: 'box'; readonly value: string }
  | { readonly field: 'insurance'; readonly value: InsuranceChoice }
  | { readonly field: 'signature'; readonly value: RuleSignature }
  | { readonly field: 'saturday'; readonly value: boolean }
  | { readonly field: 'hold'; readonly value: string }
  | { readonly field: 'skipVerification'; readonly value: boolean };

export type RuleField = Action['field'];
/** The order fields are listed and applied in. */
export const ruleFields: readonly RuleField[] = ['service', 'box', 'insurance', 'signature', 'saturday', 'hold', 'skipVerification'];

export interface RuleInput {
  readonly name: string;
  /** Every condition must hold; none means every order. */
  readonly conditions: readonly Condition[];
  readonly actions: readonly Action[];
}

export interface Rule extends RuleInput {
  readonly id: number;
}

/** What rules read of an order: where it goes, what it weighs, what is in it. */
export interface RuleOrder {
  readonly recipient: Pick<StationAddress, 'street' | 'street2' | 'state' | 'zip' | 'country' | 'residential'>;
  /** Null when neither the order nor the catalog gives a weight. */
  readonly weightOz: number | null;
  readonly items: readonly OrderItem[];
  /** The store or sales channel the export names; absent when it names none. */
  readonly store?: string | null | undefined;
  readonly tags?: readonly string[] | undefined;
}
