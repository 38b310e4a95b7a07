import { z } from 'zod';
import { v1InsuranceProviders, v1OrderStatuses, v1Signatures, wireNumber } from './common';

export const v1OrderItemSchema = z.object({
  sku: z.string().min(1),
  title: z.string().optional(),
  quantity: z.number().int().positive(),
  price: z.number().nonnegative(),
  tax: z.number().nonnegative().optional(),
  shipping_cost: z.number().nonnegative().optional(),
});

export const v1OrderShipmentSchema = z.object({
  length: z.number().positive().optional(),
  width: z.number().positive().optional(),
  height: z.number().positive().optional(),
  weight: z.number().positive().optional(),
  signature: z.enum(v1Signatures).optional(),
  insurance_provider: z.enum(v1InsuranceProviders).optional(),
  insurance_amount: z.number().nonnegative().optional(),
  custom_print1: z.string().optional(),
  custom_print2: z.string().optional(),
  items: z.array(v1OrderItemSchema).optional(),
  notes: z.array(z.string()).optional(),
}).refine((s) => s.insurance_amount === undefined || s.insurance_provider !== undefined, {
  // The OpenAPI: insurance_amount goes with insurance_provider.
  message: 'insurance_amount needs insurance_provider',
  path: ['insurance_provider'],
});

/** POST /api/orders/create */
export const v1CreateOrderRequestSchema = z.object({
  store_name: z.string().min(1),
  order_number: z.string().min(1).max(64).optional(),
  warehouse_name: z.string().min(1),
  verify_address: z.boolean(),
  client_name: z.string().min(1),
  client_company: z.string().optional(),
  client_email: z.string().optional(),
  client_phone: z.string().optional(),
  client_street: z.string().min(1),
  client_street2: z.string().optional(),
  client_city: z.string().min(1),
  client_state: z.string().min(1),
  client_zip: z.string().min(1),
  client_country: z.string().length(2),
  shipments: z.array(v1OrderShipmentSchema).min(1),
});
export type V1CreateOrderRequest = z.input<typeof v1CreateOrderRequestSchema>;
export const v1CreateOrderResponseSchema = z.looseObject({ order_number: z.string() });

/** DELETE /api/orders/delete (JSON body). Irreversible. */
export const v1DeleteOrderRequestSchema = z.object({
  store_name: z.string().min(1),
  order_number: z.string().min(1),
});
export const v1DeleteOrderResponseSchema = z.array(z.unknown());

/** An order as the practice service's training order list (GET /api/sandbox-training/orders/list) returns it (the station's order inbox). */
export const v1OrderSchema = z.looseObject({
  store_name: z.string(),
  order_number: z.string(),
  warehouse_name: z.string().nullish(),
  status: z.string(),
  client_name: z.string(),
  client_company: z.string().nullish(),
  client_email: z.string().nullish(),
  client_phone: z.string().nullish(),
  client_street: z.string(),
  client_street2: z.string().nullish(),
  client_city: z.string(),
  client_state: z.string(),
  client_zip: z.string(),
  client_country: z.string(),
  shipments: z.array(
    z.looseObject({
      length: wireNumber.nullish(),
      width: wireNumber.nullish(),
      height: wireNumber.nullish(),
      weight: wireNumber.nullish(),
      signature: z.string().nullish(),
      insurance_amount: wireNumber.nullish(),
      items: z
        .array(z.looseObject({ sku: z.string(), title: z.string().nullish(), quantity: wireNumber, price: wireNumber.nullish() }))
        .nullish(),
      notes: z.array(z.string()).nullish(),
    }),
  ),
  has_label: z.boolean().nullish(),
  created_at: z.string().nullish(),
});
export type V1Order = z.infer<typeof v1OrderSchema>;

/** GET /api/sandbox-training/orders/list?store_name=&status=&page=&page_size= (the practice service's training extension, not in the public API). */
export const v1OrderListQuerySchema = z.object({
  store_name: z.string().optional(),
  status: z.enum(v1OrderStatuses).optional(),
  page: z.number().int().min(1).optional(),
  page_size: z.number().int().min(1).max(200).optional(),
});
export const v1OrderListResponseSchema = z.looseObject({
  orders: z.array(v1OrderSchema),
  total_count: wireNumber,
});
export type V1OrderList = z.infer<typeof v1OrderListResponseSchema>;
