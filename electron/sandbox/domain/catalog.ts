/**
 * The sandbox account's carriers and service levels (names after
 * legacy-v1-appendix.md; v2 levels are the upper-case service types). Prices
 * are cents: base for the first pound, perLb for each further pound, both
 * scaled by zone. days[z-1] is the transit time for zone z.
 */
export interface ServiceLevel {
  readonly carrier: string;
  readonly level: string;
  readonly name: string;
  readonly base: number;
  readonly perLb: number;
  readonly days: readonly number[];
  /** Saturday delivery offered, and its surcharge in cents. */
  readonly saturday?: number;
  readonly maxLb: number;
  /** Only reachable by direct_buy (USPS Returns) or get_rates with is_return_label. */
  readonly returnOnly?: boolean;
  /** FedEx Home Delivery is residential only, FedEx Ground commercial only. */
  readonly residential?: boolean;
  /** Weight band (ounces) outside which the level is simply not offered (UPS Ground Saver tiers, First-Class). */
  readonly minOz?: number;
  readonly maxOz?: number;
  /** Only these package types (First-Class Mail: letters and flats). */
  readonly packageTypes?: readonly string[];
}

export interface Carrier {
  readonly code: string;
  readonly name: string;
  /** Divisor for dimensional weight (cubic inches per pound). */
  readonly dimDivisor: number;
  readonly deliversPoBox: boolean;
  readonly contiguousOnly: boolean;
}

export const CARRIERS: readonly Carrier[] = [
  { code: 'USPS', name: 'USPS', dimDivisor: 166, deliversPoBox: true, contiguousOnly: false },
  { code: 'UPS', name: 'UPS', dimDivisor: 139, deliversPoBox: false, contiguousOnly: false },
  { code: 'FEDEX', name: 'FedEx', dimDivisor: 139, deliversPoBox: false, contiguousOnly: false },
  { code: 'DHL_EXPRESS', name: 'DHL Express', dimDivisor: 139, deliversPoBox: false, contiguousOnly: false },
  { code: 'SWIFTX', name: 'SwiftX', dimDivisor: 166, deliversPoBox: false, contiguousOnly: true },
];

const d = (...days: number[]) => days;

export const SERVICE_LEVELS: readonly ServiceLevel[] = [
  { carrier: 'USPS', level: 'USPS_GROUND_ADVANTAGE', name: 'USPS Ground Advantage', base: 495, perLb: 92, days: d(2, 2, 3, 3, 4, 4, 5, 5, 7), saturday: 350, maxLb: 70 },
  { carrier: 'USPS', level: 'USPS_PRIORITY_MAIL', name: 'USPS Priority Mail', base: 895, perLb: 135, days: d(1, 2, 2, 2, 3, 3, 3, 3, 4), saturday: 400, maxLb: 70 },
  { carrier: 'USPS', level: 'USPS_PRIORITY_MAIL_EXPRESS', name: 'USPS Priority Mail Express', base: 2995, perLb: 310, days: d(1, 1, 1, 2, 2, 2, 2, 2, 3), saturday: 1250, maxLb: 70 },
  { carrier: 'USPS', level: 'USPS_FIRST_CLASS_MAIL', name: 'USPS First-Class Mail', base: 139, perLb: 0, days: d(2, 2, 3, 3, 3, 3, 4, 4, 5), maxLb: 1, maxOz: 13, packageTypes: ['usps_letter', 'usps_large_envelope_or_flat'] },
  { carrier: 'USPS', level: 'USPS_LIBRARY_MAIL', name: 'USPS Library Mail', base: 399, perLb: 70, days: d(3, 4, 5, 6, 7, 8, 8, 8, 9), maxLb: 70 },
  { carrier: 'USPS', level: 'USPS_MEDIA_MAIL', name: 'USPS Media Mail', base: 419, perLb: 74, days: d(3, 4, 5, 6, 7, 8, 8, 8, 9), maxLb: 70 },
  { carrier: 'USPS', level: 'USPS_GROUND_ADVANTAGE_RETURN', name: 'USPS Ground Advantage Return', base: 525, perLb: 95, days: d(2, 2, 3, 3, 4, 4, 5, 5, 7), maxLb: 70, returnOnly: true },
  { carrier: 'USPS', level: 'USPS_PRIORITY_MAIL_RETURN', name: 'USPS Priority Mail Return', base: 925, perLb: 138, days: d(1, 2, 2, 2, 3, 3, 3, 3, 4), maxLb: 70, returnOnly: true },
  { carrier: 'USPS', level: 'USPS_PRIORITY_MAIL_EXPRESS_RETURN', name: 'USPS Priority Mail Express Return', base: 3095, perLb: 315, days: d(1, 1, 1, 2, 2, 2, 2, 2, 3), maxLb: 70, returnOnly: true },
  { carrier: 'UPS', level: 'UPS_GROUND', name: 'UPS Ground', base: 1045, perLb: 118, days: d(1, 1, 2, 3, 3, 4, 4, 5, 6), maxLb: 150 },
  { carrier: 'UPS', level: 'UPS_SUREPOST_LESS_THAN_1_LB', name: 'UPS Ground Saver (under 1 lb)', base: 745, perLb: 0, days: d(2, 3, 3, 4, 4, 5, 5, 6, 7), maxLb: 1, maxOz: 15.99 },
  { carrier: 'UPS', level: 'UPS_SUREPOST_1_LB_OR_GREATER', name: 'UPS Ground Saver', base: 895, perLb: 95, days: d(2, 3, 3, 4, 4, 5, 5, 6, 7), maxLb: 70, minOz: 16 },
  { carrier: 'UPS', level: 'UPS_3_DAY_SELECT', name: 'UPS 3 Day Select', base: 1890, perLb: 205, days: d(3, 3, 3, 3, 3, 3, 3, 3, 3), maxLb: 150 },
  { carrier: 'UPS', level: 'UPS_2ND_DAY_AIR', name: 'UPS 2nd Day Air', base: 2460, perLb: 265, days: d(2, 2, 2, 2, 2, 2, 2, 2, 2), saturday: 1600, maxLb: 150 },
  { carrier: 'UPS', level: 'UPS_2ND_DAY_AIR_AM', name: 'UPS 2nd Day Air A.M.', base: 2890, perLb: 290, days: d(2, 2, 2, 2, 2, 2, 2, 2, 2), maxLb: 150 },
  { carrier: 'UPS', level: 'UPS_NEXT_DAY_AIR_SAVER', name: 'UPS Next Day Air Saver', base: 4350, perLb: 410, days: d(1, 1, 1, 1, 1, 1, 1, 1, 2), maxLb: 150 },
  { carrier: 'UPS', level: 'UPS_NEXT_DAY_AIR', name: 'UPS Next Day Air', base: 4790, perLb: 445, days: d(1, 1, 1, 1, 1, 1, 1, 1, 2), saturday: 1600, maxLb: 150 },
  { carrier: 'UPS', level: 'UPS_NEXT_DAY_AIR_EARLY', name: 'UPS Next Day Air Early', base: 7990, perLb: 480, days: d(1, 1, 1, 1, 1, 1, 1, 1, 2), maxLb: 150 },
  { carrier: 'FEDEX', level: 'FEDEX_GROUND', name: 'FedEx Ground', base: 1035, perLb: 116, days: d(1, 1, 2, 3, 3, 4, 4, 5, 6), maxLb: 150, residential: false },
  { carrier: 'FEDEX', level: 'FEDEX_HOME_DELIVERY', name: 'FedEx Home Delivery', base: 1075, perLb: 118, days: d(1, 1, 2, 3, 3, 4, 4, 5, 6), saturday: 0, maxLb: 70, residential: true },
  { carrier: 'FEDEX', level: 'FEDEX_EXPRESS_SAVER', name: 'FedEx Express Saver', base: 1840, perLb: 198, days: d(3, 3, 3, 3, 3, 3, 3, 3, 3), maxLb: 150 },
  { carrier: 'FEDEX', level: 'FEDEX_2_DAY', name: 'FedEx 2Day', base: 2390, perLb: 258, days: d(2, 2, 2, 2, 2, 2, 2, 2, 2), saturday: 1600, maxLb: 150 },
  { carrier: 'FEDEX', level: 'FEDEX_2_DAY_AM', name: 'FedEx 2Day A.M.', base: 2790, perLb: 282, days: d(2, 2, 2, 2, 2, 2, 2, 2, 2), maxLb: 150 },
  { carrier: 'FEDEX', level: 'FEDEX_STANDARD_OVERNIGHT', name: 'FedEx Standard Overnight', base: 4290, perLb: 402, days: d(1, 1, 1, 1, 1, 1, 1, 1, 2), maxLb: 150 },
  { carrier: 'FEDEX', level: 'FEDEX_PRIORITY_OVERNIGHT', name: 'FedEx Priority Overnight', base: 4690, perLb: 438, days: d(1, 1, 1, 1, 1, 1, 1, 1, 2), saturday: 1600, maxLb: 150 },
  { carrier: 'FEDEX', level: 'FEDEX_FIRST_OVERNIGHT', name: 'FedEx First Overnight', base: 7890, perLb: 470, days: d(1, 1, 1, 1, 1, 1, 1, 1, 2), maxLb: 150 },
  { carrier: 'DHL_EXPRESS', level: 'DHL_EXPRESS_DOMESTIC_EXPRESS', name: 'DHL Express Domestic Express', base: 4490, perLb: 395, days: d(1, 1, 1, 1, 1, 1, 1, 2, 2), saturday: 1800, maxLb: 150 },
  { carrier: 'DHL_EXPRESS', level: 'DHL_EXPRESS_DOMESTIC_EXPRESS_1200', name: 'DHL Express Domestic Express 12:00', base: 5290, perLb: 420, days: d(1, 1, 1, 1, 1, 1, 1, 2, 2), maxLb: 150 },
  { carrier: 'DHL_EXPRESS', level: 'DHL_EXPRESS_DOMESTIC_EXPRESS_0900', name: 'DHL Express Domestic Express 9:00', base: 6990, perLb: 455, days: d(1, 1, 1, 1, 1, 1, 1, 2, 2), maxLb: 150 },
  { carrier: 'SWIFTX', level: 'SWIFTX_EXP', name: 'SwiftX Express', base: 745, perLb: 88, days: d(1, 2, 2, 2, 2, 3, 3, 3, 3), maxLb: 50 },
];

const LEVELS = new Map(SERVICE_LEVELS.map((s) => [s.level, s]));
const CARRIER_BY_CODE = new Map(CARRIERS.map((c) => [c.code, c]));

export function findLevel(level: string): ServiceLevel | undefined {
  return LEVELS.get(level.toUpperCase());
}

export function findCarrier(code: string): Carrier | undefined {
  return CARRIER_BY_CODE.get(code.toUpperCase());
}

/** The v1 spelling of a level: lower-case service_type (`usps_ground_advantage`). */
export function v1ServiceType(level: string): string {
  return level.toLowerCase();
}

export const GROUND_ADVANTAGE = 'USPS_GROUND_ADVANTAGE';

/** Predefined package codes from the appendix, with outer dimensions (in) used for rating. */
export const PREDEFINED_PACKAGES: Readonly<Record<string, { carrier: string; dims: readonly [number, number, number]; flatRate?: number }>> = {
  usps_postcard: { carrier: 'USPS', dims: [6, 4, 0.1] },
  usps_letter: { carrier: 'USPS', dims: [11.5, 6.1, 0.25] },
  usps_large_envelope_or_flat: { carrier: 'USPS', dims: [15, 12, 0.75] },
  usps_thick_envelope: { carrier: 'USPS', dims: [12, 9, 1] },
  usps_small_flat_rate_box: { carrier: 'USPS', dims: [8.6, 5.4, 1.6], flatRate: 1045 },
  usps_medium_flat_rate_box: { carrier: 'USPS', dims: [11, 8.5, 5.5], flatRate: 1840 },
  usps_large_flat_rate_box: { carrier: 'USPS', dims: [12, 12, 5.5], flatRate: 2495 },
  usps_flat_rate_envelope: { carrier: 'USPS', dims: [12.5, 9.5, 0.5], flatRate: 985 },
  usps_padded_flat_rate_envelope: { carrier: 'USPS', dims: [12.5, 9.5, 1], flatRate: 1065 },
  usps_legal_flat_rate_envelope: { carrier: 'USPS', dims: [15, 9.5, 0.5], flatRate: 1015 },
  ups_letter: { carrier: 'UPS', dims: [12.5, 9.5, 0.25] },
  ups_pak: { carrier: 'UPS', dims: [16, 12.75, 2] },
  ups_tube: { carrier: 'UPS', dims: [38, 6, 6] },
  ups_express_box_small: { carrier: 'UPS', dims: [13, 11, 2] },
  ups_express_box_medium: { carrier: 'UPS', dims: [16, 11, 3] },
  ups_express_box_large: { carrier: 'UPS', dims: [18, 13, 3] },
  ups_10kg_box: { carrier: 'UPS', dims: [16.5, 13.25, 10.75] },
  ups_25kg_box: { carrier: 'UPS', dims: [19.75, 17.75, 13.25] },
  fedex_pak: { carrier: 'FEDEX', dims: [15.5, 12, 1.5] },
  fedex_tube: { carrier: 'FEDEX', dims: [38, 6, 6] },
  fedex_small_box: { carrier: 'FEDEX', dims: [12.25, 10.9, 1.5] },
  fedex_medium_box: { carrier: 'FEDEX', dims: [13.25, 11.5, 2.4] },
  fedex_large_box: { carrier: 'FEDEX', dims: [17.9, 12.4, 3] },
  fedex_extra_large_box: { carrier: 'FEDEX', dims: [15.75, 14.1, 6] },
  dhl_express_envelope: { carrier: 'DHL_EXPRESS', dims: [13.8, 9.8, 0.5] },
  dhl_express_flyer: { carrier: 'DHL_EXPRESS', dims: [15.7, 11.8, 1] },
  dhl_express_document: { carrier: 'DHL_EXPRESS', dims: [12.6, 9.4, 0.5] },
  dhl_express_parcel: { carrier: 'DHL_EXPRESS', dims: [13, 10, 4] },
  dhl_express_jumbo_box: { carrier: 'DHL_EXPRESS', dims: [17.3, 16.6, 14.6] },
};
