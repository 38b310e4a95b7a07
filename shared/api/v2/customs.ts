import { z } from 'zod';

/**
 * custom_data on get_rates, quick_rate and direct_buy, and the customs forms
 * of a purchase answer. v2-docs.md 4.4 lists custom_data as "customs data;
 * fields not in the stored copy", and no stored page shows where a purchase
 * answer puts customs forms. Both are assumed here, and only here, by
 * mirroring the legacy v1 names (legacy-v1-openapi.yaml: ShipmentRequest
 * order.contents_type, non_delivery_option, eel_pfc_type, eel_pfc_code,
 * shipments[].contents[], and commercial_invoice_url(s) on label answers).
 * The guess, and the one about duties and taxes, are entries of the registry
 * (./registry.ts: custom-data, duties-and-taxes).
 */

/** Where a purchase answer may carry customs forms: inline base64 first, then URLs. */
export const CUSTOMS_FORM_DATA_KEYS = ['customs_form_data', 'customs_forms', 'commercial_invoice_data'] as const;
export const CUSTOMS_FORM_URL_KEYS = ['commercial_invoice_urls', 'commercial_invoice_url', 'customs_form_urls'] as const;

export const wireContentsTypes = ['MERCHANDISE', 'GIFT', 'DOCUMENTS', 'RETURNED_GOODS', 'SAMPLE'] as const;
export const wireNonDeliveryOptions = ['RETURN', 'ABANDON'] as const;
export const eelPfcTypes = ['ITN', 'EXEMPTION_CODE'] as const;

export const customsContentSchema = z.object({
  description: z.string().trim().min(1).max(100),
  quantity: z.number().int().positive(),
  /** USD, one unit. */
  value: z.number().nonnegative(),
  /** Pounds, one unit, as v1 weighs items. */
  weight: z.number().positive(),
  hs_tariff_number: z.string().regex(/^\d{6,10}$/).optional(),
  origin_country: z.string().length(2),
});
export type CustomsContent = z.infer<typeof customsContentSchema>;

export const customDataSchema = z.object({
  contents_type: z.enum(wireContentsTypes),
  non_delivery_option: z.enum(wireNonDeliveryOptions),
  eel_pfc_type: z.enum(eelPfcTypes),
  eel_pfc_code: z.string().trim().min(1).max(40),
  contents: z.array(customsContentSchema).max(100).default([]),
});
export type CustomData = z.input<typeof customDataSchema>;
