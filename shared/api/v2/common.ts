import { z } from 'zod';

/**
 * Wire primitives shared by every v2 endpoint. Response schemas are tolerant on
 * purpose (v2-wire-notes.md): unknown fields pass through and numbers may arrive
 * as strings; request schemas describe what a client sends and what the
 * sandbox accepts.
 */

/** A number that may arrive as a numeric string ("4"). */
export const wireNumber = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value),
  z.number(),
);

/** An integer that may arrive as a numeric string. */
export const wireInt = z.preprocess(
  (value) => (typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value),
  z.number().int(),
);

/** An identifier that may arrive as a number (shipment_no, pickup_no). */
export const wireId = z.preprocess((value) => (typeof value === 'number' ? String(value) : value), z.string());

/** A string field that some integrations send as null. */
export const wireText = z.string().nullish();

/** Success envelope: `{code: "ok", msg: "ok", data}`. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.looseObject({ code: z.literal('ok'), msg: z.string(), data });
}

/** Failure envelope: any code other than `ok`, a human message, data null. */
export const failureSchema = z.looseObject({
  code: z.string(),
  msg: z.string(),
  data: z.unknown().optional(),
});
export type WireFailure = z.infer<typeof failureSchema>;

export const carrierCodes = ['USPS', 'UPS', 'FEDEX', 'DHL_EXPRESS', 'SWIFTX'] as const;
/** Carrier codes the service may answer with; open-ended, so kept as string on responses. */
export type CarrierCode = (typeof carrierCodes)[number];

export const addressTypes = ['residential', 'commercial'] as const;

/** AddressTo / from_address_data / to_address_data / return_address_data / pickup_location. */
export const addressDataSchema = z.object({
  first_name: z.string().max(100).optional(),
  last_name: z.string().max(100).optional(),
  company_name: z.string().max(100).optional(),
  phone: z.string().max(30).optional(),
  email: z.string().max(120).optional(),
  street: z.string().min(1).max(255),
  street2: z.string().max(255).optional(),
  city: z.string().min(1).max(100),
  /** A 2-letter code in the U.S.; unrestricted elsewhere, and empty where the country has no states (v2-docs.md 4.1). */
  state: z.string().max(50),
  /** Empty only where the country has no postal codes. */
  zip_code: z.string().max(20),
  country: z.string().length(2).default('US'),
  address_type: z.enum(addressTypes).optional(),
});
export type AddressData = z.input<typeof addressDataSchema>;

/** The same address as a service may echo it back: all fields optional and tolerant. */
export const addressWireSchema = z.looseObject({
  first_name: wireText,
  last_name: wireText,
  company_name: wireText,
  phone: wireText,
  email: wireText,
  street: wireText,
  street2: wireText,
  city: wireText,
  state: wireText,
  zip_code: wireText,
  country: wireText,
  address_type: wireText,
});
export type AddressWire = z.infer<typeof addressWireSchema>;

export const weightUnits = ['oz', 'lb'] as const;
export const dimensionUnits = ['in'] as const;

/**
 * package_data. `type` is `my_package` for custom dimensions or a predefined
 * carrier package code (legacy-v1-appendix.md), e.g. usps_small_flat_rate_box.
 */
export const packageDataSchema = z.object({
  type: z.string().min(1).default('my_package'),
  length: z.number().positive().max(120),
  width: z.number().positive().max(120),
  height: z.number().positive().max(120),
  dimension_unit: z.enum(dimensionUnits).default('in'),
  weight: z.number().positive().max(2400),
  weight_unit: z.enum(weightUnits).default('oz'),
});
export type PackageData = z.input<typeof packageDataSchema>;

export const signatureOptions = ['signature', 'adult_signature', 'usps_signature_restricted', 'usps_adult_signature_restricted'] as const;
export type SignatureOption = (typeof signatureOptions)[number];

/** `options` on rate and label requests. */
export const shipmentOptionsSchema = z.object({
  signature: z.enum(signatureOptions).optional(),
});

/** YYYY-MM-DD calendar date. */
export const isoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD');

/** A charge component of a rate (price_details item). */
export const priceDetailSchema = z.looseObject({
  code: z.string(),
  description: z.string().nullish(),
  price: wireNumber,
});
export type PriceDetail = z.infer<typeof priceDetailSchema>;
