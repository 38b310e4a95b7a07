import { z } from 'zod';
import { wireNumber } from './common';

/** POST /api/shipments/scan-forms/create (USPS tracking codes only). */
export const v1ScanFormRequestSchema = z.object({ tracking_codes: z.array(z.string().min(1)).min(1) });
export const v1ScanFormResponseSchema = z.looseObject({ url: z.string() });

/** POST /api/shipments/scan-forms/{ecom_carrier}/ecommerce/create: asynchronous, returns a request id. */
export const v1EcomScanFormCreateResponseSchema = z.looseObject({ request: wireNumber });

/** GET /api/shipments/scan-forms/{ecom_carrier}/ecommerce/get?request_id= : url is null until ready. */
export const v1EcomScanFormGetQuerySchema = z.object({ request_id: z.number().int().positive() });
export const v1EcomScanFormGetResponseSchema = z.looseObject({
  url: z.string().nullish(),
  status: z.string().nullish(),
});
export type V1EcomScanFormGetResponse = z.infer<typeof v1EcomScanFormGetResponseSchema>;
