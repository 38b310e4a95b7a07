import { z } from 'zod';
import { lenientList, looseNumber, wireNumber } from '../v2/common';

/**
 * Legacy v1 ({legacy_base_url}) wire shapes after legacy-v1-openapi.yaml.
 * Weights are pounds and dimensions inches. Authentication is `?api_token=`.
 * Failures are `{message}` (plus a machine `code` from the sandbox).
 */
export { lenientList, looseNumber, wireNumber };

export const v1ErrorSchema = z.looseObject({
  message: z.string(),
  code: z.string().nullish(),
});
export type V1Error = z.infer<typeof v1ErrorSchema>;

/** Shipper / recipient address of a v1 ShipmentRequest. */
export const v1AddressSchema = z.object({
  name: z.string().min(1).max(100),
  company: z.string().max(100).optional(),
  email: z.string().max(120).optional(),
  phone: z.string().max(30).optional(),
  street: z.string().min(1).max(255),
  street2: z.string().max(255).optional(),
  city: z.string().min(1).max(100),
  /** Empty for a country without states or provinces (GB, DE, ...): the service checks only U.S. addresses. */
  state: z.string().max(50),
  zip: z.string().min(3).max(20),
  country: z.string().length(2),
  residential: z.boolean().optional(),
});
export type V1Address = z.input<typeof v1AddressSchema>;

export const v1Signatures = ['NO_SIGNATURE', 'SIGNATURE', 'ADULT_SIGNATURE'] as const;
export const v1InsuranceProviders = ['SHIPSURANCE', 'CARRIER'] as const;
export const v1OrderStatuses = ['awaiting', 'hold', 'shipped'] as const;
