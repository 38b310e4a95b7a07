/**
 * Address rules by country (issue 15). Carriers refuse a label whose state,
 * postal code or phone does not fit the destination, so the station checks
 * them before rating, in the operator's words. The US, Canada, the UK,
 * Australia and Germany get their real postal formats; elsewhere any
 * reasonable postal code is accepted (or none, where the country has none).
 */

/**
 * The service's home: ShipSaving sells U.S. postage and carrier labels, so an
 * address that names no country is taken to be in the United States. This is
 * the one place that assumption lives.
 */
export const SERVICE_HOME_COUNTRY = 'US';

const US_STATES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME',
  'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI',
  'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY',
  // Territories and military post offices, which USPS serves as domestic mail.
  'AS', 'GU', 'MP', 'PR', 'VI', 'UM', 'FM', 'MH', 'PW', 'AA', 'AE', 'AP',
] as const;

const CA_PROVINCES = ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'] as const;
const AU_STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;

interface CountryRule {
  /** What the country calls its first-level division, as the form labels it. */
  readonly regionWord: 'state' | 'province' | 'state or territory' | 'county' | 'region';
  /** Whether carriers need that division on the label. */
  readonly regionRequired: boolean;
  /** The only codes accepted, where the country has a fixed list. */
  readonly regions?: readonly string[];
  readonly postalWord: 'ZIP code' | 'postal code' | 'postcode' | 'PLZ';
  readonly postalPattern?: RegExp;
  /** Shown after "like" when the postal code does not fit. */
  readonly postalExample?: string;
  /** Puts a valid postal code in the form carriers print (upper case, one space). */
  readonly postalFormat?: (compact: string) => string;
}

const RULES: Readonly<Record<string, CountryRule>> = {
  US: { regionWord: 'state', regionRequired: true, regions: US_STATES, postalWord: 'ZIP code', postalPattern: /^\d{5}(-?\d{4})?$/, postalExample: '90210 or 90210-1234' },
  CA: {
    regionWord: 'province',
    regionRequired: true,
    regions: CA_PROVINCES,
    postalWord: 'postal code',
    postalPattern: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/,
    postalExample: 'K1A 0B1',
    postalFormat: (c) => `${c.slice(0, 3)} ${c.slice(3)}`,
  },
  GB: {
    regionWord: 'county',
    regionRequired: false,
    postalWord: 'postcode',
    postalPattern: /^(GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/,
    postalExample: 'SW1A 1AA',
    postalFormat: (c) => `${c.slice(0, -3)} ${c.slice(-3)}`,
  },
  AU: { regionWord: 'state or territory', regionRequired: true, regions: AU_STATES, postalWord: 'postcode', postalPattern: /^\d{4}$/, postalExample: '2000' },
  DE: { regionWord: 'state', regionRequired: false, postalWord: 'PLZ', postalPattern: /^\d{5}$/, postalExample: '10115' },
  // Other countries whose carriers want the state or province on the label.
  MX: { regionWord: 'state', regionRequired: true, postalWord: 'postal code' },
  BR: { regionWord: 'state', regionRequired: true, postalWord: 'postal code' },
  IN: { regionWord: 'state', regionRequired: true, postalWord: 'postal code' },
  CN: { regionWord: 'province', regionRequired: true, postalWord: 'postal code' },
};

const ELSEWHERE: CountryRule = { regionWord: 'region', regionRequired: false, postalWord: 'postal code' };

/** Permissive rule for countries without a known format: letters, digits, spaces and dashes. */
const LOOSE_POSTAL = /^[A-Z0-9][A-Z0-9 -]{1,10}$/;

/** Places with no postal codes at all, where an empty one is right. */
const NO_POSTAL_CODES = new Set(['AE', 'AG', 'AO', 'AW', 'BS', 'BZ', 'BF', 'BJ', 'BO', 'BW', 'CW', 'FJ', 'GH', 'HK', 'IE', 'JM', 'KI', 'KN', 'MO', 'QA', 'SB', 'TT', 'TV', 'UG', 'VU', 'YE', 'ZW']);

const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

function ruleOf(country: string): CountryRule {
  return RULES[country.toUpperCase()] ?? ELSEWHERE;
}

/** "Canada" for CA; undefined for a code that names no country. */
export function countryName(code: string): string | undefined {
  if (!/^[A-Za-z]{2}$/.test(code)) return undefined;
  const upper = code.toUpperCase();
  // Reserved and private-use codes (XK aside) name no country a carrier ships to; carriers know the UK as GB.
  if (/^(AA|Q[M-Z]|X[A-JL-Z]|ZZ|EU|UN|EZ|UK)$/.test(upper)) return undefined;
  const name = names.of(upper);
  return name === undefined || name === upper ? undefined : name;
}

export function isCountryCode(code: string): boolean {
  return countryName(code) !== undefined;
}

/** True when the shipment leaves the origin country, so carriers want phones and customs. */
export function isInternational(from: string, to: string): boolean {
  return from.trim().toUpperCase() !== to.trim().toUpperCase();
}

export function regionWord(country: string): CountryRule['regionWord'] {
  return ruleOf(country).regionWord;
}

export function postalWord(country: string): CountryRule['postalWord'] {
  return ruleOf(country).postalWord;
}

export function regionRequired(country: string): boolean {
  return ruleOf(country).regionRequired;
}

/** Whether the country has postal codes a carrier needs; false only where the country has none. */
export function postalRequired(country: string): boolean {
  return !NO_POSTAL_CODES.has(country.toUpperCase());
}

/** The fixed list of state or province codes, where the country has one. */
export function regionCodes(country: string): readonly string[] | undefined {
  return ruleOf(country).regions;
}

/** Upper case, single spaces, and the country's own spacing (k1a0b1 -> K1A 0B1). */
export function normalizePostalCode(country: string, postal: string): string {
  const rule = ruleOf(country);
  const upper = postal.trim().toUpperCase().replace(/\s+/g, ' ');
  if (rule.postalPattern && rule.postalFormat && rule.postalPattern.test(upper)) return rule.postalFormat(upper.replace(/ /g, ''));
  return upper;
}

export interface AddressLike {
  readonly state?: string | undefined;
  readonly zip?: string | undefined;
  readonly country: string;
  readonly phone?: string | undefined;
}

export type AddressField = 'country' | 'state' | 'zip' | 'phone';

export interface AddressProblem {
  readonly field: AddressField;
  readonly message: string;
}

function inCountry(country: string): string {
  const name = countryName(country) ?? country;
  return /^(United|Netherlands|Philippines|Bahamas|Czechia|Gambia)/.test(name) ? `the ${name}` : name;
}

function checkRegion(country: string, state: string): AddressProblem | null {
  const rule = ruleOf(country);
  const where = inCountry(country);
  if (state === '') return rule.regionRequired ? { field: 'state', message: `Enter the ${rule.regionWord} (addresses in ${where} need one)` } : null;
  if (!rule.regions) return state.length > 40 ? { field: 'state', message: `The ${rule.regionWord} is too long (at most 40 characters)` } : null;
  if (rule.regions.includes(state.toUpperCase())) return null;
  const hint = US_STATES.includes(state.toUpperCase() as (typeof US_STATES)[number]) && country.toUpperCase() !== 'US' ? ' (that is a U.S. state)' : '';
  const list = rule.regions.length <= 20 ? `; use one of ${rule.regions.join(', ')}` : `; use its two-letter code, such as CA or NY`;
  return { field: 'state', message: `"${state}" is not a ${rule.regionWord} of ${where}${hint}${list}` };
}

function checkPostal(country: string, zip: string): AddressProblem | null {
  const rule = ruleOf(country);
  const where = inCountry(country);
  const upper = zip.trim().toUpperCase();
  if (upper === '') return postalRequired(country) ? { field: 'zip', message: `Enter the ${rule.postalWord} (addresses in ${where} need one)` } : null;
  const pattern = rule.postalPattern ?? LOOSE_POSTAL;
  if (pattern.test(upper)) return null;
  const like = rule.postalExample ? `; it looks like ${rule.postalExample}` : '';
  return { field: 'zip', message: `"${zip.trim()}" is not a ${rule.postalWord} of ${where}${like}` };
}

const PHONE = /^\+?[0-9 ().\-/]{6,30}$/;

function checkPhone(phone: string, needed: boolean, whose: string): AddressProblem | null {
  if (phone === '') return needed ? { field: 'phone', message: `Enter ${whose} phone number: carriers need it on shipments that leave the country` } : null;
  const digits = phone.replace(/\D/g, '').length;
  if (!PHONE.test(phone) || digits < 6 || digits > 15) return { field: 'phone', message: `"${phone}" does not look like a phone number (6 to 15 digits)` };
  return null;
}

export interface AddressRuleOptions {
  /** The other end's country: a phone is required when the two differ. */
  readonly otherCountry?: string;
  /** "the recipient's" or "the ship-from"; used in the phone message. */
  readonly whose?: string;
}

/** Every country rule the address breaks, one message per field, in the order a form shows them. */
export function addressProblems(address: AddressLike, options: AddressRuleOptions = {}): AddressProblem[] {
  const country = address.country.trim().toUpperCase();
  if (!isCountryCode(country)) {
    const hint = country === 'UK' ? 'the United Kingdom is GB' : 'use two letters, such as US, CA or GB';
    return [{ field: 'country', message: `"${address.country.trim()}" is not a country code; ${hint}` }];
  }
  const problems: AddressProblem[] = [];
  const region = checkRegion(country, (address.state ?? '').trim());
  if (region) problems.push(region);
  const postal = checkPostal(country, address.zip ?? '');
  if (postal) problems.push(postal);
  const needed = options.otherCountry !== undefined && isInternational(country, options.otherCountry);
  const phone = checkPhone((address.phone ?? '').trim(), needed, options.whose ?? "the recipient's");
  if (phone) problems.push(phone);
  return problems;
}
