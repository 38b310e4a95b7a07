import { z } from 'zod';
import { command, event } from './define';
import { addressSchema } from './shipping';
import { customsSchema } from './customs';
import { SERVICE_HOME_COUNTRY } from '../domain/countries';
import type { PackageSpec, StationAddress } from './shippingTypes';

// Legacy v1 account views (issue 4): balance, carrier accounts, v1 orders,
// v1 labels, v1 SCAN forms (USPS, and the asynchronous e-commerce one), and
// the v1 label desk: rates for an order, buy a rate, buy direct, void, verify
// an address. The station works in ounces; v1 wants pounds (the module converts).

export interface AccountBalance {
  readonly balance: number;
  readonly currency: string;
  readonly fetchedAt: string;
}

export interface CarrierAccount {
  readonly name: string;
  readonly carrier: string;
  /** The account token, shortened: enough to tell two accounts apart. */
  readonly tokenHint: string;
}

export interface V1Label {
  readonly packingSlipNumber: number | null;
  readonly carrier: string;
  readonly serviceLevel: string;
  readonly trackingCode: string;
  readonly rate: number | null;
  readonly serviceFee: number | null;
  readonly weightLb: number | null;
  readonly labelUrls: readonly string[];
}

/** A v1 order as the account lists it (the sandbox's orders/list; the public v1 service lists none). */
export interface V1OrderSummary {
  readonly storeName: string;
  readonly orderNumber: string;
  readonly warehouseName: string | null;
  readonly status: string;
  readonly hasLabel: boolean | null;
  readonly to: StationAddress;
  /** Each package in ounces and inches, as the order gives it; null for one without a weight. */
  readonly packages: ReadonlyArray<PackageSpec | null>;
  readonly createdAt: string | null;
}

export interface V1ScanForm {
  readonly kind: 'usps' | 'ecommerce';
  readonly requestId: string | null;
  readonly status: 'ready' | 'pending' | 'failed';
  readonly url: string | null;
  readonly message: string | null;
}


/** One v1 rate for an order package. */
export interface V1RateQuote {
  readonly rateId: string;
  readonly carrier: string;
  readonly service: string;
  readonly serviceType: string;
  /** What the label costs: the rate plus the service's fee. */
  readonly price: number;
  /** The service's fee in that price. */
  readonly serviceFee: number;
  readonly publishedRate: number | null;
  readonly deliveryDays: number | null;
}

export interface V1Rates {
  readonly storeName: string;
  readonly orderNumber: string;
  /** The weight as sent to the service (v1 weighs in pounds). */
  readonly weightLb: number;
  readonly rates: readonly V1RateQuote[];
  readonly quotedAt: string;
}

/** A label bought through v1, kept on this station (History finds it by shipmentId or tracking code). */
export interface V1Purchase {
  readonly shipmentId: number;
  readonly trackingCode: string;
  readonly carrier: string;
  readonly service: string | null;
  readonly cost: number | null;
  readonly storeName: string;
  readonly orderNumber: string;
  /** First label image, base64 PNG, for the preview. */
  readonly labelPng: string | null;
  readonly printJobId: string | null;
  readonly printError: string | null;
  /** Words for the operator when this label was not just bought: found by reading back a lost answer, or bought earlier. */
  readonly note: string | null;
  /** True when the package already had this label: nothing was bought or printed by this call. */
  readonly alreadyBought: boolean;
}

export interface V1AddressIssue {
  readonly code: string;
  readonly message: string;
}

export interface V1AddressCheck {
  readonly errored: boolean;
  readonly corrected: boolean;
  readonly standardized: boolean;
  readonly residential: boolean | null;
  readonly address: { readonly street: string; readonly street2: string; readonly city: string; readonly state: string; readonly zip: string; readonly country: string } | null;
  readonly errors: readonly V1AddressIssue[];
  readonly corrections: readonly V1AddressIssue[];
}

const text = (what: string, max = 100) =>
  z.string({ error: `Enter the ${what}` }).trim().min(1, `Enter the ${what}`).max(max, `The ${what} is too long (at most ${max} characters)`);

const trackingCodes = z
  .array(text('tracking code', 60))
  .min(1, 'Enter at least one tracking code')
  .max(1000, 'Use at most 1000 tracking codes per SCAN form');

const orderPackage = z.object({
  weightOz: z.number({ error: 'Enter the weight in ounces' }).positive('The weight must be more than zero').max(2400),
  lengthIn: z.number().positive().max(200).optional(),
  widthIn: z.number().positive().max(200).optional(),
  heightIn: z.number().positive().max(200).optional(),
  signature: z.enum(['NO_SIGNATURE', 'SIGNATURE', 'ADULT_SIGNATURE']).optional(),
  insuranceAmount: z.number().nonnegative().max(100_000).optional(),
});


/** A U.S. address as v1 orders and v1 address checks take it: every line but street2 is required. */
const v1AddressLines = {
  street: text('street address', 200),
  street2: z.string().trim().max(200).optional(),
  city: text('city', 80),
  state: text('state', 40),
  zip: text('ZIP code', 20),
  country: z.string().trim().length(2, 'Use the two-letter country code, such as US').default(SERVICE_HOME_COUNTRY),
};

const orderKey = {
  storeName: text('store name', 80),
  orderNumber: text('order number', 80),
  /** Which package of the order (1 for the first); one label per package. */
  packageIndex: z.number().int().min(1).max(50).default(1),
};

const size = (what: string) => z.number({ error: `Enter the ${what} in inches` }).positive(`The ${what} must be more than zero`).max(120, `The ${what} is more than 120 inches; check it`);

/** An order package to rate or buy through v1: ship-to, the package (ounces, inches) and the v1 order block. */
const v1Shipment = z.object({
  ...orderKey,
  warehouseName: text('warehouse name', 80),
  to: addressSchema,
  /** Ship-from; the station's configured ship-from when absent. */
  from: addressSchema.optional(),
  package: z.object({
    weightOz: z.number({ error: 'Enter the weight in ounces' }).positive('The weight must be more than zero').max(2400, 'The weight is more than 150 lb; check it'),
    lengthIn: size('length'),
    widthIn: size('width'),
    heightIn: size('height'),
  }),
  signature: z.enum(['NO_SIGNATURE', 'SIGNATURE', 'ADULT_SIGNATURE']).optional(),
  insuranceAmount: z.number().nonnegative().max(10_000, 'Insure for at most 10,000 dollars').optional(),
  /** Needed when the package leaves the ship-from country; without it, the order's own declaration (CSV or a pulled v1 order) is used. */
  customs: customsSchema.optional(),
});

export const accountCommands = {
  'account.balance': command<AccountBalance>()('Account balance (v1)', z.object({})),
  'account.carrierAccounts': command<readonly CarrierAccount[]>()('Carrier accounts of the v1 key', z.object({})),
  'account.orders.create': command<{ readonly orderNumber: string }>()(
    'Create a v1 order',
    z.object({
      storeName: text('store name', 80),
      warehouseName: text('warehouse name', 80),
      orderNumber: z.string().trim().max(80).optional(),
      verifyAddress: z.boolean().default(true),
      recipient: z.object({
        name: text('recipient name'),
        company: z.string().trim().max(100).optional(),
        email: z.string().trim().max(100).optional(),
        phone: z.string().trim().max(30).optional(),
        ...v1AddressLines,
      }),
      packages: z.array(orderPackage).min(1, 'Add at least one package').max(50),
    }),
  ),
  'account.orders.delete': command<{ readonly deleted: true }>()(
    'Delete a v1 order for good',
    z.object({ storeName: text('store name', 80), orderNumber: text('order number', 80) }),
  ),
  'account.orders.list': command<readonly V1OrderSummary[]>()(
    'The v1 account\'s orders, newest pages first (a sandbox extension of v1)',
    z.object({ status: z.enum(['awaiting', 'hold', 'shipped'], { error: 'The status is awaiting, hold or shipped' }).optional(), storeName: z.string().trim().min(1).max(80).optional() }),
  ),
  'account.orders.labels': command<readonly V1Label[]>()(
    'Labels bought for a v1 order (store + order number)',
    z.object({ storeName: text('store name', 80), orderNumber: text('order number', 80) }),
  ),
  'account.rates': command<V1Rates>()('v1 rates for an order package (rates/list)', v1Shipment.extend({ serviceType: z.string().trim().min(1).max(80).optional() })),
  'account.buy': command<V1Purchase>()(
    'Buy a v1 rate by its id (rates/buy), journaled and printed',
    z.object({ ...orderKey, rateId: text('rate id', 120), print: z.boolean().default(true) }),
  ),
  'account.buyDirect': command<V1Purchase>()(
    'Buy a v1 label directly for a service type (rates/buy-label), journaled and printed',
    v1Shipment.extend({
      serviceType: text('service type', 80),
      print: z.boolean().default(true),
      /** The price the screen showed for the service type: the station buys only while the service's rate is still that. */
      shownPrice: z.number().nonnegative().optional(),
    }),
  ),
  'account.void': command<{ readonly trackingCode: string; readonly voided: true }>()(
    'Void a v1 label by tracking code (shipments/void)',
    z.object({ trackingCode: text('tracking code', 60) }),
  ),
  'account.verifyAddress': command<V1AddressCheck>()(
    'Verify and standardize an address (v1 addresses/verify)',
    z.object(v1AddressLines),
  ),
  'account.scanForms.create': command<V1ScanForm>()('USPS SCAN form for tracking codes (v1)', z.object({ trackingCodes })),
  'account.scanForms.ecommerce': command<V1ScanForm>()(
    'E-commerce SCAN form (v1): started, then polled until the PDF is ready',
    z.object({
      carrier: z.string().trim().toLowerCase().regex(/^[a-z_]+$/, 'Use the carrier name such as dhl').default('dhl'),
      trackingCodes,
    }),
  ),
} as const;

export const accountEvents = {
  'account.scanForm.progress': event<{ readonly requestId: string | null; readonly attempt: number; readonly status: 'started' | 'waiting' | 'ready' | 'failed'; readonly message?: string }>(
    'Where an e-commerce SCAN form request is',
  ),
} as const;
