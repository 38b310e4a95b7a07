import { z } from 'zod';
import { packageLocations } from '../api/v2/pickups';
import { storeFormats } from '../domain/orderImport/types';
import { addressSchema } from './address';
import { customsSchema } from './customs';
import { command, event } from './define';
import type {
  AddressCheck,
  BatchOutcome,
  BatchRateResult,
  ColumnMapping,
  CsvImportReport,
  InsuranceQuote,
  LabelImage,
  OrderLine,
  Pickup,
  PickupCandidate,
  PurchaseResult,
  PurchaseStage,
  RateQuote,
  ScanForm,
  Shipment,
  ShippingSettings,
  TrackingInfo,
} from './shippingTypes';

export type * from './shippingTypes';
export { addressSchema };

// Rating, buying, voids, tracking, pickups, address, insurance, SCAN forms,
// POD, history, orders and shipping settings (issue 4). Inputs are checked
// here; every message is written for a packer at the bench.

const text = (what: string, max = 100) =>
  z.string({ error: `Enter the ${what}` }).trim().min(1, `Enter the ${what}`).max(max, `The ${what} is too long (at most ${max} characters)`);


/**
 * A measure the operator typed in any unit and the contract carries in one:
 * its messages name the measure and state the limit in the unit a packer
 * reads (150 lb, not 2400), never the field's own name.
 */
const positive = (what: string, max: number, limitWords: string) =>
  z
    .number({ error: `Enter the ${what} as a number` })
    .positive(`The ${what} must be more than zero`)
    .max(max, `The ${what} is more than ${limitWords}, more than any package the service takes; check it`);

export const packageSchema = z.object({
  weightOz: positive('weight', 2400, '150 lb'),
  lengthIn: positive('length', 200, '200 inches').optional(),
  widthIn: positive('width', 200, '200 inches').optional(),
  heightIn: positive('height', 200, '200 inches').optional(),
  packageCode: z.string().trim().min(1).max(60).optional(),
});

/** The service insures and quotes up to 10,000 USD. */
const money = (what: string) =>
  z.number({ error: `Enter the ${what} in dollars` }).nonnegative(`The ${what} cannot be negative`).max(10_000, `The ${what} can be at most $10,000`);

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2025-06-30');

export const signatureOptions = ['signature', 'adult_signature', 'usps_signature_restricted', 'usps_adult_signature_restricted'] as const;

export const rateOptionsSchema = z
  .object({
    signature: z.enum(signatureOptions, { error: 'Pick a signature option from the list' }).optional(),
    saturday: z.boolean().optional(),
    additionalHandling: z.boolean().optional(),
    isReturnLabel: z.boolean().optional(),
    returnAddress: addressSchema.optional(),
    /** Printed on the label's second custom line (the first carries the order number). */
    reference: z.string().trim().max(35, 'The label reference can be at most 35 characters').optional(),
  })
  .default({});
export type RateOptions = z.output<typeof rateOptionsSchema>;

const carrierFilter = z.array(
  z.object({ providerId: text('carrier', 40), serviceLevels: z.array(text('service level', 80)).max(50).default([]) }),
).max(20);

const packageKey = z.string().trim().min(1, 'Scan an order or start a package first').max(120);
const shipmentRef = z.string().trim().min(1, 'Scan or type a tracking number, shipment number or platform id').max(120);

export const usPsReturnLevels = ['USPS_GROUND_ADVANTAGE_RETURN', 'USPS_PRIORITY_MAIL_RETURN', 'USPS_PRIORITY_MAIL_EXPRESS_RETURN'] as const;

export const quoteInputSchema = z.object({
  to: addressSchema,
  /** Defaults to the ship-from address in the settings. */
  from: addressSchema.optional(),
  package: packageSchema,
  shipDate: isoDate.optional(),
  source: z.enum(['get_rates', 'quick_rate']).default('get_rates'),
  carriers: carrierFilter.optional(),
  options: rateOptionsSchema,
  orderNumber: z.string().trim().max(80).optional(),
  /** Needed when the package leaves the ship-from country. */
  customs: customsSchema.optional(),
});

/** The most return labels one order's package has. */
export const MAX_RETURN_NUMBER = 99;

const buyCommon = {
  /** Order number + package index, or a bench session id: one platform_uk_id per key. */
  packageKey: packageKey.optional(),
  orderNumber: z.string().trim().max(80).optional(),
  packageIndex: z.number().int().min(0).max(999).default(0),
  /** Which return label of an order's package: 1 unless the operator asks for another one on purpose. */
  returnNumber: z.number().int().min(1).max(MAX_RETURN_NUMBER).optional(),
  insuranceAmount: money('insurance amount').optional(),
  qrLabel: z.boolean().default(false),
  print: z.boolean().default(true),
  /** The operator's deliberate word to buy for an address the service did not confirm; kept on the shipment. */
  addressOverride: z.string().trim().min(1).max(200).optional(),
  /** How this package was chosen, one line of operator words each (a rule, an automatic buy, a skipped check); kept on the shipment. */
  decisions: z.array(z.string().trim().min(1).max(200)).max(16).optional(),
};

export const buyInputSchema = z
  .discriminatedUnion('method', [
    z.object({
      method: z.literal('rate'),
      quoteId: z.number({ error: 'Get rates first' }).int().positive(),
      rateId: z.string({ error: 'Pick a rate first' }).trim().min(1, 'Pick a rate first'),
      ...buyCommon,
    }),
    z.object({
      method: z.literal('direct'),
      carrierCode: text('carrier', 40),
      serviceLevel: text('service level', 80),
      to: addressSchema,
      from: addressSchema.optional(),
      package: packageSchema,
      shipDate: isoDate.optional(),
      options: rateOptionsSchema,
      lithiumBattery: z.boolean().default(false),
      customs: customsSchema.optional(),
      ...buyCommon,
    }),
  ])
  .refine((v) => v.packageKey !== undefined || v.orderNumber !== undefined, {
    message: 'Scan an order or start a package before buying',
    path: ['packageKey'],
  });

const batchPackage = z.object({
  key: packageKey,
  orderNumber: z.string().trim().max(80).optional(),
  to: addressSchema,
  from: addressSchema.optional(),
  package: packageSchema,
  shipDate: isoDate.optional(),
  carriers: carrierFilter.optional(),
  customs: customsSchema.optional(),
});

const presetSchema = z.object({
  name: text('preset name', 40),
  lengthIn: positive('length', 200, '200 inches'),
  widthIn: positive('width', 200, '200 inches'),
  heightIn: positive('height', 200, '200 inches'),
  packageCode: z.string().trim().min(1).max(60).optional(),
  tareOz: z.number({ error: 'Enter the tare as a number of ounces' }).min(0, 'The tare cannot be below zero').max(800, 'The tare is more than 50 lb; check it').optional(),
});

/** The label's second custom line holds 35 characters (v2-docs.md 4.3); an empty field means none. */
export const labelReferenceSchema = z
  .string()
  .trim()
  .max(35, 'The reference on the label can be at most 35 characters')
  .transform((text) => (text === '' ? null : text));

export const upsLabelPrintTypeSchema = z.enum(['common', 'barcode'], { message: 'UPS labels print as common or barcode' });

export const rateRuleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('cheapest') }),
  z.object({ kind: z.literal('fastest') }),
  z.object({ kind: z.literal('cheapestWithin'), days: z.number().int().min(1, 'Use at least 1 day').max(30, 'Use at most 30 days') }),
]);

export const orderLookupSchema = z.object({ orderNumber: text('order number', 80) });
export const addressCheckSchema = z.object({ address: addressSchema });

// The spec's PackageLocationEnum, defined once with the wire schemas.
export { packageLocations };

export const shippingCommands = {
  'rates.quote': command<RateQuote>()('Rate one package (get_rates, or quick_rate), sorted, with the rule\'s pick', quoteInputSchema),
  'rates.batch': command<readonly BatchRateResult[]>()(
    'Rate several packages with quick_rate, 10 per call',
    z.object({ requests: z.array(batchPackage).min(1, 'Add at least one package').max(200, 'Rate at most 200 packages at once') }),
  ),
  'labels.buy': command<PurchaseResult>()('Buy a label through the purchase journal (and print it unless print is false)', buyInputSchema),
  'labels.void': command<Shipment>()('Void a label by tracking number, shipment number or platform id', z.object({ ref: shipmentRef })),
  'shipments.find': command<Shipment>()('Find one stored shipment by tracking number, shipment number or platform id', z.object({ ref: shipmentRef })),
  'shipments.ofOrder': command<{ readonly shipments: readonly Shipment[] }>()(
    'The labels bought for an order number (bought or voided, returns too), newest first: empty when the text is not an order with labels',
    z.object({ orderNumber: z.string().trim().min(1, 'Enter an order number').max(120, 'An order number is at most 120 characters') }),
  ),
  'returns.next': command<{ readonly returnNumber: number }>()(
    'The number of a further return label of an order (labels.buy returnNumber), held for this bench: after every bench\'s bought returns and the ones other benches are buying',
    z.object({ orderNumber: z.string().trim().min(1, 'Enter an order number').max(80, 'An order number is at most 80 characters') }),
  ),
  'history.search': command<{ readonly shipments: readonly Shipment[]; readonly partial?: string }>()(
    'Search shipments by tracking number, platform id, shipment number, or any part of a tracking number, order number, name, city or ZIP',
    z.object({
      query: z.string().trim().max(120, 'Search for at most 120 characters: no tracking number, order number or name is longer').default(''),
      state: z.enum(['pending', 'bought', 'voided', 'failed']).optional(),
      limit: z.number().int().min(1).max(200).default(50),
      /** Paging: only shipments with a smaller id. */
      beforeId: z.number().int().positive().optional(),
    }),
  ),
  'history.label': command<LabelImage>()(
    'A stored label image as base64 PNG (no network)',
    z.object({ shipmentId: z.number().int().positive(), kind: z.enum(['label', 'qrcode']).default('label'), index: z.number().int().min(0).default(0) }),
  ),
  'history.customsForms': command<PurchaseResult['customsForms']>()(
    'The customs forms stored with a label (CN22/CN23), base64 PNG or PDF, in order (no network)',
    z.object({ shipmentId: z.number().int().positive() }),
  ),
  'history.reprint': command<{ readonly jobIds: readonly string[] }>()(
    'Print a stored label, or its customs forms, again (no network)',
    z.object({ shipmentId: z.number().int().positive(), kind: z.enum(['label', 'qrcode', 'customs']).default('label') }),
  ),
  'orders.list': command<readonly OrderLine[]>()(
    'Orders in the inbox',
    z.object({ query: z.string().trim().max(80, 'Search the inbox for at most 80 characters: no order number or name is longer').default(''), includeShipped: z.boolean().default(false), limit: z.number().int().min(1).max(500).default(100) }),
  ),
  'orders.lookup': command<OrderLine>()('The order for a scanned order number', orderLookupSchema),
  'orders.pullPracticeOrders': command<{ readonly imported: number; readonly updated: number }>()(
    'Practice service only: copy its demo orders into the inbox (a real service lists no orders; import a CSV file there)',
    z.object({}),
  ),
  'orders.importCsv': command<CsvImportReport>()(
    "Import orders from a store's export or the station's CSV (recognised by its header; bad rows reported by line number)",
    z.object({
      csv: z.string().min(1, 'The file is empty').max(20_000_000, 'The file is too large (20 MB at most)'),
      format: z.enum(['auto', ...storeFormats], { error: `Name the format as one of auto, ${storeFormats.join(', ')}` }).default('auto'),
      /** A saved column mapping's name: the file is read through it. */
      mapping: z.string().trim().min(1).max(60).optional(),
    }),
  ),
  'orders.mappings.list': command<readonly ColumnMapping[]>()('Saved column mappings for CSV files no store export matches', z.object({})),
  'orders.mappings.save': command<ColumnMapping>()(
    "Save which of a file's columns holds each station field, under a name, for the file's header",
    z.object({
      name: z.string().trim().min(1, 'Name the mapping').max(60, 'A mapping name is at most 60 characters'),
      header: z.array(z.string().max(200)).min(1, 'Give the header the mapping is for').max(500),
      columns: z.record(z.string().max(40), z.string().trim().min(1).max(200)),
    }),
  ),
  'pickups.candidates': command<readonly PickupCandidate[]>()("Today's USPS labels that a pickup can include", z.object({})),
  'pickups.schedule': command<Pickup>()(
    'Schedule a USPS pickup',
    z
      .object({
        trackingNos: z.array(text('tracking number', 60)).min(1, 'Pick at least one package for the pickup').max(500),
        packageLocation: z.array(z.enum(packageLocations, { error: 'Pick where the packages wait from the list' })).min(1, 'Pick where the packages wait'),
        packageLocationText: z.string().trim().max(255, 'Describe the place in at most 255 characters').optional(),
        pickupDate: isoDate.optional(),
        pickupAddress: addressSchema.optional(),
      })
      .refine((v) => !v.packageLocation.includes('other') || (v.packageLocationText ?? '').length > 0, {
        message: 'Say where the packages wait when the place is "other"',
        path: ['packageLocationText'],
      }),
  ),
  'pickups.cancel': command<Pickup>()('Cancel a scheduled pickup', z.object({ pickupNo: text('pickup number', 60) })),
  'pickups.list': command<{ readonly pickups: readonly Pickup[]; readonly total: number }>()(
    'Pickups, filtered and paged as the service offers',
    z.object({
      confirmationNumber: z.string().trim().max(60).optional(),
      status: z.enum(['CONFIRMED', 'CANCELED']).optional(),
      page: z.number().int().min(1).default(1),
      pageSize: z.number().int().min(1).max(200).default(50),
      oldestFirst: z.boolean().default(false),
    }),
  ),
  'pickups.locations': command<readonly string[]>()('Where packages may wait for the carrier', z.object({})),
  'pickups.defaultDate': command<string>()('The pickup date the service uses when none is given (next day, Los Angeles)', z.object({})),
  'tracking.get': command<TrackingInfo>()(
    'Tracking by tracking number, shipment number or platform id',
    z.object({
      ref: shipmentRef,
      carrierCode: z.string().trim().max(40).optional(),
      source: z.enum(['auto', 'platform_uk_id', 'tracking_no', 'direct']).default('auto'),
    }),
  ),
  'address.validate': command<AddressCheck>()('Check and standardize a U.S. address', addressCheckSchema),
  'insurance.quote': command<InsuranceQuote>()(
    'What insuring a package costs',
    z.object({ amount: money('declared value').positive('Enter a declared value above zero'), carrierCode: z.string().trim().max(40).optional(), serviceLevel: z.string().trim().max(80).optional() }),
  ),
  'scanForms.candidates': command<readonly PickupCandidate[]>()("Today's USPS labels not yet on a SCAN form", z.object({})),
  'scanForms.createToday': command<ScanForm>()("SCAN form for today's USPS labels in one step", z.object({ trackingNos: z.array(text('tracking number', 60)).max(1000).optional() })),
  'scanForms.list': command<readonly ScanForm[]>()('SCAN forms made by this station', z.object({ limit: z.number().int().min(1).max(200).default(50) })),
  'pod.submit': command<{ readonly message: string }>()(
    'Ask for a proof of delivery letter by email',
    z.object({
      ref: shipmentRef,
      emails: z.array(z.string().trim().email('That email address does not look right')).min(1, 'Enter at least one email address').max(3, 'The letter goes to at most 3 addresses'),
    }),
  ),
  'settings.shipping.get': command<ShippingSettings>()('Ship-from address, package presets and rate rule', z.object({})),
  'settings.shipping.set': command<ShippingSettings>()(
    'Change the ship-from address, package presets or rate rule',
    z.object({
      shipFrom: addressSchema.nullable().optional(),
      presets: z.array(presetSchema).max(50).optional(),
      rateRule: rateRuleSchema.optional(),
      defaultPreset: z.string().trim().max(40).nullable().optional(),
      labelReference: labelReferenceSchema.nullable().optional(),
      upsLabelPrintType: upsLabelPrintTypeSchema.optional(),
      scanToVerify: z.boolean().optional(),
    }),
  ),
} as const;

export const shippingEvents = {
  'purchase.progress': event<{
    readonly packageKey: string;
    readonly stage: PurchaseStage;
    readonly platformUkId?: string;
    readonly trackingNo?: string;
    readonly message?: string;
  }>('Where one purchase is: journaled, sent, bought, printing, printed or failed'),
  'batch.progress': event<{ readonly batchId: string; readonly done: number; readonly total: number; readonly outcome?: BatchOutcome }>(
    'One package of a batch finished',
  ),
} as const;
