import { z } from 'zod';
import {
  addressDataSchema,
  envelopeSchema,
  isoDateSchema,
  packageDataSchema,
  priceDetailSchema,
  shipmentOptionsSchema,
  wireId,
  wireInt,
  wireNumber,
} from './common';
import { customDataSchema } from './customs';

/** One provider and the service levels wanted from it (e.g. SWIFTX / [SWIFTX_EXP]). */
export const shipmentRateCarrierDataSchema = z.object({
  provider_id: z.string().min(1),
  service_levels: z.array(z.string().min(1)).optional(),
});
export type ShipmentRateCarrierData = z.infer<typeof shipmentRateCarrierDataSchema>;

/** Fields common to every rate request. Insurance is quoted by insured_value (USD). */
const rateRequestFields = {
  from_address_data: addressDataSchema,
  to_address_data: addressDataSchema,
  package_data: packageDataSchema,
  ship_date: isoDateSchema.optional(),
  shipment_rate_carrier_data: z.array(shipmentRateCarrierDataSchema).optional(),
  additional_handling: z.boolean().optional(),
  require_saturday_delivery: z.boolean().optional(),
  options: shipmentOptionsSchema.optional(),
  /** Lithium batteries / hazardous materials: only USPS Ground Advantage is quoted. */
  option_data: z
    .object({ is_lithium_battery: z.boolean().optional(), hazardous_materials: z.boolean().optional() })
    .optional(),
  insured_value: z.number().nonnegative().max(10_000).optional(),
  /** Customs for a shipment that leaves the origin country (shape assumed in ./customs.ts). */
  custom_data: customDataSchema.optional(),
};

/** One item of the quick_rate array (1 to 10 per call). */
export const quickRateItemSchema = z.object({
  request_unique_id: z.string().min(1).max(64),
  ...rateRequestFields,
});
export type QuickRateItem = z.input<typeof quickRateItemSchema>;

export const quickRateRequestSchema = z.array(quickRateItemSchema).min(1).max(10);
export type QuickRateRequest = z.input<typeof quickRateRequestSchema>;

/** get_rates body: every active carrier unless shipment_rate_carrier_data filters. */
export const getRatesRequestSchema = z.object({
  ...rateRequestFields,
  is_return_label: z.boolean().optional(),
  return_address_data: addressDataSchema.optional(),
  carrier_package_code: z.string().optional(),
});
export type GetRatesRequest = z.input<typeof getRatesRequestSchema>;

/** A rate record. */
export const rateSchema = z.looseObject({
  rate_id: wireId,
  carrier_code: z.string(),
  carrier_name: z.string().nullish(),
  service_level: z.string(),
  service_name: z.string().nullish(),
  price: wireNumber,
  currency: z.string().default('USD'),
  delivery_days: wireInt.nullish(),
  estimated_delivery_date: z.string().nullish(),
  zone: wireInt.nullish(),
  is_fastest: z.boolean().nullish(),
  is_cheapest: z.boolean().nullish(),
  expires_at: z.string().nullish(),
  price_details: z.array(priceDetailSchema).nullish(),
});
export type Rate = z.infer<typeof rateSchema>;

/** A carrier (or carrier level) that could not quote, listed next to the rates. */
export const rateErrorSchema = z.looseObject({
  carrier_code: z.string(),
  service_level: z.string().nullish(),
  code: z.string(),
  msg: z.string(),
});
export type RateError = z.infer<typeof rateErrorSchema>;

export const quickRateResultSchema = z.looseObject({
  request_unique_id: z.string(),
  shipment_rate_data: z.array(rateSchema),
  error_data: z.array(rateErrorSchema).nullish(),
});
export type QuickRateResult = z.infer<typeof quickRateResultSchema>;

export const quickRateResponseSchema = envelopeSchema(z.array(quickRateResultSchema));

export const getRatesResultSchema = z.looseObject({
  shipment_rate_data: z.array(rateSchema),
  error_data: z.array(rateErrorSchema).nullish(),
});
export type GetRatesResult = z.infer<typeof getRatesResultSchema>;

export const getRatesResponseSchema = envelopeSchema(getRatesResultSchema);
