import { z } from 'zod';

/**
 * custom_data on get_rates, quick_rate and direct_buy, and the customs forms
 * of a purchase answer. v2-docs.md 4.4 lists custom_data as "customs data;
 * fields not in the stored copy", and no stored page shows where a purchase
 * answer puts customs forms. Both are assumed here, and only here, by
 * mirroring the legacy v1 names (legacy-v1-openapi.yaml: ShipmentRequest
 * order.contents_type, non_delivery_option, eel_pfc_type, eel_pfc_code,
 * shipments[].contents[], and commercial_invoice_url(s) on label answers).
 * A wire capture of a live international purchase settles them.
 */

export const CUSTOMS_ASSUMPTION = {
  id: 'custom-data',
  endpoint: 'POST /api/shipment/get_rates, quick_rate, direct_buy (custom_data); create_and_pay, direct_buy answers (customs forms)',
  assumed:
    'custom_data mirrors v1: contents_type (GIFT, MERCHANDISE, SAMPLE, RETURNED_GOODS, DOCUMENTS), non_delivery_option (RETURN, ABANDON), eel_pfc_type (ITN, EXEMPTION_CODE), eel_pfc_code, contents[] of {description, quantity, value (USD per unit), weight (lb per unit), hs_tariff_number, origin_country}. Customs forms come back as base64 images under customs_form_data, or as URLs under commercial_invoice_urls / commercial_invoice_url (v1 names), PNG or PDF.',
  captureReveals: 'the custom_data field names and units, whether value and weight are per unit or per line, and where the answer puts CN22/CN23 forms',
} as const;

/**
 * Duties and taxes: neither v2-docs.md nor legacy-v1-openapi.yaml documents
 * who pays them (no DDP/DDU, bill-to or incoterm field on rating or buying),
 * so the station offers no such option and sends none. The only related v1
 * fields are the recipient's tax IDs (order.tax_ids, recipient_tax_ids: VAT,
 * EORI, IOSS, ...), which identify the importer and choose no payer; they are
 * not sent yet. A documented field settles this.
 */
export const DUTIES_ASSUMPTION = {
  id: 'duties-and-taxes',
  endpoint: 'get_rates, create_and_pay, direct_buy (v2); rates/list, rates/buy-label (v1)',
  assumed: 'no duties-and-taxes payment option exists; the recipient pays them as the carrier bills them (delivered duty unpaid)',
  captureReveals: 'whether the service has a field for duties paid by the shipper, and what it is called',
} as const;

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
