import { z } from 'zod';
import {
  addressDataSchema,
  envelopeSchema,
  isoDateSchema,
  packageDataSchema,
  shipmentOptionsSchema,
  wireId,
  wireNumber,
} from './common';
import { customDataSchema } from './customs';

export const labelPrintTypes = ['common', 'qrcode'] as const;

/** USPS Returns levels accepted by direct_buy (spec 1.2.5). */
export const uspsReturnServiceLevels = [
  'USPS_GROUND_ADVANTAGE_RETURN',
  'USPS_PRIORITY_MAIL_RETURN',
  'USPS_PRIORITY_MAIL_EXPRESS_RETURN',
] as const;

export const optionDataSchema = z.object({
  is_lithium_battery: z.boolean().optional(),
  hazardous_materials: z.boolean().optional(),
});

/** POST /api/shipment/create_and_pay. Insurance is bought here or never (insured_value, USD). */
export const createAndPayRequestSchema = z.object({
  rate_id: z.string().min(1),
  platform_uk_id: z.string().min(1).max(64),
  label_print_type: z.enum(labelPrintTypes).optional(),
  insured_value: z.number().positive().max(10_000).optional(),
});
export type CreateAndPayRequest = z.input<typeof createAndPayRequestSchema>;

/** POST /api/shipment/direct_buy. */
export const directBuyRequestSchema = z.object({
  platform_uk_id: z.string().min(1).max(64),
  carrier_code: z.string().min(1),
  service_level: z.string().min(1),
  from_address_data: addressDataSchema,
  to_address_data: addressDataSchema,
  package_data: packageDataSchema,
  ship_date: isoDateSchema.optional(),
  is_return_label: z.boolean().optional(),
  return_address_data: addressDataSchema.optional(),
  additional_handling: z.boolean().optional(),
  require_saturday_delivery: z.boolean().optional(),
  options: shipmentOptionsSchema.optional(),
  option_data: optionDataSchema.optional(),
  label_print_type: z.enum(labelPrintTypes).optional(),
  insured_value: z.number().positive().max(10_000).optional(),
  custom_data: customDataSchema.optional(),
});
export type DirectBuyRequest = z.input<typeof directBuyRequestSchema>;

/** Shipment record returned by create_and_pay and direct_buy. */
export const shipmentSchema = z.looseObject({
  shipment_no: wireId,
  platform_uk_id: z.string(),
  tracking_no: z.string().min(1),
  carrier_code: z.string(),
  service_level: z.string().nullish(),
  service_name: z.string().nullish(),
  currency: z.string().default('USD'),
  total_fee: wireNumber,
  label_fee: wireNumber.nullish(),
  insurance_fee: wireNumber.nullish(),
  insured_value: wireNumber.nullish(),
  duplicate_label: z.boolean(),
  label_urls: z.array(z.string()),
  qrcode_urls: z.array(z.string()).nullish(),
  label_data: z.array(z.string()).nullish(),
  label_qr_code_data: z.array(z.string()).nullish(),
  hazardous_materials: z.boolean().nullish(),
  signature: z.string().nullish(),
  created_at: z.string().nullish(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

export const purchaseResponseSchema = envelopeSchema(shipmentSchema);

/** POST /api/shipment/void_label: exactly one of shipment_no, platform_uk_id. */
export const voidLabelRequestSchema = z.object({
  shipment_no: z.string().min(1).optional(),
  platform_uk_id: z.string().min(1).optional(),
});
export type VoidLabelRequest = z.infer<typeof voidLabelRequestSchema>;

export const voidLabelResultSchema = z.looseObject({
  shipment_no: wireId,
  platform_uk_id: z.string().nullish(),
  tracking_no: z.string().nullish(),
  status: z.string(),
  refund_amount: wireNumber.nullish(),
  currency: z.string().nullish(),
});
export type VoidLabelResult = z.infer<typeof voidLabelResultSchema>;

export const voidLabelResponseSchema = envelopeSchema(voidLabelResultSchema);
