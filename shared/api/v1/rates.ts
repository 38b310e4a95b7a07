import { z } from 'zod';
import { eelPfcTypes, wireContentsTypes, wireNonDeliveryOptions } from '../v2/customs';
import { lenientList, looseNumber, v1AddressSchema, v1InsuranceProviders, v1OrderStatuses, v1Signatures, wireNumber } from './common';

/** One customs item of a package (legacy-v1-openapi.yaml shipments[].contents[]): weight in pounds, value in USD, per unit. */
export const v1ContentSchema = z.object({
  weight: z.number().positive(),
  description: z.string().min(1).max(100),
  quantity: z.number().int().positive(),
  value: z.number().nonnegative(),
  hs_tariff_number: z.string().max(20).optional(),
  origin_country: z.string().length(2),
});

/** One package of a ShipmentRequest (pounds, inches). */
export const v1ShipmentPackageSchema = z.object({
  length: z.number().positive().max(120),
  width: z.number().positive().max(120),
  height: z.number().positive().max(120),
  weight: z.number().positive().max(150),
  packages: z.array(z.string()).optional(),
  insurance_amount: z.number().nonnegative().max(10_000).optional(),
  custom_print1: z.string().max(100).optional(),
  custom_print2: z.string().max(100).optional(),
  /** Items filed for customs, required for international shipments. */
  contents: z.array(v1ContentSchema).max(100).optional(),
});

export const v1OrderBlockSchema = z.object({
  warehouse_name: z.string().min(1),
  store_name: z.string().optional(),
  order_number: z.string().optional(),
  status: z.enum(v1OrderStatuses).optional(),
  service_type: z.string().optional(),
  signature: z.enum(v1Signatures).optional(),
  insurance_provider: z.enum(v1InsuranceProviders).optional(),
  contents_type: z.enum(wireContentsTypes).optional(),
  non_delivery_option: z.enum(wireNonDeliveryOptions).optional(),
  eel_pfc_type: z.enum(eelPfcTypes).optional(),
  eel_pfc_code: z.string().max(40).optional(),
});

export const v1OptionsSchema = z.object({
  ship_date: z.string().optional(),
  require_saturday_delivery: z.boolean().optional(),
  require_hazmat: z.boolean().optional(),
  label_type: z.enum(['png', 'pdf']).optional(),
  require_qr_code: z.boolean().optional(),
});

/** Body of POST /api/rates/list and POST /api/rates/buy-label. */
export const v1ShipmentRequestSchema = z.object({
  carrier: z.object({ carrier_token: z.string().optional() }).optional(),
  from: v1AddressSchema,
  to: v1AddressSchema,
  shipments: z.array(v1ShipmentPackageSchema).min(1).max(1),
  order: v1OrderBlockSchema,
  options: v1OptionsSchema.optional(),
}).refine((r) => r.shipments.every((s) => s.insurance_amount === undefined) || r.order.insurance_provider !== undefined, {
  // The OpenAPI: "Amount for insured shipment. Must be used in conjunction with insurance_provider."
  message: 'insurance_amount needs order.insurance_provider',
  path: ['order', 'insurance_provider'],
});
export type V1ShipmentRequest = z.input<typeof v1ShipmentRequestSchema>;

export const v1RateSchema = z.looseObject({
  shipment_id: z.string(),
  rate_id: z.string(),
  provider: z.string().nullish(),
  account_name: z.string().nullish(),
  carrier: z.string(),
  service: z.string().nullish(),
  service_type: z.string(),
  package: z.string().nullish(),
  package_type: z.string().nullish(),
  /** A string in the OpenAPI ("5"); read loosely ("", "2-5" as its upper bound) so one odd field never drops a rate. */
  delivery_days: looseNumber.optional(),
  published_rate: wireNumber.nullish(),
  rate: wireNumber,
  rebate: wireNumber.nullish(),
  zone: wireNumber.nullish(),
  /** Not on a rate in the OpenAPI, only on the label bought; read when a rate carries it (registry entry v1-service-fee). */
  service_fee: wireNumber.nullish(),
});

/**
 * The "system service fee" a v1 label costs on top of its rate: the purchase
 * answer names it (PurchaseLabelResponse.service_fee, example 0.05), the rate
 * list does not, so a rate's price is its rate plus this fee unless the rate
 * names its own (registry entry v1-service-fee).
 */
export const V1_SERVICE_FEE_USD = 0.05;
export type V1Rate = z.infer<typeof v1RateSchema>;

/** The live service answers a bare array; the OpenAPI documents `{rates: [...]}`. Both parse; a rate that cannot be read is left out, never the list. */
export const v1RatesListResponseSchema = z.preprocess(
  (value) => (value !== null && typeof value === 'object' && !Array.isArray(value) && 'rates' in value ? (value as { rates: unknown }).rates : value),
  z.array(z.unknown()).transform((list) => lenientList(v1RateSchema).parse(list)),
);

/** GET /api/rates/buy?rate_id= */
export const v1BuyQuerySchema = z.object({ rate_id: z.string().min(1) });

/** PurchaseLabelResponse (buy and buy-label). */
export const v1PurchaseLabelResponseSchema = z.looseObject({
  packing_slip_number: wireNumber.nullish(),
  tracking_code: z.string().min(1),
  label_size: z.string().nullish(),
  label_type: z.string().nullish(),
  length: wireNumber.nullish(),
  width: wireNumber.nullish(),
  height: wireNumber.nullish(),
  weight: wireNumber.nullish(),
  insurance: wireNumber.nullish(),
  insurance_fee: wireNumber.nullish(),
  signature: z.string().nullish(),
  delivery_days: looseNumber.optional(),
  service_fee: wireNumber.nullish(),
  rate: wireNumber,
  rebate: wireNumber.nullish(),
  published_rate: wireNumber.nullish(),
  label_status: z.string().nullish(),
  shipment_id: wireNumber.nullish(),
  warehouse_name: z.string().nullish(),
  store_name: z.string().nullish(),
  order_number: z.string().nullish(),
  provider: z.string().nullish(),
  carrier: z.string(),
  service: z.string().nullish(),
  package: z.string().nullish(),
  label_url: z.array(z.string()),
  commercial_invoice_url: z.string().nullish(),
});
export type V1PurchaseLabelResponse = z.infer<typeof v1PurchaseLabelResponseSchema>;
