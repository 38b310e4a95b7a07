import { z } from 'zod';
import { SERVICE_HOME_COUNTRY } from '../../domain/countries';
import { readNumber } from './assumptions';

/**
 * Wire primitives shared by every v2 endpoint. Request schemas follow the
 * published documentation (v2-docs.md): what the station sends and what the
 * sandbox accepts. Response schemas require only what the station needs to
 * act; unknown fields pass through, numbers may arrive as strings, and every
 * guess about an undocumented shape lives in ./assumptions.ts.
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

/** A number that never fails a parse: numeric strings, "" and ranges ("2-5") read as assumptions.readNumber says; anything else null. */
export const looseNumber = z.unknown().transform((value) => readNumber(value));

/** Text that never fails a parse: a string or a number as text, else null. */
export const looseText = z.unknown().transform((value) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null));

/** A list whose unreadable items are left out instead of failing the whole answer (one odd rate never rejects a quote). */
export function lenientList<T extends z.ZodType>(item: T) {
  return z.unknown().transform((value) => {
    if (!Array.isArray(value)) return [] as z.output<T>[];
    const out: z.output<T>[] = [];
    for (const entry of value) {
      const parsed = item.safeParse(entry);
      if (parsed.success) out.push(parsed.data);
    }
    return out;
  });
}

/** Success envelope: `{code: "ok", msg: "ok", data}` (v2 marks none of the three required). */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.looseObject({ code: z.literal('ok'), msg: z.string().nullish(), data });
}

/** Failure envelope: any code other than `ok`, perhaps a human message (its shape is not documented). */
export const failureSchema = z.looseObject({
  code: z.union([z.string(), z.number().transform(String)]),
  msg: z.string().nullish(),
  data: z.unknown().optional(),
});
export type WireFailure = z.infer<typeof failureSchema>;

/** carrier_code values of direct_buy (v2-docs.md 5.1). */
export const carrierCodes = ['USPS', 'UPS', 'FEDEX', 'DHL_EXPRESS', 'SWIFTX', 'GOFO_EXPRESS', 'UPS_CANADA'] as const;
export type CarrierCode = (typeof carrierCodes)[number];

/** carrier_code values tracking_by_tracking_no accepts (v2-docs.md 3.9); the direct endpoint takes any string. */
export const trackingCarrierCodes = ['USPS', 'UPS', 'AMAZON_SHIPPING'] as const;
export type TrackingCarrierCode = (typeof trackingCarrierCodes)[number];

export const addressTypes = ['residential', 'commercial'] as const;

const addressFields = {
  company_name: z.string().max(100).optional(),
  phone: z.string().max(30).optional(),
  email: z.string().max(120).optional(),
  street: z.string().trim().min(1).max(255),
  street2: z.string().max(255).optional(),
  city: z.string().trim().min(1).max(100),
  /** Required; a 2-letter code in the U.S. (checked by usState), unrestricted elsewhere, and empty where the country has no states (v2-docs.md 4.1). */
  state: z.string().trim().max(50),
  /** Empty only where the country has no postal codes. */
  zip_code: z.string().trim().max(20),
  country: z.string().length(2).default(SERVICE_HOME_COUNTRY),
  address_type: z.enum(addressTypes).optional(),
};

/** v2 requires state, a valid 2-letter code for a U.S. address (v2-docs.md 3.15, 4.1): an empty one is refused before it is sent. */
export function usState(address: { readonly state: string; readonly country: string }, ctx: z.RefinementCtx): void {
  if (address.country.toUpperCase() === SERVICE_HOME_COUNTRY && !/^[A-Za-z]{2}$/.test(address.state)) {
    ctx.addIssue({ code: 'custom', message: 'a U.S. address needs its 2-letter state', path: ['state'] });
  }
}

/**
 * AddressFrom / AddressTo (v2-docs.md 4.1): from_address_data, to_address_data,
 * return_address_data, pickup_location. first_name and last_name are required
 * everywhere but quick_rate.
 */
export const addressDataSchema = z
  .object({
    first_name: z.string().trim().min(1).max(100),
    last_name: z.string().trim().min(1).max(100),
    ...addressFields,
  })
  .superRefine(usState);
export type AddressData = z.input<typeof addressDataSchema>;

/** The address of a quick_rate item: first and last name optional there (v2-docs.md 3.2). */
export const quickRateAddressSchema = z
  .object({
    first_name: z.string().max(100).optional(),
    last_name: z.string().max(100).optional(),
    ...addressFields,
  })
  .superRefine(usState);

export const weightUnits = ['oz', 'lb'] as const;
export const dimensionUnits = ['in'] as const;

/**
 * A carrier's predefined package as v2 names it: upper case (USPS_LETTER,
 * v2-docs.md 4.2); the station's presets keep v1's lower-case codes
 * (legacy-v1-appendix.md) and the mapper upper-cases them.
 */
export const carrierPackageCodeSchema = z.string().regex(/^[A-Z0-9_]{2,60}$/, 'an upper-case package code such as USPS_LETTER');

/**
 * package_data (v2-docs.md 4.2, the 1.0.5 example): `type` "my_package" and,
 * for a carrier's own box, carrier_package_code beside it, as the example
 * sends both. No unit has a default: the mapper always names them.
 */
export const packageDataSchema = z.object({
  type: z.string().min(1),
  length: z.number().positive().max(120),
  width: z.number().positive().max(120),
  height: z.number().positive().max(120),
  dimension_unit: z.enum(dimensionUnits),
  weight: z.number().positive().max(2400),
  weight_unit: z.enum(weightUnits),
  carrier_package_code: carrierPackageCodeSchema.optional(),
});
export type PackageData = z.input<typeof packageDataSchema>;

export const signatureOptions = ['signature', 'adult_signature', 'usps_signature_restricted', 'usps_adult_signature_restricted'] as const;
export type SignatureOption = (typeof signatureOptions)[number];

/** The longest custom text the station puts on a label (the docs give no cap; assumptions.ts: label-text). */
export const LABEL_TEXT_MAX = 35;

/**
 * option_data (v2-docs.md 4.3, the 1.0.5 example): signature, the two custom
 * label texts, hazardous_materials and additional_handing, spelled as the
 * example spells it. is_lithium_battery is the project spec's
 * (assumptions.ts: option-data).
 */
export const optionDataSchema = z.object({
  signature: z.enum(signatureOptions).optional(),
  custom_text_on_label_1: z.string().trim().min(1).max(LABEL_TEXT_MAX).optional(),
  custom_text_on_label_2: z.string().trim().min(1).max(LABEL_TEXT_MAX).optional(),
  hazardous_materials: z.boolean().optional(),
  additional_handing: z.boolean().optional(),
  is_lithium_battery: z.boolean().optional(),
});
export type OptionData = z.input<typeof optionDataSchema>;

/** YYYY-MM-DD calendar date. */
export const isoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD');

/**
 * ship_date: the v2 format is not documented; the 1.0.5 example is ISO 8601
 * with a UTC offset ("2025-07-31T00:00:00+08:00"), which the station always
 * sends (shipping/wireMap.ts toWireShipDate). A bare calendar date is accepted too.
 */
export const shipDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2}))?$/, 'must be ISO 8601, e.g. 2025-07-31T00:00:00+08:00');

/** A charge component of a rate (price_details item). */
export const priceDetailSchema = z.looseObject({
  code: looseText,
  description: looseText.optional(),
  price: looseNumber,
});
export type PriceDetail = z.infer<typeof priceDetailSchema>;
