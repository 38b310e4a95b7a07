import { z } from 'zod';
import { command, event } from './define';
import type { StationError } from './errors';
import type { BatchRow } from './batchBench';
import { addressSchema } from './shipping';
import type { BatchOutcome, PurchaseResult, RateQuote, StationAddress } from './shippingTypes';

/**
 * Batch and Returns as the station holds them, beside the Ship bench: the
 * station keeps the lines, the picks, the prices and what may be bought, and
 * pushes the whole view on every change; the screens send intents and draw.
 */

/** One package of the batch: what was scanned and typed, the station's prepared row, and what happened to it. */
export interface BatchLine {
  readonly key: string;
  readonly orderNumber: string;
  readonly weightText: string;
  /** Null while the station looks the row up and rates it. */
  readonly row: BatchRow | null;
  /** The rate Alt+P buys for this line (index into row.quote.rates). */
  readonly picked: number | null;
  /** The word typed to buy for an address the service could not confirm. */
  readonly override: string;
  readonly outcome: BatchOutcome | null;
  /** Alt+P buys this line: prepared, picked, not shipped, nothing in its way but an address overridden on the typed word. */
  readonly buyable: boolean;
  /** The price shown for the picked rate; null while none is shown. */
  readonly price: number | null;
  /** Why the line is not bought, in words, when it is not buyable and has no outcome. */
  readonly why: string | null;
}

export interface BatchView {
  readonly seq: number;
  readonly lines: readonly BatchLine[];
  readonly running: boolean;
  readonly done: number;
  /** The lines Alt+P buys now, and what they cost in all. */
  readonly ready: number;
  readonly total: number;
  readonly scanError: StationError | null;
  readonly error: StationError | null;
}

/** What one batch line showed when Alt+P was pressed; the station buys it only while it is still the line's current price. */
export const batchShownSchema = z
  .object({ key: z.string().trim().min(1).max(120), quoteId: z.number().int(), picked: z.number().int().min(0).max(500), price: z.number() })
  .strict();
export type BatchShown = z.infer<typeof batchShownSchema>;

/** The lines as Alt+P sends them: what each buyable line shows. */
export function batchShown(view: BatchView): BatchShown[] {
  return view.lines.flatMap((l) =>
    l.buyable && l.row?.quote && l.picked !== null && l.price !== null ? [{ key: l.key, quoteId: l.row.quote.quoteId, picked: l.picked, price: l.price }] : [],
  );
}

export type ReturnsField = 'order' | 'customer' | 'weight' | 'rate';

export interface ReturnsView {
  readonly seq: number;
  /** Grows with every new return package (an order looked up, another return, Next return). */
  readonly packageId: number;
  /** The order the return is for; null for a return typed by hand. */
  readonly orderNumber: string | null;
  /** Where the package comes from (the customer), as the form shows it. */
  readonly customer: StationAddress | null;
  readonly weight: { readonly text: string; readonly oz: number | null; readonly source: 'scale' | 'typed' | 'order' | null; readonly error: string | null };
  readonly rates: { readonly status: 'idle' | 'rating' | 'ready' | 'failed'; readonly quote: RateQuote | null; readonly picked: number | null; readonly error: StationError | null };
  /** Which of the order's return labels this is (1 unless another was asked for). */
  readonly returnNumber: number;
  readonly purchase: { readonly status: 'none' | 'buying' | 'bought' | 'failed'; readonly result: PurchaseResult | null; readonly error: StationError | null };
  readonly lookupError: StationError | null;
  /** What still stops Buy, in words, naming its field; empty when the buying key buys. */
  readonly blockers: ReadonlyArray<{ readonly field: ReturnsField; readonly message: string }>;
}

/** The return price the operator saw when pressing the buying key. */
export const returnsShownSchema = z
  .object({
    packageId: z.number().int().min(0),
    quoteId: z.number().int(),
    picked: z.number().int().min(0).max(50),
    price: z.number(),
    weightOz: z.number(),
    returnNumber: z.number().int().min(1),
  })
  .strict();
export type ReturnsShown = z.infer<typeof returnsShownSchema>;

/** The return price a Returns view draws, as its buying key sends it; null while none is drawn. */
export function returnsShown(v: ReturnsView): ReturnsShown | null {
  const { quote, picked, status } = v.rates;
  const rate = quote && picked !== null ? quote.rates[picked] : undefined;
  if (!quote || !rate || picked === null || status !== 'ready' || v.weight.oz === null) return null;
  return { packageId: v.packageId, quoteId: quote.quoteId, picked, price: rate.price, weightOz: v.weight.oz, returnNumber: v.returnNumber };
}

const text = (max: number) => z.string().max(max, `That is too long (at most ${max} characters)`);
const lineKey = z.string().trim().min(1).max(120);
const none = z.object({}).strict();

export const deskCommands = {
  'batchDesk.state': command<BatchView>()('The batch on the bench as the station holds it', none),
  'batchDesk.scan': command<BatchView>()(
    'A scan on the Batch screen: adds the order as a line (the scale\'s stable reading as its weight), looked up and rated by the station',
    z.object({ text: z.string().trim().min(1, 'Scan an order or type its number').max(200, 'That scan is too long to be an order') }).strict(),
  ),
  'batchDesk.weight': command<BatchView>()('A line\'s weight as typed: its price leaves until the new one is drawn', z.object({ key: lineKey, text: text(40) }).strict()),
  'batchDesk.pick': command<BatchView>()('Pick the rate a line buys', z.object({ key: lineKey, index: z.number().int().min(0).max(500) }).strict()),
  'batchDesk.override': command<BatchView>()('The word typed at a line whose address the service could not confirm', z.object({ key: lineKey, word: text(20) }).strict()),
  'batchDesk.remove': command<BatchView>()('Take a line out of the batch', z.object({ key: lineKey }).strict()),
  'batchDesk.rateAgain': command<BatchView>()('Look every line not bought up and rate it again', none),
  'batchDesk.clear': command<BatchView>()('Empty the batch', none),
  'batchDesk.buy': command<BatchView>()(
    'Buy and print the lines at the prices shown (Alt+P): a line whose price is no longer the one shown is refused in words',
    z.object({ shown: z.array(batchShownSchema).max(500) }).strict(),
  ),
  'returnsDesk.state': command<ReturnsView>()('The return label on the bench as the station holds it', none),
  'returnsDesk.order': command<ReturnsView>()(
    'Start a return for an order: its customer, its weight (a stable scale reading, else the order\'s), and its prices',
    z.object({ orderNumber: z.string().trim().min(1, 'Type the order number').max(80) }).strict(),
  ),
  'returnsDesk.customer': command<ReturnsView>()('The customer the package comes from, as typed: priced again', z.object({ address: addressSchema }).strict()),
  'returnsDesk.weight': command<ReturnsView>()('The return\'s weight as typed: its price leaves until the new one is drawn', z.object({ text: text(40) }).strict()),
  'returnsDesk.pick': command<ReturnsView>()('Pick the return service', z.object({ index: z.number().int().min(0).max(50) }).strict()),
  'returnsDesk.buy': command<ReturnsView>()(
    'Buy the return label at the price on screen: refused in words when it is no longer the current price (null: no price was on screen)',
    z.object({ shown: returnsShownSchema.nullable() }).strict(),
  ),
  'returnsDesk.another': command<ReturnsView>()('Another return label for the same order, on purpose: the next return number, priced anew', none),
  'returnsDesk.clear': command<ReturnsView>()('Put the return away: the bench waits for the next one', none),
} as const;

export const deskEvents = {
  'batch.changed': event<BatchView>('The batch on the bench changed'),
  'returns.changed': event<ReturnsView>('The return on the bench changed'),
} as const;
