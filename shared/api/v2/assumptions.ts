/**
 * Every assumption the station makes about a v2 shape the published docs do
 * not show (v2-docs.md says "not in the stored copy"). Nothing else in the
 * station guesses a field name: the schemas and clients ask here. Each entry of
 * `undocumentedShapes` says what is assumed, where it is used and what a wire
 * capture (`--capture-wire DIR`) of a live account would settle.
 *
 * The rule for all of them: read what is there, require only what the station
 * cannot act without, and keep working whichever plausible shape arrives.
 */

export interface Assumption {
  readonly id: string;
  readonly endpoint: string;
  readonly assumed: string;
  readonly captureReveals: string;
}

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

/** Names the insurance fee may arrive under in GET /api/shipment/insurance/rate (only rate_id is documented). */
export const INSURANCE_FEE_KEYS = ['insurance_fee', 'fee', 'price', 'premium', 'amount', 'rate'] as const;

/** Query parameters of GET /api/shipment/insurance/rate (not documented). */
export const INSURANCE_QUERY = { amount: 'insured_value', carrier: 'carrier_code', service: 'service_level' } as const;

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

export const undocumentedShapes: readonly Assumption[] = [
  {
    id: 'purchase-answer',
    endpoint: 'POST /api/shipment/create_and_pay, /api/shipment/direct_buy',
    assumed: `Tracking number under one of ${TRACKING_NUMBER_KEYS.join(', ')}; labels as label_data (base64 PNG) and/or label_urls (spec); everything else (fees, shipment_no, carrier, service) optional and taken from the request when absent. An answer without them goes to the label salvage (any tracking-like string, any base64 PNG, any URL).`,
    captureReveals: 'the real field names for tracking number, fees, shipment number, carrier and service; whether label_data is always filled',
  },
  {
    id: 'rate-answer',
    endpoint: 'POST /api/shipment/get_rates, /api/shipment/batch/quick_rate',
    assumed: `data is an object with the rate list under one of ${RATE_LIST_KEYS.join(', ')} (or data is the list itself); quick_rate answers a list of {request_unique_id, <rate list>}; price under one of ${RATE_PRICE_KEYS.join(', ')}, and when two of them are present with different amounts the rate is refused with words (listed beside the quote like a carrier's error), never shown at either price; carrier_code/service_level/service_name/delivery_days optional; delivery_days may be a number, a string, "" or a range ("2-5", read as its upper bound); a rate that cannot be read is left out, never the whole quote.`,
    captureReveals: 'the rate object field names and types, the error list shape, whether quick_rate wraps its answer',
  },
  {
    id: 'insurance-rate',
    endpoint: 'GET /api/shipment/insurance/rate',
    assumed: `Query ${INSURANCE_QUERY.amount} (USD), optional ${INSURANCE_QUERY.carrier}/${INSURANCE_QUERY.service}; answer carries rate_id (documented by create_and_pay) and the fee under one of ${INSURANCE_FEE_KEYS.join(', ')} (fee unknown when none is present).`,
    captureReveals: 'the query parameter names and the fee field',
  },
  {
    id: 'void-answer',
    endpoint: 'POST /api/shipment/void_label',
    assumed: 'Body {platform_uk_id} (spec: shipment_no or platform_uk_id); the answer is not read beyond the envelope: code "ok" means voided.',
    captureReveals: 'whether the answer carries a refund amount or status worth showing',
  },
  {
    id: 'tracking-record',
    endpoint: 'GET /api/shipment/tracking_by_platform_uk_id, tracking_by_tracking_no, direct/tracking_by_tracking_no',
    assumed: `data is one latest-record object; events under one of ${EVENT_LIST_KEYS.join(', ')}; an event's time/status/text/place under the first present of ${EVENT_TIME_KEYS[0]}.., ${EVENT_STATUS_KEYS[0]}.., ${EVENT_TEXT_KEYS[0]}.., ${EVENT_LOCATION_KEYS[0]}..; location objects joined from ${LOCATION_PART_KEYS.join(', ')} or shown as given when a string.`,
    captureReveals: 'the event and location object shapes, the status enum tail, the direct endpoint fields',
  },
  {
    id: 'scan-form',
    endpoint: 'POST /api/scan_form/create_scan_form',
    assumed: `Body {${SCAN_FORM_TRACKING_KEY}: [...]}; the answer's scan_form_image (spec) is the PDF URL; the form id under one of ${SCAN_FORM_ID_KEYS.join(', ')} if any. The write is one-shot: an answer that cannot be read still records the form as made.`,
    captureReveals: 'the request field name and the answer fields',
  },
  {
    id: 'pod',
    endpoint: 'POST /api/shipment/submit_pod',
    assumed: `Body {${POD_KEYS.tracking}, ${POD_KEYS.emails}: [1..3]}; the answer's transaction_message (spec) shown when present.`,
    captureReveals: 'the request field names',
  },
  {
    id: 'pickup-answers',
    endpoint: 'POST /api/shipment/pickup/add, GET pickup/list, GET pickup/package/location/list',
    assumed: 'add: only pickup_no is needed (to cancel); list items: only pickup_no is needed, tracking_nos read when present; location list: strings, or objects whose first string field is the value.',
    captureReveals: 'the list item fields (cut off in the docs) and the location list item shape',
  },
  {
    id: 'address-issues',
    endpoint: 'POST /api/address/validate',
    assumed: `errors / corrections items are strings or objects with text under one of ${ISSUE_TEXT_KEYS.join(', ')} (item shape not documented for v2; v1 uses {code, message}).`,
    captureReveals: 'the item shape of errors and corrections',
  },
  {
    id: 'rate-request-extras',
    endpoint: 'POST /api/shipment/get_rates, quick_rate, direct_buy',
    assumed: 'package_data is sent in the documented units (weight_unit "lb", dimension_unit "in", type "my_package" or a package code); address_type "commercial" is sent for a known business address although only "residential" appears in the docs; the insurance amount is never sent on a rate request.',
    captureReveals: 'a refusal naming address_type or weight_unit, and whether rates change with address_type',
  },
];

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
