/**
 * The names the station reads a v2 answer under where the published docs do
 * not show it (v2-docs.md says "not in the stored copy"), and the loose
 * readers that use them. Every guess about the wire, answers and requests
 * alike, is an entry of the one registry (./registry.ts, `undocumentedShapes`),
 * which a test reads.
 *
 * The rule for all of them: read what is there, require only what the station
 * cannot act without, and keep working whichever plausible shape arrives.
 */

/** Where a purchase answer may carry the carrier tracking number (create_and_pay / direct_buy response not documented). */
export const TRACKING_NUMBER_KEYS = ['tracking_no', 'tracking_number', 'tracking_code', 'tracking_nos', 'master_tracking_no'] as const;

/** Where get_rates / quick_rate answers may carry the rate list (response not documented). */
export const RATE_LIST_KEYS = ['shipment_rate_data', 'rates', 'rate_list', 'shipment_rates'] as const;

/** Where a rate answer may carry per-carrier errors ("together with any error information", shape not documented). */
export const RATE_ERROR_KEYS = ['error_data', 'errors', 'error_list'] as const;

/**
 * Names a rate's price may arrive under. `price` first: the one public client
 * of this API reads it (v2-docs.md 9); the docs name none. Read with
 * readPrice, so two of them disagreeing refuses the rate instead of picking one.
 */
export const RATE_PRICE_KEYS = ['price', 'total_price', 'rate', 'amount', 'total_fee'] as const;

/** Names a rate's delivery date may arrive under (the public client reads delivery_date; v2-docs.md 9). */
export const RATE_DELIVERY_DATE_KEYS = ['delivery_date', 'estimated_delivery_date', 'estimate_delivery_date'] as const;

/** The service's own marks on a rate ("sorted by fastest, cheapest", v2-docs.md 3.3; the public client reads data.cheapest and data.fastest). */
export const RATE_MARKS = ['cheapest', 'fastest'] as const;
export type RateMark = (typeof RATE_MARKS)[number];

/** The rate_ids an answer's cheapest or fastest names: a rate_id, a rate, or a list of either. */
export function markedRateIds(value: unknown): string[] {
  if (typeof value === 'string' && value.trim() !== '') return [value.trim()];
  if (Array.isArray(value)) return value.flatMap(markedRateIds);
  const id = isRecord(value) ? pickText(value, ['rate_id']) : null;
  return id ? [id] : [];
}

/** A rate's marks: flagged on the rate itself (is_cheapest, cheapest: true) or named by the answer. */
export function rateMarks(rate: Loose, named: Readonly<Record<RateMark, readonly string[]>>): RateMark[] {
  const id = pickText(rate, ['rate_id']);
  return RATE_MARKS.filter((mark) => rate[`is_${mark}`] === true || rate[mark] === true || (id !== null && named[mark].includes(id)));
}

/** Names the insurance fee may arrive under in GET /api/shipment/insurance/rate (only rate_id is documented). */
export const INSURANCE_FEE_KEYS = ['insurance_fee', 'fee', 'price', 'premium', 'amount', 'rate'] as const;

/** Body of POST /api/scan_form/create_scan_form (not documented). */
export const SCAN_FORM_TRACKING_KEY = 'tracking_nos';

/** Body of POST /api/shipment/submit_pod (not documented; 1 to 3 recipients is). */
export const POD_KEYS = { tracking: 'tracking_no', emails: 'email_list' } as const;

/** Names a tracking event's time, status, text and place may arrive under (event shape not documented). */
export const EVENT_TIME_KEYS = ['event_time', 'scanned_time', 'time', 'date', 'event_date', 'datetime', 'timestamp'] as const;
export const EVENT_LOCAL_TIME_KEYS = ['event_time_local', 'scanned_time_local', 'local_time'] as const;
export const EVENT_STATUS_KEYS = ['status', 'event_status', 'code'] as const;
export const EVENT_TEXT_KEYS = ['description', 'message', 'event_description', 'status_description', 'detail'] as const;
export const EVENT_LOCATION_KEYS = ['location', 'event_location', 'tracking_location', 'address'] as const;
/** Names the event list of a tracking record may arrive under (only tracking_events is documented, on the platform_uk_id endpoint). */
export const EVENT_LIST_KEYS = ['tracking_events', 'events', 'event_list', 'history'] as const;

/** Parts of a location object (shape not documented). */
export const LOCATION_PART_KEYS = ['city', 'state', 'province', 'zip_code', 'zip', 'postal_code', 'country', 'country_code'] as const;

/** Where a scan form answer names the form itself besides scan_form_image. */
export const SCAN_FORM_ID_KEYS = ['scan_form_no', 'scan_form_id', 'batch_no', 'id'] as const;

/** Field names of address-validation errors/corrections items (arrays documented, items not). */
export const ISSUE_TEXT_KEYS = ['message', 'msg', 'description', 'text', 'code'] as const;

export type Loose = Readonly<Record<string, unknown>>;

export const isRecord = (value: unknown): value is Loose => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The first key of `keys` whose value is a non-empty string (or a number, as text). */
export function pickText(source: Loose, keys: readonly string[]): string | null {
  for (const key of keys) {
    const value = source[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  }
  return null;
}

/** The first key of `keys` whose value reads as a number. */
export function pickNumber(source: Loose, keys: readonly string[]): number | null {
  for (const key of keys) {
    const value = readNumber(source[key]);
    if (value !== null) return value;
  }
  return null;
}

/** A price read under every name it may arrive under: the amount they agree on (null when none is present), or each amount when they differ. */
export type PriceRead = { readonly price: number | null; readonly conflict?: undefined } | { readonly price?: undefined; readonly conflict: readonly number[] };

/**
 * Reads every key of `keys`, not the first present: an answer that names a
 * price twice with two amounts is a wrong price waiting to be shown, so it
 * fails closed. Amounts that round to the same cent agree ("5.1" and 5.10).
 */
export function readPrice(source: Loose, keys: readonly string[]): PriceRead {
  const amounts: number[] = [];
  for (const key of keys) {
    const value = readNumber(source[key]);
    if (value !== null && !amounts.some((a) => Math.round(a * 100) === Math.round(value * 100))) amounts.push(value);
  }
  return amounts.length > 1 ? { conflict: amounts } : { price: amounts[0] ?? null };
}

/** The first key of `keys` holding an array. */
export function pickArray(source: Loose, keys: readonly string[]): readonly unknown[] | null {
  for (const key of keys) {
    const value = source[key];
    if (Array.isArray(value)) return value;
  }
  return null;
}

/**
 * A number as the service may send it: a number, a numeric string ("4",
 * "$5.10", "1,234.50"), a range ("2-5", read as its upper bound, the cautious
 * end for a delivery promise) or nothing usable ("" or "N/A" read as null).
 */
export function readNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim().replace(/[$,]/g, '');
  if (text === '') return null;
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  const range = /^(\d+(?:\.\d+)?)\s*(?:-|–|to)\s*(\d+(?:\.\d+)?)/i.exec(text);
  if (range) return Number(range[2]);
  const leading = /^(\d+(?:\.\d+)?)/.exec(text);
  return leading ? Number(leading[1]) : null;
}

/** Joins a location object's parts ("AUSTIN, TX, 78701, US"); a string is shown as given. */
export function readPlace(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (!isRecord(value)) return null;
  const parts: string[] = [];
  for (const key of LOCATION_PART_KEYS) {
    const part = value[key];
    if (typeof part === 'string' && part.trim() !== '' && !parts.includes(part.trim())) parts.push(part.trim());
  }
  return parts.length > 0 ? parts.join(', ') : null;
}

/** One tracking event, whatever its field names. */
export interface LooseEvent {
  readonly time: string | null;
  readonly localTime: string | null;
  readonly status: string | null;
  readonly description: string | null;
  readonly location: string | null;
}

export function readEvent(value: unknown): LooseEvent | null {
  if (typeof value === 'string') return value.trim() ? { time: null, localTime: null, status: null, description: value.trim(), location: null } : null;
  if (!isRecord(value)) return null;
  let location: string | null = null;
  for (const key of EVENT_LOCATION_KEYS) location ??= readPlace(value[key]);
  location ??= readPlace(value);
  const event: LooseEvent = {
    time: pickText(value, EVENT_TIME_KEYS),
    localTime: pickText(value, EVENT_LOCAL_TIME_KEYS),
    status: pickText(value, EVENT_STATUS_KEYS),
    description: pickText(value, EVENT_TEXT_KEYS),
    location,
  };
  return event.time || event.status || event.description ? event : null;
}

/** Text of an address-validation error or correction item, whatever its shape. */
export function readIssue(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (!isRecord(value)) return null;
  return pickText(value, ISSUE_TEXT_KEYS);
}
