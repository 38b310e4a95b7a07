import { z } from 'zod';
import { envelopeSchema, wireInt } from './common';

/** POST /api/scan_form/create_scan_form: USPS shipments already purchased, by tracking number. */
export const createScanFormRequestSchema = z.object({
  tracking_nos: z.array(z.string().min(1)).min(1).max(1000),
  ship_date: z.string().optional(),
});
export type CreateScanFormRequest = z.infer<typeof createScanFormRequestSchema>;

export const scanFormResultSchema = z.looseObject({
  scan_form_no: z.string(),
  scan_form_image: z.string(),
  carrier_code: z.string().nullish(),
  tracking_nos: z.array(z.string()).nullish(),
  package_total_num: wireInt.nullish(),
  created_at: z.string().nullish(),
});
export type ScanFormResult = z.infer<typeof scanFormResultSchema>;
export const createScanFormResponseSchema = envelopeSchema(scanFormResultSchema);
