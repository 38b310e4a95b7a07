/**
 * Words for the operator where the service or the store speaks in codes:
 * statuses (VOIDED, CONFIRMED), service levels (UPS_GROUND) and counts
 * ("1 label", "2 labels"). A code the station does not know still reads as
 * words, never as the code itself.
 */

/** "1 label", "3 labels"; `many` for the words whose plural is not the word + s. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

const CARRIERS: Readonly<Record<string, string>> = {
  USPS: 'USPS',
  UPS: 'UPS',
  DHL: 'DHL',
  FEDEX: 'FedEx',
  CANADAPOST: 'Canada Post',
  CANADA_POST: 'Canada Post',
  ONTRAC: 'OnTrac',
};

/** Parts of a code kept in capitals: carriers and the few abbreviations a service name carries. */
const CAPITALS = new Set(['USPS', 'UPS', 'DHL', 'DDP', 'DDU', 'PO', 'US', 'UK', 'EU', 'SCAN', 'AM', 'PM']);

const STATUSES: Readonly<Record<string, string>> = {
  // The station's own words spell it the American way ("the pickup was canceled").
  CANCELED: 'Canceled',
  CANCELLED: 'Canceled',
  IN_TRANSIT: 'In transit',
  OUT_FOR_DELIVERY: 'Out for delivery',
  PRE_TRANSIT: 'Label made, not yet with the carrier',
  RETURN_TO_SENDER: 'Returned to sender',
};

function wordOf(part: string): string {
  const upper = part.toUpperCase();
  if (CARRIERS[upper]) return CARRIERS[upper];
  if (/^\d+(ST|ND|RD|TH)$/.test(upper)) return upper.toLowerCase();
  if (CAPITALS.has(upper) || /\d/.test(part)) return upper;
  return upper.charAt(0) + upper.slice(1).toLowerCase();
}

const partsOf = (code: string): string[] => code.trim().split(/[_\s]+/).filter((part) => part !== '');

/** "FedEx" for FEDEX, "Canada Post" for CANADA_POST; an unknown carrier code reads as words. */
export function carrierWords(code: string | null | undefined): string {
  if (!code) return '—';
  return CARRIERS[code.trim().toUpperCase()] ?? partsOf(code).map(wordOf).join(' ');
}

/** "UPS Ground" for UPS_GROUND, "USPS Priority Mail" for USPS_PRIORITY_MAIL: for a service with no name from rates. */
export function serviceCodeWords(code: string | null | undefined): string {
  if (!code) return '—';
  // A name the service already gave ("USPS Priority Mail") is left as it is.
  if (!/^[A-Z0-9_]+$/.test(code.trim())) return code.trim();
  return partsOf(code).map(wordOf).join(' ');
}

/** "Voided" for VOIDED or voided, "In transit" for IN_TRANSIT. */
export function statusWords(code: string | null | undefined): string {
  if (!code) return '—';
  const upper = code.trim().toUpperCase().replaceAll(' ', '_');
  const known = STATUSES[upper];
  if (known) return known;
  const words = partsOf(code).join(' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
