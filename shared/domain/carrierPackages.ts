/**
 * The carriers' predefined packages (legacy-v1-appendix.md, "Predefined
 * Carrier Packages"), kept in v1's lower case as the station's presets keep
 * them; v2 takes them upper case as package_data.carrier_package_code.
 */
export const carrierPackageCodes = [
  'usps_postcard',
  'usps_letter',
  'usps_large_envelope_or_flat',
  'usps_thick_envelope',
  'usps_small_flat_rate_box',
  'usps_medium_flat_rate_box',
  'usps_large_flat_rate_box',
  'usps_flat_rate_envelope',
  'usps_padded_flat_rate_envelope',
  'usps_legal_flat_rate_envelope',
  'ups_letter',
  'ups_25kg_box',
  'ups_10kg_box',
  'ups_tube',
  'ups_pak',
  'ups_express_box_small',
  'ups_express_box_medium',
  'ups_express_box_large',
  'fedex_pak',
  'fedex_tube',
  'fedex_small_box',
  'fedex_medium_box',
  'fedex_large_box',
  'fedex_extra_large_box',
  'dhl_express_jumbo_document',
  'dhl_express_jumbo_parcel',
  'dhl_express_document',
  'dhl_express_flyer',
  'dhl_express_domestic',
  'dhl_express_express_document',
  'dhl_express_envelope',
  'dhl_express_jumbo_box',
  'dhl_express_jumbo_junior_document',
  'dhl_express_junior_jumbo_box',
  'dhl_express_jumbo_junior_parcel',
  'dhl_express_other_dhl_packaging',
  'dhl_express_parcel',
] as const;

/** The station's code for a package typed in either case (usps_letter, USPS_LETTER), or null when no carrier has it. */
export function carrierPackageCode(typed: string): string | null {
  const code = typed.trim().toLowerCase();
  return (carrierPackageCodes as readonly string[]).includes(code) ? code : null;
}
