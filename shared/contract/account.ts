import { z } from 'zod';
import { command, event } from './define';

// Legacy v1 account views (issue 4): balance, carrier accounts, v1 orders,
// v1 labels, v1 SCAN forms (USPS, and the asynchronous e-commerce one).

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

export interface V1ScanForm {
  readonly kind: 'usps' | 'ecommerce';
  readonly requestId: string | null;
  readonly status: 'ready' | 'pending' | 'failed';
  readonly url: string | null;
  readonly message: string | null;
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
        street: text('street address', 200),
        street2: z.string().trim().max(200).optional(),
        city: text('city', 80),
        state: text('state', 40),
        zip: text('ZIP code', 20),
        country: z.string().trim().length(2, 'Use the two-letter country code, such as US').default('US'),
      }),
      packages: z.array(orderPackage).min(1, 'Add at least one package').max(50),
    }),
  ),
  'account.orders.delete': command<{ readonly deleted: true }>()(
    'Delete a v1 order for good',
    z.object({ storeName: text('store name', 80), orderNumber: text('order number', 80) }),
  ),
  'account.orders.labels': command<readonly V1Label[]>()(
    'Labels bought for a v1 order (store + order number)',
    z.object({ storeName: text('store name', 80), orderNumber: text('order number', 80) }),
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
