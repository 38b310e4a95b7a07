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
