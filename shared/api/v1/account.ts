import { z } from 'zod';

/** GET /api/carrier-account/list */
export const v1CarrierAccountSchema = z.looseObject({
  name: z.string(),
  token: z.string(),
  carrier: z.string(),
});
export type V1CarrierAccount = z.infer<typeof v1CarrierAccountSchema>;
export const v1CarrierAccountListResponseSchema = z.array(v1CarrierAccountSchema);

/** GET /api/balance: balance is a decimal string in USD. */
export const v1BalanceResponseSchema = z.looseObject({
  balance: z.union([z.string(), z.number()]).transform((v) => String(v)),
  currency: z.string(),
});
export type V1Balance = z.infer<typeof v1BalanceResponseSchema>;

/** GET /api/warehouses/list (sandbox extension, not in the public API): ship-from addresses. */
export const v1WarehouseSchema = z.looseObject({
  name: z.string(),
  contact_name: z.string().nullish(),
  company: z.string().nullish(),
  phone: z.string().nullish(),
  email: z.string().nullish(),
  street: z.string(),
  street2: z.string().nullish(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: z.string(),
  is_default: z.boolean().nullish(),
});
export type V1Warehouse = z.infer<typeof v1WarehouseSchema>;
export const v1WarehouseListResponseSchema = z.array(v1WarehouseSchema);
