import { z } from 'zod';
import {
  isRecord,
  markedRateIds,
  pickArray,
  pickText,
  RATE_DELIVERY_DATE_KEYS,
  RATE_ERROR_KEYS,
  RATE_LIST_KEYS,
  RATE_MARKS,
  RATE_PRICE_KEYS,
  rateMarks,
  readPrice,
  type Loose,
  type RateMark,
} from './assumptions';
import {
  addressDataSchema,
  envelopeSchema,
  lenientList,
  looseNumber,
  looseText,
  optionDataSchema,
  packageDataSchema,
  priceDetailSchema,
  quickRateAddressSchema,
  shipDateSchema,
} from './common';
import { customDataSchema } from './customs';

/** One provider and the service levels wanted from it (e.g. USPS_B / [USPS_GROUND_ADVANTAGE]). */
export const shipmentRateCarrierDataSchema = z.object({
  provider_id: z.string().min(1),
  service_levels: z.array(z.string().min(1)).optional(),
});
export type ShipmentRateCarrierData = z.infer<typeof shipmentRateCarrierDataSchema>;

/**
 * Fields common to every rate request. ship_date is sent on every one (ISO
 * 8601 with offset). Options sit in option_data (v2-docs.md 4.3);
 * require_saturday_delivery has no documented place (assumptions.ts: saturday).
 */
const rateRequestFields = {
  package_data: packageDataSchema,
  ship_date: shipDateSchema,
  shipment_rate_carrier_data: z.array(shipmentRateCarrierDataSchema).optional(),
  option_data: optionDataSchema.optional(),
  require_saturday_delivery: z.boolean().optional(),
  /** Customs for a shipment that leaves the origin country (shape assumed in ./customs.ts). */
  custom_data: customDataSchema.optional(),
};

/** One item of the quick_rate array (1 to 10 per call); names optional here only. */
export const quickRateItemSchema = z.object({
  request_unique_id: z.string().min(1).max(64),
  from_address_data: quickRateAddressSchema,
  to_address_data: quickRateAddressSchema,
  ...rateRequestFields,
});
export type QuickRateItem = z.input<typeof quickRateItemSchema>;

export const quickRateRequestSchema = z.array(quickRateItemSchema).min(1).max(10);
export type QuickRateRequest = z.input<typeof quickRateRequestSchema>;

/** get_rates body: every active carrier unless shipment_rate_carrier_data filters. */
export const getRatesRequestSchema = z.object({
  from_address_data: addressDataSchema,
  to_address_data: addressDataSchema,
  ...rateRequestFields,
  is_return_label: z.boolean().optional(),
  return_address_data: addressDataSchema.optional(),
});
export type GetRatesRequest = z.input<typeof getRatesRequestSchema>;

/**
 * A rate record. Only rate_id (needed to buy) and a price (needed to choose)
 * are required; a rate without them is left out of the quote, never failing
 * it. Two disagreeing prices read as none (rateSet says why to the operator).
 */
export const rateSchema = z.preprocess(
  (value) => (isRecord(value) ? { ...value, price: readPrice(value, RATE_PRICE_KEYS).price ?? null, rate_id: pickText(value, ['rate_id']) } : value),
  z.looseObject({
    rate_id: z.string().min(1),
    carrier_code: looseText.optional(),
    carrier_name: looseText.optional(),
    provider_id: looseText.optional(),
    service_level: looseText.optional(),
    service_name: looseText.optional(),
    price: z.number(),
    currency: looseText.optional(),
    delivery_days: looseNumber.optional(),
    delivery_date: looseText.optional(),
    retail_price: looseNumber.optional(),
    marks: z.array(z.enum(RATE_MARKS)).optional(),
    price_details: lenientList(priceDetailSchema).optional(),
  }),
);
export type Rate = z.infer<typeof rateSchema>;

/** A carrier (or carrier level) that could not quote, listed next to the rates; any readable text is kept. */
export const rateErrorSchema = z.union([
  z.string().transform((msg) => ({ carrier_code: null, service_level: null, msg })),
  z.looseObject({
    carrier_code: looseText.optional(),
    service_level: looseText.optional(),
    code: looseText.optional(),
    msg: looseText.optional(),
    message: looseText.optional(),
  }),
]);
export type RateError = z.infer<typeof rateErrorSchema>;

const shownAmount = (amount: number, currency: unknown): string =>
  typeof currency === 'string' && currency.trim() !== '' && currency.trim().toUpperCase() !== 'USD' ? `${amount.toFixed(2)} ${currency.trim()}` : `$${amount.toFixed(2)}`;

/** The error entry standing for a rate refused because its answer names two prices: the operator sees why it is missing. */
function refusedRate(rate: Loose, amounts: readonly number[]): Loose {
  const shown = amounts.map((amount) => shownAmount(amount, rate.currency));
  return {
    carrier_code: pickText(rate, ['carrier_code']),
    service_level: pickText(rate, ['service_level']),
    code: 'rate_price_conflict',
    message: `the service gave this rate two different prices (${shown.join(' and ')}), so it is left out rather than shown at a price that may be wrong. Quote again; if it stays, choose another rate or tell support.`,
  };
}

const unnamed: Readonly<Record<RateMark, readonly string[]>> = { cheapest: [], fastest: [] };

/**
 * A rate list with every rate whose prices disagree moved to the error list,
 * in words; each kept rate carries the service's marks and its delivery date
 * wherever the answer put them (assumptions.ts: rate-answer).
 */
function splitRates(rates: readonly unknown[], errors: readonly unknown[], named = unnamed): { shipment_rate_data: unknown[]; error_data: unknown[] } {
  const kept: unknown[] = [];
  const refused: unknown[] = [];
  for (const rate of rates) {
    const read = isRecord(rate) ? readPrice(rate, RATE_PRICE_KEYS) : null;
    if (isRecord(rate) && read?.conflict) refused.push(refusedRate(rate, read.conflict));
    else kept.push(isRecord(rate) ? { ...rate, marks: rateMarks(rate, named), delivery_date: pickText(rate, RATE_DELIVERY_DATE_KEYS) } : rate);
  }
  return { shipment_rate_data: kept, error_data: [...errors, ...refused] };
}

/** The rate list and errors of one rate answer, wherever assumptions.ts says they may sit. */
function rateSet<X extends z.core.$ZodLooseShape>(extra: X) {
  return z.preprocess(
    (value) =>
      Array.isArray(value)
        ? splitRates(value, [])
        : isRecord(value)
          ? {
              ...value,
              ...splitRates(pickArray(value, RATE_LIST_KEYS) ?? [], pickArray(value, RATE_ERROR_KEYS) ?? [], { cheapest: markedRateIds(value.cheapest), fastest: markedRateIds(value.fastest) }),
            }
          : value,
    z.looseObject({
      ...extra,
      shipment_rate_data: lenientList(rateSchema),
      error_data: lenientList(rateErrorSchema).optional(),
    }),
  );
}

export const quickRateResultSchema = rateSet({ request_unique_id: looseText.optional() });
export type QuickRateResult = z.infer<typeof quickRateResultSchema>;

export const quickRateResponseSchema = envelopeSchema(lenientList(quickRateResultSchema));

export const getRatesResultSchema = rateSet({});
export type GetRatesResult = z.infer<typeof getRatesResultSchema>;

export const getRatesResponseSchema = envelopeSchema(getRatesResultSchema);
