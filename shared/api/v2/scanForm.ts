import { z } from 'zod';
import { isRecord, pickText, SCAN_FORM_ID_KEYS } from './assumptions';
import { envelopeSchema, looseText } from './common';

/** POST /api/scan_form/create_scan_form: USPS shipments already purchased (request fields not documented; assumptions.ts: scan-form). */
export const createScanFormRequestSchema = z.object({
  tracking_nos: z.array(z.string().min(1)).min(1).max(1000),
});
export type CreateScanFormRequest = z.infer<typeof createScanFormRequestSchema>;

/** scan_form_image is the PDF URL (spec changelog); nothing is required, since the form exists once the service said ok. */
export const scanFormResultSchema = z.preprocess(
  (value) => (isRecord(value) ? { ...value, scan_form_no: pickText(value, SCAN_FORM_ID_KEYS) } : {}),
  z.looseObject({
    scan_form_no: z.string().nullable(),
    scan_form_image: looseText.optional(),
  }),
);
export type ScanFormResult = z.infer<typeof scanFormResultSchema>;
export const createScanFormResponseSchema = envelopeSchema(scanFormResultSchema);
