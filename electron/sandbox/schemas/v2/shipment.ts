import { z } from 'zod';
import {
  addressSchema,
  customDataSchema,
  directBuyCarrierCodes,
  labelPrintTypes,
  optionDataSchema,
  packageDataSchema,
  quickRateAddressSchema,
  shipDateSchema,
  shipmentRateCarrierDataSchema,
} from './fields';

/**
 * The Shipment endpoints' bodies (v2-docs.md §3.2-3.7), each as
 * `{documented, accepted}` (see ./fields.ts). The undocumented keys a form
 * accepts are the ones the sandbox acts on; the reason stands next to each.
 */

const documentedRateFields = {
  package_data: packageDataSchema,
  ship_date: shipDateSchema.optional(),
  option_data: optionDataSchema.documented.optional(),
  shipment_rate_carrier_data: z.array(shipmentRateCarrierDataSchema).optional(),
  custom_data: customDataSchema.documented.optional(),
};

const acceptedRateFields = {
  ...documentedRateFields,
  option_data: optionDataSchema.accepted.optional(),
  custom_data: customDataSchema.accepted.optional(),
  // Undocumented: v1 had options.require_saturday_delivery; v2 names no place for it, so it is read where the station sends it.
  require_saturday_delivery: z.boolean().optional(),
};

const quickRateAddresses = { request_unique_id: z.string().min(1), from_address_data: quickRateAddressSchema, to_address_data: quickRateAddressSchema };
const quickRateItem = z.looseObject({ ...quickRateAddresses, ...acceptedRateFields });

/** §3.2 v2: a bare array of 1 to 10 items (names optional here only; the 1.0.5 `rate_requests` wrapper is not v2's). */
export const quickRateSchema = {
  documented: z.array(z.looseObject({ ...quickRateAddresses, ...documentedRateFields })).min(1).max(10),
  accepted: z.array(quickRateItem).min(1).max(10),
} as const;
export type QuickRateItem = z.output<typeof quickRateItem>;

const rateAddresses = { from_address_data: addressSchema, to_address_data: addressSchema, return_address_data: addressSchema.optional() };

/** §3.3 */
export const getRatesSchema = {
  documented: z.looseObject({ ...rateAddresses, ...documentedRateFields }),
  accepted: z.looseObject({
    ...rateAddresses,
    ...acceptedRateFields,
    // Undocumented on get_rates (documented on create_and_pay): a return quote offers the USPS Returns levels.
    is_return_label: z.boolean().optional(),
  }),
} as const;
export type GetRatesRequest = z.output<typeof getRatesSchema.accepted>;

/**
 * §3.4 insurance_data: only rate_id is documented. The pay fields the sister
 * API's public client sends (§9: coverage, currency, rate, service_level) are
 * accepted and logged; the sandbox needs none of them, the rate_id names the quote.
 */
const insuranceDataSchema = z.looseObject({ rate_id: z.string().min(1) });

const createAndPay = z.looseObject({
  rate_id: z.string().min(1),
  platform_uk_id: z.string().min(1),
  insurance_data: insuranceDataSchema.optional(),
  label_print_type: z.enum(labelPrintTypes),
  is_return_label: z.boolean().optional(),
  is_exchange_label: z.boolean().optional(),
});

/** §3.4: label_print_type is required here (and only documented here). */
export const createAndPaySchema = { documented: createAndPay, accepted: createAndPay } as const;

const directBuyHead = {
  platform_uk_id: z.string().min(1),
  carrier_code: z.enum(directBuyCarrierCodes),
  service_level: z.string().min(1),
  ...rateAddresses,
  is_return_label: z.boolean().optional(),
  label_print_type: z.enum(labelPrintTypes).optional(),
};

/**
 * §3.5: the stored copy ends after service_level; the docs name the rest as
 * "addresses, package, options, label_print_type?". The sandbox reads them as
 * get_rates and create_and_pay document them, label_print_type not required.
 */
export const directBuySchema = {
  documented: z.looseObject({ ...directBuyHead, ...documentedRateFields }),
  accepted: z.looseObject({ ...directBuyHead, ...acceptedRateFields }),
} as const;
export type DirectBuyRequest = z.output<typeof directBuySchema.accepted>;

/** §3.6 void_label: no page. The sandbox voids by shipment_no or platform_uk_id (its own choice, logged). */
export const voidLabelSchema = {
  documented: z.looseObject({}),
  accepted: z.looseObject({ shipment_no: z.string().min(1).optional(), platform_uk_id: z.string().min(1).optional() }),
} as const;

/**
 * §3.7 insurance/rate: no page. The evidence (§9, the sister API's public
 * client) asks declared_value and service_level; the station's first guess,
 * insured_value, is still read when declared_value is absent. All are logged.
 */
export const insuranceRateQuerySchema = {
  documented: z.looseObject({}),
  accepted: z.looseObject({
    declared_value: z.number().positive().max(10_000).optional(),
    insured_value: z.number().positive().max(10_000).optional(),
    service_level: z.string().optional(),
    carrier_code: z.string().optional(),
  }),
} as const;
