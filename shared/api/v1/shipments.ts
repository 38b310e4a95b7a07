import { z } from 'zod';
import { wireNumber } from './common';

/** POST /api/shipments/void */
export const v1VoidRequestSchema = z.object({ tracking_code: z.string().min(1) });
export const v1VoidResponseSchema = z.looseObject({ tracking_code: z.string() });

/** GET /api/shipments/get?store_name=&order_number= : labels of an order that has one. */
export const v1ShipmentsGetQuerySchema = z.object({
  store_name: z.string().min(1),
  order_number: z.string().min(1),
});

export const v1OrderLabelSchema = z.looseObject({
  packing_slip_number: wireNumber.nullish(),
  carrier: z.string(),
  predefined_package: z.string().nullish(),
  service_level: z.string().nullish(),
  tracking_code: z.string(),
  length: wireNumber.nullish(),
  width: wireNumber.nullish(),
  height: wireNumber.nullish(),
  weight: wireNumber.nullish(),
  rate: wireNumber.nullish(),
  service_fee: wireNumber.nullish(),
  label_width: wireNumber.nullish(),
  label_height: wireNumber.nullish(),
  label_urls: z.array(z.string()),
  commercial_invoice_urls: z.array(z.string()).nullish(),
  label_status: z.string().nullish(),
});
export type V1OrderLabel = z.infer<typeof v1OrderLabelSchema>;
export const v1ShipmentsGetResponseSchema = z.array(v1OrderLabelSchema);
