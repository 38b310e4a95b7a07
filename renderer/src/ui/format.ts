import type { StationAddress } from '../../../shared/contract/shippingTypes';
import { SERVICE_HOME_COUNTRY } from '../../../shared/domain/countries';
import { carrierWords, serviceCodeWords } from '../../../shared/domain/operatorWords';

export function money(amount: number | null | undefined, currency = 'USD'): string {
  if (amount === null || amount === undefined) return '—';
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency || 'USD' }).format(amount);
}

export function days(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  return value === 1 ? '1 day' : `${value} days`;
}

/** A local time as the event location reported it; the offset is kept, not converted. */
export function localTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(iso);
  if (!match) return iso;
  const offset = match[3] === 'Z' ? 'UTC' : match[3] ? `UTC${match[3]}` : '';
  return `${match[1]} ${match[2]}${offset ? ` (${offset})` : ''}`;
}

/** A moment shown in this bench's own time zone. */
export function benchTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

export function addressLines(address: StationAddress): readonly string[] {
  return [
    address.name,
    address.company ?? '',
    address.street,
    address.street2 ?? '',
    // City, state and postal code on one line as the country writes them without a state; the country only when it is not the service's home.
    [address.city, [address.state, address.zip].filter((part) => part.trim() !== '').join(' ')].filter((part) => part.trim() !== '').join(', ') +
      (address.country && address.country.toUpperCase() !== SERVICE_HOME_COUNTRY ? ` ${address.country}` : ''),
  ].filter((line) => line.trim() !== '');
}

export function todayIso(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** "USPS Priority Mail": the service's own name, which already carries the carrier, else the level in words ("UPS Ground" for UPS_GROUND). */
export function serviceWords(s: { readonly carrierCode?: string | null; readonly serviceName?: string | null; readonly serviceLevel?: string | null }): string {
  if (s.serviceName) return s.serviceName;
  if (s.serviceLevel) {
    const level = serviceCodeWords(s.serviceLevel);
    const carrier = s.carrierCode ? carrierWords(s.carrierCode) : '';
    return carrier && !level.toUpperCase().startsWith(carrier.toUpperCase()) ? `${carrier} ${level}` : level;
  }
  return s.carrierCode ? carrierWords(s.carrierCode) : '—';
}
