import type { z } from 'zod';
import type { addressDataSchema, packageDataSchema, quickRateAddressSchema } from '../../../shared/api/v2/common';
import { refuse } from '../errorCodes';
import { PREDEFINED_PACKAGES } from '../domain/catalog';
import { parseZip, stateCode } from '../domain/geo';
import { isPoBox } from '../domain/addressStd';
import { addDays } from '../../../shared/domain/pickupDate';
import { localDate } from '../domain/localTime';
import type { StoredAddress } from '../store/shipments';
import type { IssueCoder } from '../http/validate';

type AddressData = z.output<typeof addressDataSchema> | z.output<typeof quickRateAddressSchema>;
type PackageData = z.output<typeof packageDataSchema>;

/**
 * A v2 address checked enough to rate and print. U.S. addresses need a known
 * state and a well-formed ZIP; elsewhere the state is unrestricted and the
 * postal code is taken as given (v2-docs.md 4.1, 3.15).
 */
export function storedAddress(address: AddressData, field: string): StoredAddress {
  const country = address.country.toUpperCase();
  const name = [address.first_name, address.last_name].filter(Boolean).join(' ').trim();
  const common = {
    name: name || address.company_name || '',
    company: address.company_name ?? '',
    phone: address.phone ?? '',
    email: address.email ?? '',
    street: address.street.trim(),
    street2: address.street2?.trim() ?? '',
    city: address.city.trim(),
    residential: address.address_type ? address.address_type === 'residential' : !address.company_name,
  };
  if (country !== 'US') {
    if (!/^[A-Z]{2}$/.test(country)) refuse('address_country_unsupported', `${field}.country: "${address.country}" is not an ISO 3166-1 alpha-2 code.`);
    return { ...common, state: address.state.trim(), zip: address.zip_code.trim().toUpperCase(), country };
  }
  const state = stateCode(address.state);
  if (!state) refuse('address_state_invalid', `${field}.state: "${address.state}" is not a U.S. state code.`);
  const zip = parseZip(address.zip_code);
  if (!zip) refuse('address_zip_invalid', `${field}.zip_code: "${address.zip_code}" is not a U.S. ZIP code.`);
  return { ...common, state, zip: zip.zip4 ? `${zip.zip5}-${zip.zip4}` : zip.zip5, country: 'US' };
}

export const zip5 = (address: StoredAddress) => address.zip.slice(0, 5);
export const poBox = (address: StoredAddress) => isPoBox(address.street);

export interface NormalizedPackage {
  readonly packageType: string;
  readonly dims: readonly [number, number, number];
  readonly weightOz: number;
}

export function normalizePackage(pkg: PackageData): NormalizedPackage {
  const code = pkg.carrier_package_code?.toLowerCase() ?? pkg.type;
  const predefined = PREDEFINED_PACKAGES[code];
  if (code !== 'my_package' && !predefined) refuse('package_type_invalid', `package_data: "${pkg.carrier_package_code ?? pkg.type}" is not a known package code.`);
  const weightOz = pkg.weight_unit === 'lb' ? pkg.weight * 16 : pkg.weight;
  const dims = (predefined?.dims ?? [pkg.length, pkg.width, pkg.height]) as [number, number, number];
  return { packageType: code, dims, weightOz: Math.round(weightOz * 100) / 100 };
}

/** YYYY-MM-DD naming a real day (not 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

let shipWindow = { minute: -1, today: '', earliest: '', latest: '' };

/**
 * ship_date defaults to today in Los Angeles; it may not be in the past nor
 * more than 30 days out. ISO 8601 with an offset (as documented) counts by the
 * calendar date written in it, the shipper's own day.
 */
export function shipDate(written: string | undefined, now: Date): string {
  const value = written !== undefined && /^\d{4}-\d{2}-\d{2}T/.test(written) ? written.slice(0, 10) : written;
  // Formatting a zoned date is costly and this runs for every rate request: recompute once a minute.
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== shipWindow.minute) {
    const today = localDate(now, 'America/Los_Angeles');
    shipWindow = { minute, today, earliest: addDays(today, -1), latest: addDays(today, 30) };
  }
  const { today } = shipWindow;
  if (value === undefined) return today;
  if (!isCalendarDate(value)) refuse('ship_date_invalid', `ship_date ${written} is not ISO 8601 (2025-07-31T00:00:00+08:00).`);
  if (value < shipWindow.earliest || value > shipWindow.latest) refuse('ship_date_invalid', `ship_date ${value} is not between today and 30 days from now.`);
  return value;
}

/** Field paths of rate and label requests mapped to their own codes. */
export const addressIssueCoder: IssueCoder = (path) => {
  if (/address_data\.state$|pickup_location\.state$/.test(path)) return 'address_state_invalid';
  if (/address_data\.zip_code$/.test(path)) return 'address_zip_invalid';
  if (/address_data\.country$/.test(path)) return 'address_country_unsupported';
  if (/ship_date$/.test(path)) return 'ship_date_invalid';
  if (path === 'carrier_code') return 'carrier_unknown';
  if (/insured_value$/.test(path)) return 'insurance_value_invalid';
  if (/option_data\.signature$/.test(path)) return 'signature_not_supported';
  return undefined;
};

const deliveryDates = new Map<string, string>();

/** Calendar date delivery is expected: transit days counted, skipping Sundays (and Saturdays unless delivered then). */
export function deliveryDate(ship: string, days: number, saturday: boolean): string {
  const key = `${ship}|${days}|${saturday ? 1 : 0}`;
  const known = deliveryDates.get(key);
  if (known) return known;
  const date = new Date(`${ship}T12:00:00Z`);
  let left = days;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    const weekday = date.getUTCDay();
    if (weekday === 0 || (weekday === 6 && !saturday)) continue;
    left -= 1;
  }
  const result = date.toISOString().slice(0, 10);
  if (deliveryDates.size > 10_000) deliveryDates.clear();
  deliveryDates.set(key, result);
  return result;
}
