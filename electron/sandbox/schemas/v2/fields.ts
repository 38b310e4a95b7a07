import { z } from 'zod';

/**
 * The sandbox's own reading of the v2 request objects, written from
 * ../shared/reference/v2-docs.md and nothing of the station's: a key the
 * station invents cannot pass here because the station wrote it.
 *
 * Each object comes in two forms. `documented` holds only what the docs name;
 * the undocumented-key log (../undocumented.ts) compares requests against it.
 * `accepted` adds the few undocumented keys the sandbox acts on (each says
 * why); objects stay loose, so any other key is accepted, ignored and logged.
 * Where the docs give no type, flag or enum, the sandbox does not invent one.
 */

/** §4.1 Address fields every form shares; names are required everywhere but quick_rate (§3.2). */
function addressObject(namesRequired: boolean) {
  const name = namesRequired ? z.string().trim().min(1) : z.string().optional();
  return z.looseObject({
    first_name: name,
    last_name: name,
    company_name: z.string().optional(),
    /** Declared string; the docs' own examples send it as a bare number (§2.2). */
    phone: z.union([z.string(), z.number().transform(String)]).optional(),
    email: z.string().optional(),
    street: z.string().trim().min(1),
    street2: z.string().nullish(),
    city: z.string().trim().min(1),
    /** Required: a 2-letter code in the U.S. (checked where the country is known), unrestricted elsewhere. */
    state: z.string(),
    /** Present in every example; the required flag is not in the stored copy. */
    zip_code: z.string().optional(),
    /** ISO alpha-2 in every example; the flag is not in the stored copy, so a missing one reads as US. */
    country: z.string().optional(),
    /** Only `residential` is shown; other values are not refused. */
    address_type: z.string().optional(),
  });
}

export const addressSchema = addressObject(true);
export const quickRateAddressSchema = addressObject(false);
export type AddressData = z.output<typeof addressSchema> | z.output<typeof quickRateAddressSchema>;

const positive = z.number().positive();

/** §4.2 package_data (1.0.5 example): no flags and no enums are documented, so units default to the example's. */
export const packageDataSchema = z.looseObject({
  type: z.string().optional(),
  length: positive.optional(),
  width: positive.optional(),
  height: positive.optional(),
  dimension_unit: z.string().optional(),
  weight: positive,
  weight_unit: z.string().optional(),
  /** A predefined package, upper case (USPS_LETTER). */
  carrier_package_code: z.string().optional(),
});
export type PackageData = z.output<typeof packageDataSchema>;

/** §4.3 option_data (1.0.5 example); `additional_handing` is the docs' spelling. */
const documentedOptions = {
  signature: z.string().optional(),
  custom_text_on_label_1: z.string().optional(),
  custom_text_on_label_2: z.string().optional(),
  hazardous_materials: z.boolean().optional(),
  additional_handing: z.boolean().optional(),
};

export const optionDataSchema = {
  documented: z.looseObject(documentedOptions),
  accepted: z.looseObject({
    ...documentedOptions,
    // Undocumented: the project's spec asks for lithium batteries to be declared; no documented field exists.
    is_lithium_battery: z.boolean().optional(),
  }),
} as const;
export type OptionData = z.output<typeof optionDataSchema.accepted>;

/** §4.5 */
export const shipmentRateCarrierDataSchema = z.looseObject({
  provider_id: z.string().min(1),
  service_levels: z.array(z.string().min(1)).optional(),
});
export type ShipmentRateCarrierData = z.output<typeof shipmentRateCarrierDataSchema>;

/** §2.2: the only example is ISO 8601 with an offset; the v2 format is not in the stored copy. */
export const shipDateSchema = z.string().min(1);

/** One customs line as the sandbox reads it (v1's names: §4.4 lists no fields). */
const customsContentSchema = z.looseObject({
  description: z.string().trim().min(1),
  quantity: z.number().int().positive(),
  value: z.number().nonnegative(),
  weight: z.number().positive(),
  hs_tariff_number: z.string().optional(),
  origin_country: z.string().length(2),
});

/**
 * §4.4 custom_data: "fields not in the stored copy". Documented, it is any
 * object (so every key inside is logged); accepted, the sandbox reads v1's
 * customs names, the only published customs shape of this service.
 */
export const customDataSchema = {
  documented: z.looseObject({}),
  accepted: z.looseObject({
    contents_type: z.enum(['MERCHANDISE', 'GIFT', 'DOCUMENTS', 'RETURNED_GOODS', 'SAMPLE']),
    non_delivery_option: z.enum(['RETURN', 'ABANDON']),
    eel_pfc_type: z.enum(['ITN', 'EXEMPTION_CODE']),
    eel_pfc_code: z.string().trim().min(1),
    contents: z.array(customsContentSchema).default([]),
  }),
} as const;
export type CustomData = z.output<typeof customDataSchema.accepted>;

/** §5.5 label_print_type */
export const labelPrintTypes = ['common', 'qrcode', 'barcode'] as const;

/** §5.1 carrier_code of direct_buy */
export const directBuyCarrierCodes = ['USPS', 'UPS', 'FEDEX', 'DHL_EXPRESS', 'SWIFTX', 'GOFO_EXPRESS', 'UPS_CANADA'] as const;
