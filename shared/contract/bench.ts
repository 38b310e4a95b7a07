import { z } from 'zod';
import { command, event } from './define';
import type { StationError } from './errors';
import type { BenchAutoBuy } from './autoBuyView';
import { addressSchema, signatureOptions } from './shipping';
import type { BenchChoice, BenchVerify, RuleHold } from './benchChecks';
import type { AddressCheck, CustomsDeclaration, OrderLine, PurchaseResult, PurchaseStage, RateQuote, StationAddress } from './shippingTypes';
import { contentsTypes, MAX_CUSTOMS_ITEMS, nonDeliveryOptions, type CustomsProblem, type ExportFiling } from '../domain/customs';

/**
 * The bench loop as the station runs it (design.md invariant 7): scan, order,
 * address, package and weight, rates, pick, buy, print, next box. The station
 * holds one BenchState and pushes it on every change; the Ship screen draws it
 * and sends the intents below. A renderer that reloads asks for the state and
 * sees the package where it is, a purchase under way included.
 */

export type Signature = (typeof signatureOptions)[number];

/**
 * Where the ship-to address stands:
 * - checking: the service is validating it (rates are already on their way);
 * - confirmed: the service confirmed it as entered;
 * - standardized: the service only changed its form, which is applied (undo puts back the entered one);
 * - entered: the operator undid a form-only standardization;
 * - needs_decision: not confirmed, or the correction moves it (ZIP5, city, state, street): Buy stops until
 *   the operator edits it or overrides deliberately (types SHIP);
 * - overridden: bought as it is on the operator's deliberate word, recorded on the shipment.
 */
export type BenchAddressStatus = 'none' | 'checking' | 'confirmed' | 'standardized' | 'entered' | 'needs_decision' | 'overridden';

export interface BenchAddress {
  readonly status: BenchAddressStatus;
  /** The address as the order (or the operator's edit) has it. */
  readonly entered: StationAddress | null;
  /** What the service suggests, when it suggests anything. */
  readonly suggestion: StationAddress | null;
  readonly corrections: AddressCheck['corrections'];
  /** The service's own words about the address. */
  readonly messages: readonly string[];
  /** Why Buy stops, in words, while the status is needs_decision. */
  readonly problem: string | null;
}

export interface BenchWeight {
  /** What the Weight field shows. */
  readonly text: string;
  /** What Buy uses: exactly the weight shown, or null when the text is not a weight. */
  readonly oz: number | null;
  readonly source: 'scale' | 'typed' | 'order' | null;
  /** Words at the field when the text cannot be read. */
  readonly error: string | null;
  /** Why the scale cannot be trusted now (over its capacity, settling, unreadable); stops Buy unless the weight is typed. */
  readonly scaleProblem: string | null;
}

export interface BenchOptions {
  readonly signature: Signature | null;
  readonly saturday: boolean;
  readonly additionalHandling: boolean;
  readonly returnLabel: boolean;
  readonly lithiumBattery: boolean;
  readonly qrLabel: boolean;
  readonly insuranceText: string;
  readonly insuranceAmount: number | null;
  readonly insuranceError: string | null;
}

export interface BenchRates {
  readonly status: 'idle' | 'rating' | 'ready' | 'failed';
  readonly quote: RateQuote | null;
  readonly error: StationError | null;
  /** The picked rate (index into quote.rates). */
  readonly picked: number | null;
  /** Rates that cannot be picked now (lithium batteries go only by USPS Ground Advantage). */
  readonly disabled: readonly number[];
  /** The content rule of a restricted service picked by hand (Media Mail, Library Mail). */
  readonly pickNote: string | null;
  /** The operator typed the word to buy the picked service despite its note; a new pick asks again. */
  readonly noteConfirmed: boolean;
}

/** What insuring the package costs with the picked service, as the station asked the service. */
export interface BenchInsurance {
  readonly status: 'none' | 'quoting' | 'ready' | 'failed';
  /** Null when the service's answer did not say (the label's price then covers it). */
  readonly premium: number | null;
  readonly error: StationError | null;
}

export interface BenchPurchase {
  readonly status: 'none' | 'buying' | 'bought' | 'failed';
  readonly stages: readonly PurchaseStage[];
  readonly result: PurchaseResult | null;
  readonly error: StationError | null;
  /** While buying: the station gives up asking the service after this many seconds and says so. */
  readonly limitSeconds: number | null;
}

/** The customs declaration's fields as the packer typed them (numbers too: the station reads them). */
export interface CustomsText {
  readonly contentsType: CustomsDeclaration['contentsType'];
  readonly nonDelivery: CustomsDeclaration['nonDelivery'];
  readonly itn: string;
  readonly aesExemption: string;
  readonly items: ReadonlyArray<{
    readonly description: string;
    readonly quantity: string;
    readonly valueUsd: string;
    readonly weightOz: string;
    readonly hsCode: string;
    readonly originCountry: string;
  }>;
}

/** The customs declaration of a package that leaves the country, as the station read it. */
export interface BenchCustoms {
  /** What the editor shows. */
  readonly text: CustomsText;
  /** What rates and Buy use; null while a rule is broken. */
  readonly declaration: CustomsDeclaration | null;
  /** Every broken rule, in words, naming its field (items.0.valueUsd, itn, ...). */
  readonly problems: readonly CustomsProblem[];
  /** What goes in the form's AES box: the ITN, or the exemption claimed (NOEEI 30.37(a) by default). */
  readonly filing: ExportFiling | null;
}

/** Where a blocker's words belong on the Ship screen. */
export type BenchField = 'order' | 'address' | 'customs' | 'weight' | 'insurance' | 'rate' | 'service' | 'verify' | 'hold';

export interface BenchState {
  /** Grows with every change; a renderer keeps the newest it has seen. */
  readonly seq: number;
  /** Grows with every new package (a scan, another box), so view state of the last one can be dropped. */
  readonly packageId: number;
  readonly order: OrderLine | null;
  /** Which box of the order (0 = the first). */
  readonly box: number;
  /** The order already has a label for this box. */
  readonly alreadyShipped: boolean;
  /** The address Buy uses. */
  readonly to: StationAddress | null;
  readonly address: BenchAddress;
  readonly presetName: string | null;
  readonly dims: { readonly lengthIn: number; readonly widthIn: number; readonly heightIn: number; readonly packageCode?: string } | null;
  readonly weight: BenchWeight;
  readonly options: BenchOptions;
  readonly insurance: BenchInsurance;
  /** Present only when the package leaves the ship-from country. */
  readonly customs: BenchCustoms | null;
  readonly rates: BenchRates;
  /** What still stops Buy, in words, each naming its field; empty when Enter buys. */
  readonly blockers: ReadonlyArray<{ readonly field: BenchField; readonly message: string }>;
  readonly purchase: BenchPurchase;
  readonly scanError: StationError | null;
  /** The VOID_LAST barcode named this label (tracking number or id): the screen that scanned it opens Void on it, which asks to confirm. */
  readonly voidAsked: string | null;
  readonly verify: BenchVerify;
  readonly choices: readonly BenchChoice[];
  readonly hold: RuleHold;
  readonly autoBuy: BenchAutoBuy;
}

/** The word typed to buy for an address the service could not confirm. */
export const OVERRIDE_WORD = 'SHIP';

/**
 * The price the operator saw when pressing a buying key, with what it was for:
 * the station buys only while this is still the current quote of the package.
 */
export const shownQuoteSchema = z
  .object({
    packageId: z.number().int().min(0),
    quoteId: z.number().int(),
    picked: z.number().int().min(0).max(500),
    rateId: z.string().max(200).nullable(),
    price: z.number(),
    weightOz: z.number(),
    presetName: z.string().max(40).nullable(),
    options: z.string().max(400),
    insuranceAmount: z.number().nullable(),
    insurancePremium: z.number().nullable(),
  })
  .strict();

export type ShownQuote = z.infer<typeof shownQuoteSchema>;

/** The options that change what a label costs or may carry, as one comparable text. */
const priceOptions = (o: BenchOptions): string =>
  JSON.stringify([o.signature, o.saturday, o.additionalHandling, o.returnLabel, o.lithiumBattery]);

/** The quote a bench state draws, as a buying key sends it; null while no price is on screen. */
export function shownQuote(s: BenchState): ShownQuote | null {
  const { quote, picked, status } = s.rates;
  const rate = quote && picked !== null ? quote.rates[picked] : undefined;
  if (!quote || !rate || picked === null || status !== 'ready' || s.weight.oz === null) return null;
  return {
    packageId: s.packageId,
    quoteId: quote.quoteId,
    picked,
    rateId: rate.rateId,
    price: rate.price,
    weightOz: s.weight.oz,
    presetName: s.presetName,
    options: priceOptions(s.options),
    insuranceAmount: s.options.insuranceAmount,
    insurancePremium: s.options.insuranceAmount ? s.insurance.premium : null,
  };
}

/** What the label costs in all, as the Buy panel draws it: the picked rate and the insurance bought with it. */
export function shownTotal(shown: ShownQuote): number {
  return Math.round((shown.price + (shown.insurancePremium ?? 0)) * 100) / 100;
}

const toggles = ['saturday', 'additionalHandling', 'returnLabel', 'lithiumBattery', 'qrLabel'] as const;
export const text = (max: number) => z.string().max(max, `That is too long (at most ${max} characters)`);

const customsLine = z
  .object({ description: text(200), quantity: text(20), valueUsd: text(20), weightOz: text(20), hsCode: text(20), originCountry: text(20) })
  .strict();

export const customsTextSchema = z
  .object({
    contentsType: z.enum(contentsTypes, { error: 'Pick what the package holds: merchandise, gift, documents, returned goods or sample' }),
    nonDelivery: z.enum(nonDeliveryOptions, { error: 'Pick what happens if it cannot be delivered: return or abandon' }),
    itn: text(40),
    aesExemption: text(40),
    items: z.array(customsLine).max(MAX_CUSTOMS_ITEMS, `A customs form holds at most ${MAX_CUSTOMS_ITEMS} items; combine similar ones`).readonly(),
  })
  .strict();

export const benchCommands = {
  'bench.state': command<BenchState>()('The package on the bench as the station holds it', z.object({}).strict()),
  'bench.scan': command<BenchState>()(
    'A scan or typed order number on the Ship screen: starts the next package, or acts on a bench command barcode',
    z.object({ text: z.string().trim().min(1, 'Scan an order or type its number').max(200, 'That scan is too long to be an order') }).strict(),
  ),
  'bench.weight': command<BenchState>()('The weight as typed (12 oz, 1 lb 4 oz, 0.5 kg); empty goes back to the scale', z.object({ text: text(40) }).strict()),
  'bench.box': command<BenchState>()('Use a box preset (null: the order\'s own size)', z.object({ presetName: z.string().trim().max(40).nullable() }).strict()),
  'bench.option': command<BenchState>()(
    'Change a package option',
    z.discriminatedUnion('option', [
      z.object({ option: z.literal('signature'), value: z.enum(signatureOptions).nullable() }).strict(),
      z.object({ option: z.literal('insurance'), text: text(20) }).strict(),
      z.object({ option: z.enum(toggles), on: z.boolean() }).strict(),
    ]),
  ),
  'bench.pick': command<BenchState>()(
    'Pick a rate by its row, or move the pick one row up or down (it stops at the ends)',
    z.union([z.object({ index: z.number().int().min(0).max(500) }).strict(), z.object({ step: z.union([z.literal(1), z.literal(-1)]) }).strict()]),
  ),
  'bench.address': command<BenchState>()(
    'Decide about the ship-to address: undo or redo a standardization, use an edited address, or override with the typed word',
    z.discriminatedUnion('action', [
      z.object({ action: z.literal('undo') }).strict(),
      z.object({ action: z.literal('redo') }).strict(),
      z.object({ action: z.literal('edit'), address: addressSchema }).strict(),
      z.object({ action: z.literal('override'), word: text(20) }).strict(),
    ]),
  ),
  'bench.customs': command<BenchState>()(
    'The customs declaration as the packer left the editor; the station reads and checks it, and rates with it once it keeps every rule',
    z.object({ customs: customsTextSchema }).strict(),
  ),
  'bench.buy': command<BenchState>()(
    'Buy and print the price on screen: refused in words when it is no longer the current quote of the package (null: no price was on screen)',
    z.object({ shown: shownQuoteSchema.nullable() }).strict(),
  ),
  'bench.confirmService': command<BenchState>()(
    'Buy the picked service despite its content rule (Media Mail, Library Mail): the operator types the word',
    z.object({ word: text(20) }).strict(),
  ),
  'bench.anotherBox': command<BenchState>()('Start the next box of the order on the bench, with its own label', z.object({}).strict()),
  'bench.clear': command<BenchState>()('Put the package away: the bench waits for the next scan', z.object({}).strict()),
} as const;

export const benchEvents = {
  'bench.changed': event<BenchState>('The package on the bench changed'),
} as const;
