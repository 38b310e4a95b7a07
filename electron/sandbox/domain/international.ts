/**
 * International shipments in the sandbox: the documented rules (v2-docs.md
 * 4.1 phone "required for international"; legacy-v1-openapi.yaml contents
 * "required for international", eel_pfc_type ITN or exemption) and the
 * international service levels of v2-docs.md 5.2, priced by country group
 * and weight. The sandbox keeps its own copy of these rules, apart from the
 * station's, as the real service would.
 */
import type { ServiceLevel } from './catalog';
import type { Quote, QuoteRefusal } from './pricing';
import { refuse } from '../errorCodes';

/** Value over which one HS line needs an ITN (15 CFR 30.37(a)), in cents. */
export const AES_LINE_LIMIT_CENTS = 250_000;

export interface CustomsContent {
  readonly description: string;
  readonly quantity: number;
  readonly value: number;
  readonly weight: number;
  readonly hs_tariff_number?: string | undefined;
  readonly origin_country: string;
}

export interface CustomsData {
  readonly contents_type: string;
  readonly non_delivery_option: string;
  readonly eel_pfc_type: string;
  readonly eel_pfc_code: string;
  readonly contents: readonly CustomsContent[];
}

interface IntlLevel extends ServiceLevel {
  /** Per country group (1 Canada/Mexico, 2 Europe/Australia/Japan, 3 elsewhere): base cents and days. */
  readonly groups: readonly [number, number, number];
  readonly only?: readonly string[];
}

const intl = (carrier: string, level: string, name: string, base: [number, number, number], perLb: number, days: [number, number, number], maxLb: number, extra: Partial<IntlLevel> = {}): IntlLevel => ({
  carrier,
  level,
  name,
  base: base[0],
  perLb,
  days,
  maxLb,
  groups: base,
  ...extra,
});

export const INTERNATIONAL_LEVELS: readonly IntlLevel[] = [
  intl('USPS', 'USPS_FIRST_CLASS_MAIL_INTERNATIONAL', 'USPS First-Class Package International', [1595, 1985, 2210], 0, [10, 12, 15], 4, { maxOz: 64 }),
  intl('USPS', 'USPS_PRIORITY_MAIL_INTERNATIONAL', 'USPS Priority Mail International', [4495, 5495, 6195], 520, [6, 8, 10], 66),
  intl('USPS', 'USPS_PRIORITY_MAIL_EXPRESS_INTERNATIONAL', 'USPS Priority Mail Express International', [5895, 7195, 7995], 690, [3, 5, 5], 66),
  intl('UPS', 'UPS_STANDARD', 'UPS Standard', [2895, 0, 0], 310, [4, 0, 0], 150, { only: ['CA', 'MX'] }),
  intl('UPS', 'UPS_WORLDWIDE_EXPEDITED', 'UPS Worldwide Expedited', [7850, 9450, 10950], 880, [4, 5, 6], 150),
  intl('UPS', 'UPS_WORLDWIDE_SAVER', 'UPS Worldwide Saver', [8995, 11250, 12995], 1020, [2, 3, 4], 150),
];

const GROUP_2 = new Set(['GB', 'IE', 'FR', 'DE', 'NL', 'BE', 'LU', 'AT', 'CH', 'IT', 'ES', 'PT', 'DK', 'SE', 'NO', 'FI', 'PL', 'CZ', 'AU', 'NZ', 'JP']);

export function countryGroup(country: string): 1 | 2 | 3 {
  if (country === 'CA' || country === 'MX') return 1;
  return GROUP_2.has(country) ? 2 : 3;
}

export function isInternationalLevel(level: string): boolean {
  return INTERNATIONAL_LEVELS.some((l) => l.level === level);
}

export function internationalLevel(level: string): IntlLevel | undefined {
  return INTERNATIONAL_LEVELS.find((l) => l.level === level);
}

/** A quote for an international level, or why it does not serve this country and weight. */
export function quoteInternational(level: IntlLevel, toCountry: string, weightOz: number): Quote | QuoteRefusal {
  if (level.only && !level.only.includes(toCountry)) return { carrier: level.carrier, level: level.level, code: 'service_level_not_international', msg: `${level.name} does not ship to ${toCountry}.` };
  const group = countryGroup(toCountry);
  const pounds = Math.max(1, Math.ceil(weightOz / 16));
  if (pounds > level.maxLb || (level.maxOz !== undefined && weightOz > level.maxOz)) {
    return { carrier: level.carrier, level: level.level, code: 'service_level_not_international', msg: `${level.name} takes packages up to ${level.maxOz ? `${level.maxOz} oz` : `${level.maxLb} lb`}.` };
  }
  const base = level.groups[group - 1] ?? level.base;
  const cents = base + (pounds - 1) * level.perLb;
  const lines = [{ code: 'base_rate', description: `${level.name}, country group ${group}`, cents }];
  return { carrier: level.carrier, level: level.level, name: level.name, zone: group, deliveryDays: level.days[group - 1] ?? 10, cents, lines, saturdayDelivery: false };
}

/**
 * The documented refusals for a shipment that leaves the origin country:
 * phones at both ends, customs unless the contents are documents, items
 * listed, and an ITN when one HS line is worth more than $2,500.
 */
export function checkInternational(from: { country: string; phone: string }, to: { country: string; phone: string }, customs: CustomsData | undefined): void {
  if (from.country === to.country) return;
  if (!to.phone.trim()) refuse('phone_required', 'to_address_data.phone: a phone number is required for international shipments.');
  if (!from.phone.trim()) refuse('phone_required', 'from_address_data.phone: a phone number is required for international shipments.');
  if (!customs) refuse('customs_required', 'custom_data: customs data is required for international shipments.');
  if (customs.contents_type !== 'DOCUMENTS' && customs.contents.length === 0) refuse('customs_contents_required');
  checkAesLines(customs, 'custom_data.eel_pfc_code');
}

/** An ITN when one HS line is worth more than $2,500, unless the shipper claims another exemption; `field` names the wire field in the refusal. */
export function checkAesLines(customs: CustomsData, field: string): void {
  const byCode = new Map<string, number>();
  customs.contents.forEach((item, i) => {
    const key = item.hs_tariff_number ?? `#${i}`;
    byCode.set(key, (byCode.get(key) ?? 0) + Math.round(item.value * 100) * item.quantity);
  });
  const over = [...byCode.entries()].find(([, cents]) => cents > AES_LINE_LIMIT_CENTS);
  if (over && customs.eel_pfc_type !== 'ITN' && /30\.37\(a\)/i.test(customs.eel_pfc_code)) {
    const what = over[0].startsWith('#') ? 'One item' : `HS ${over[0]}`;
    refuse('customs_itn_required', `${field}: ${what} is worth $${(over[1] / 100).toFixed(2)}; an ITN is required over $2,500.`);
  }
}
