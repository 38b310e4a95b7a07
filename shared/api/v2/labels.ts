import { z } from 'zod';
import { isRecord, pickText, TRACKING_NUMBER_KEYS } from './assumptions';
import {
  addressDataSchema,
  carrierCodes,
  envelopeSchema,
  looseNumber,
  looseText,
  optionDataSchema,
  packageDataSchema,
  shipDateSchema,
} from './common';
import { customDataSchema } from './customs';

/** label_print_type (v2-docs.md 3.4): required on create_and_pay. */
export const labelPrintTypes = ['common', 'qrcode', 'barcode'] as const;
export type LabelPrintType = (typeof labelPrintTypes)[number];

/** USPS Returns levels accepted by direct_buy (spec 1.2.5). */
export const uspsReturnServiceLevels = [
  'USPS_GROUND_ADVANTAGE_RETURN',
  'USPS_PRIORITY_MAIL_RETURN',
  'USPS_PRIORITY_MAIL_EXPRESS_RETURN',
] as const;

/**
 * Insurance is bought only in create_and_pay, by the rate_id GET
 * /api/shipment/insurance/rate returned (v2-docs.md 3.4). The other fields are
 * what the sister API's public client pays with (v2-docs.md 9; assumptions.ts:
 * insurance-pay): the declared value as coverage, the fee as rate.
 */
export const insuranceDataSchema = z.object({
  rate_id: z.string().min(1),
  coverage: z.number().positive().max(10_000).optional(),
  currency: z.string().length(3).optional(),
  rate: z.number().nonnegative().optional(),
  service_level: z.string().min(1).optional(),
});
export type InsuranceData = z.infer<typeof insuranceDataSchema>;

/** POST /api/shipment/create_and_pay (v2-docs.md 3.4). */
export const createAndPayRequestSchema = z.object({
  rate_id: z.string().min(1),
  platform_uk_id: z.string().min(1).max(64),
  label_print_type: z.enum(labelPrintTypes),
  insurance_data: insuranceDataSchema.optional(),
  is_return_label: z.boolean().optional(),
  is_exchange_label: z.boolean().optional(),
});
export type CreateAndPayRequest = z.input<typeof createAndPayRequestSchema>;

/** POST /api/shipment/direct_buy (v2-docs.md 3.5 and the spec); no insurance here (create_and_pay only). */
export const directBuyRequestSchema = z.object({
  platform_uk_id: z.string().min(1).max(64),
  carrier_code: z.enum(carrierCodes),
  service_level: z.string().min(1),
  from_address_data: addressDataSchema,
  to_address_data: addressDataSchema,
  package_data: packageDataSchema,
  ship_date: shipDateSchema,
  is_return_label: z.boolean().optional(),
  return_address_data: addressDataSchema.optional(),
  option_data: optionDataSchema.optional(),
  require_saturday_delivery: z.boolean().optional(),
  label_print_type: z.enum(labelPrintTypes),
  custom_data: customDataSchema.optional(),
});
export type DirectBuyRequest = z.input<typeof directBuyRequestSchema>;

const stringList = z.unknown().transform((value) =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '') : typeof value === 'string' && value.trim() !== '' ? [value] : [],
);

/**
 * The answer of create_and_pay and direct_buy. The docs show only
 * duplicate_label (and the spec the label arrays), so the station requires what
 * it cannot act without: a tracking number and a label (data or URL).
 * Everything else it takes from the request it sent when absent.
 */
export const shipmentSchema = z
  .preprocess(
    (value) => (isRecord(value) ? { ...value, tracking_no: pickText(value, TRACKING_NUMBER_KEYS) ?? firstOfList(value) } : value),
    z.looseObject({
      tracking_no: z.string().min(1),
      shipment_no: looseText.optional(),
      platform_uk_id: looseText.optional(),
      carrier_code: looseText.optional(),
      service_level: looseText.optional(),
      service_name: looseText.optional(),
      currency: looseText.optional(),
      total_fee: looseNumber.optional(),
      label_fee: looseNumber.optional(),
      insurance_fee: looseNumber.optional(),
      duplicate_label: z.unknown().transform((v) => v === true || v === 'true' || v === 1).optional(),
      label_urls: stringList.optional(),
      qrcode_urls: stringList.optional(),
      label_data: stringList.optional(),
      label_qr_code_data: stringList.optional(),
    }),
  )
  .refine((s) => (s.label_data?.length ?? 0) > 0 || (s.label_urls?.length ?? 0) > 0, { message: 'no label data or label URL', path: ['label_data'] });
export type Shipment = z.infer<typeof shipmentSchema>;

function firstOfList(value: Readonly<Record<string, unknown>>): string | null {
  for (const key of TRACKING_NUMBER_KEYS) {
    const list = value[key];
    if (Array.isArray(list) && typeof list[0] === 'string' && list[0].trim() !== '') return list[0].trim();
  }
  return null;
}

export const purchaseResponseSchema = envelopeSchema(shipmentSchema);

/** POST /api/shipment/void_label: exactly one of shipment_no, platform_uk_id (spec). */
export const voidLabelRequestSchema = z.object({
  shipment_no: z.string().min(1).optional(),
  platform_uk_id: z.string().min(1).optional(),
});
export type VoidLabelRequest = z.infer<typeof voidLabelRequestSchema>;

/** The void answer is not documented; "ok" in the envelope is the whole news (assumptions.ts: void-answer). */
export const voidLabelResponseSchema = envelopeSchema(z.unknown());
