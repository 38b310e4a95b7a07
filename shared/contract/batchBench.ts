import { z } from 'zod';
import { command } from './define';
import type { StationError } from './errors';
import { text, type BenchAddress, type BenchWeight } from './bench';
import { addressSchema, signatureOptions, usPsReturnLevels } from './shipping';
import type { BatchOutcome, OrderLine, PurchaseResult, RateQuote, StationAddress } from './shippingTypes';

/**
 * The bench's purchases of many packages, or of one with no one at the
 * screen: Batch's rows, and the command line's buy, rates and returns buy.
 * They go through the same address, weight and rate rules as the Ship bench.
 */

/** One package of a batch as the station prepared it: the same address, weight and rate rules as the Ship screen. */
export interface BatchRow {
  readonly key: string;
  readonly orderNumber: string;
  readonly order: OrderLine | null;
  /** The order already has its label: Buy all leaves it out and says so. */
  readonly alreadyShipped: boolean;
  readonly to: StationAddress | null;
  readonly address: BenchAddress;
  readonly weight: BenchWeight;
  readonly quote: RateQuote | null;
  /** The rate this row buys (index into quote.rates): the rule's pick, or the one the operator chose. */
  readonly picked: number | null;
  readonly error: StationError | null;
  /** Why this row would not be bought, in words; empty when it is ready. */
  readonly blockers: readonly string[];
}

/** One order bought unattended: the purchase, and the address as it was bought. */
export interface OrderPurchase {
  readonly orderNumber: string;
  readonly purchase: PurchaseResult;
  readonly address: BenchAddress;
}

/** A return label bought for an order: which of the order's return labels it is (1 unless another was asked for). */
export interface ReturnPurchase {
  readonly orderNumber: string;
  readonly returnNumber: number;
  readonly purchase: PurchaseResult;
}

const batchKey = z.string().trim().min(1).max(120);

/** The Ship screen's options, for a purchase with no one at the bench (the command line's buy and returns buy). */
const unattendedOptions = {
  signature: z.enum(signatureOptions, { error: `Pick a signature option: ${signatureOptions.join(', ')}` }).optional(),
  saturday: z.boolean().default(false),
  additionalHandling: z.boolean().default(false),
  /** A box preset of the station by name, or a carrier's predefined package (USPS_FLAT_RATE_ENVELOPE...); the order's box or the default preset when absent. */
  preset: z.string().trim().min(1, 'Name a box preset or a carrier package').max(60).optional(),
  /** The label's second custom line (the first carries the order number). */
  reference: z.string().trim().min(1, 'Give the label reference as text').max(35, 'The label reference can be at most 35 characters').optional(),
};

export const batchBenchCommands = {
  'batch.prepare': command<readonly BatchRow[]>()(
    'Look up, check, weigh and rate batch rows, the address checks and rates of all rows at once',
    z
      .object({
        rows: z
          .array(z.object({ key: batchKey, orderNumber: z.string().trim().min(1, 'Scan an order').max(80), weightText: text(40) }).strict())
          .min(1, 'Add at least one package')
          .max(200, 'Prepare at most 200 packages at once'),
      })
      .strict(),
  ),
  'batch.buyOrder': command<OrderPurchase>()(
    'Rate, pick and buy one order unattended (the command line\'s buy): the address check and the rates at once, the rule\'s or the named service, then the one purchase plan',
    z
      .object({
        orderNumber: z.string().trim().min(1, 'Give the order number').max(80),
        box: z.number().int().min(0).max(999).default(0),
        /** Empty: the order's own weight. */
        weightText: text(40).default(''),
        /** Empty: not insured. */
        insuranceText: text(20).default(''),
        /** rule (the station's rate rule), cheapest, fastest, or a service level or name. */
        service: z.string().trim().min(1, 'Name a service, or use rule').max(80).default('rule'),
        from: addressSchema.optional(),
        print: z.boolean().default(true),
        ...unattendedOptions,
      })
      .strict(),
  ),
  'batch.rateOrder': command<BatchRow>()(
    'Rate one order unattended (the command line\'s rates): the address check and the rates at once, with the station\'s rule\'s pick; nothing is bought',
    z
      .object({
        orderNumber: z.string().trim().min(1, 'Give the order number').max(80),
        /** Empty: the order's own weight. */
        weightText: text(40).default(''),
        from: addressSchema.optional(),
      })
      .strict(),
  ),
  'returns.buyForOrder': command<ReturnPurchase>()(
    'Buy the return label of an order unattended (the command line\'s returns buy): from the order\'s customer back to the ship-from address, as the Returns screen buys it; the order\'s return bought earlier is shown, not bought again, unless another is asked for',
    z
      .object({
        orderNumber: z.string().trim().min(1, 'Give the order number').max(80),
        serviceLevel: z.enum(usPsReturnLevels, { error: `Pick a return service: ${usPsReturnLevels.join(', ')}` }),
        /** Empty: the order's own weight. */
        weightText: text(40).default(''),
        /** Where the return goes back to, instead of the ship-from address in the settings. */
        shipFrom: addressSchema.optional(),
        /** A further return label for the order, on purpose: the next return number after the ones bought. */
        another: z.boolean().default(false),
        print: z.boolean().default(true),
        ...unattendedOptions,
      })
      .strict(),
  ),
  'batch.buy': command<{ readonly batchId: string; readonly outcomes: readonly BatchOutcome[] }>()(
    'Buy and print the prepared rows at the rates shown (each names the quote and price on screen); rows that are not ready, or whose price is no longer current, are refused in words, already shipped ones are left out',
    z
      .object({
        rows: z
          .array(
            z
              .object({ key: batchKey, picked: z.number().int().min(0).max(500), quoteId: z.number().int(), price: z.number(), override: text(20).optional() })
              .strict(),
          )
          .min(1, 'Add at least one package')
          .max(500),
        print: z.boolean().default(true),
      })
      .strict(),
  ),
} as const;
