import type { SandboxContext } from './context';
import type { Reply } from './http/types';

/**
 * The sandbox's own description of each v2 answer (and of the legacy v1 rate
 * and purchase answers), written from the published documentation (v2-docs.md,
 * legacy-v1-openapi.yaml), never from the station's response schemas: the
 * sandbox must be able to disagree with the client. Each shape names what the
 * "sparse answers" fault mode keeps (the fields the station cannot act
 * without; everything else is optional and left out), the numbers it sends as
 * strings, the day counts it sends as ranges ("2-5") and the identifiers it
 * sends as bare numbers (as the docs' pickup_no example does).
 */
export interface AnswerShape {
  readonly keep: readonly string[];
  readonly numbers?: readonly string[];
  readonly ranges?: readonly string[];
  readonly bareNumbers?: readonly string[];
  /** Lists left as null when empty (v2-docs.md 3.15: errors/corrections may be null). */
  readonly nullWhenEmpty?: readonly string[];
  /** Lists whose items have their own shape. */
  readonly items?: Readonly<Record<string, AnswerShape>>;
}

const rate: AnswerShape = { keep: ['rate_id', 'carrier_code', 'service_level', 'price', 'delivery_days'], numbers: ['price'], ranges: ['delivery_days'] };
const rateSet: AnswerShape = { keep: ['request_unique_id', 'shipment_rate_data'], items: { shipment_rate_data: rate } };
const event: AnswerShape = { keep: ['status', 'description', 'event_time'] };
const tracking: AnswerShape = { keep: ['status', 'tracking_events'], items: { tracking_events: event } };

export const answerShapes = {
  /** POST /oauth2/token (no envelope; v2-docs.md 3.1). */
  token: { keep: ['access_token', 'token_type', 'expires_in'], numbers: ['expires_in'] },
  /** POST /api/address/validate: flat ValidatedAddress (3.15). */
  addressValidate: { keep: ['street', 'city', 'state', 'zip', 'errored', 'corrected', 'standardized', 'errors'], nullWhenEmpty: ['errors', 'corrections'] },
  getRates: rateSet,
  quickRate: rateSet,
  /** create_and_pay / direct_buy: only duplicate_label is documented (3.4); a tracking number and a label are what any buyer needs. */
  purchase: { keep: ['tracking_no', 'label_urls', 'duplicate_label'] },
  voidLabel: { keep: [] },
  /** GET /api/shipment/insurance/rate: the rate_id create_and_pay takes (3.7). */
  insuranceRate: { keep: ['rate_id', 'insurance_fee'], numbers: ['insurance_fee'] },
  tracking,
  pickupAdd: { keep: ['pickup_no'], bareNumbers: ['pickup_no'] },
  pickupCancel: { keep: [] },
  pickupList: { keep: ['pickup_data_list'], items: { pickup_data_list: { keep: ['pickup_no', 'status', 'pickup_date'], bareNumbers: ['pickup_no'] } } },
  packageLocations: { keep: [] },
  scanForm: { keep: ['scan_form_image'] },
  pod: { keep: [] },
  /** Legacy v1 RatingResponse (legacy-v1-openapi.yaml): the rates, with what the station reads to pick and buy. */
  v1Rates: { keep: ['rates'], items: { rates: { keep: ['shipment_id', 'rate_id', 'carrier', 'service', 'service_type', 'rate', 'delivery_days'], numbers: ['rate'], ranges: ['delivery_days'] } } },
  /** Legacy v1 PurchaseLabelResponse: the tracking code, the label and what it cost. */
  v1Purchase: { keep: ['tracking_code', 'carrier', 'service', 'rate', 'service_fee', 'insurance_fee', 'label_url'], numbers: ['rate', 'service_fee', 'insurance_fee'] },
} as const satisfies Record<string, AnswerShape>;

/** Fields no client knows, added to every sparse object: a reader must ignore what it does not need. */
const UNKNOWN_FIELDS = { trace_ref: 'sbx-sparse', vendor_extension: { kind: 'undocumented', level: 2 } } as const;

/** A day count as a range ending at it ("2-5"): its upper bound is the promise. */
function dayRange(days: number): string {
  return days <= 1 ? String(days) : `${Math.max(1, days - 3)}-${days}`;
}

function sparseField(shape: AnswerShape, key: string, value: unknown): unknown {
  const itemShape = shape.items?.[key];
  if (itemShape && Array.isArray(value)) return value.length === 0 && shape.nullWhenEmpty?.includes(key) ? null : value.map((item) => sparse(itemShape, item));
  if (Array.isArray(value) && value.length === 0 && shape.nullWhenEmpty?.includes(key)) return null;
  const days = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : undefined;
  if (days !== undefined && shape.ranges?.includes(key)) return dayRange(days);
  if (typeof value === 'number' && shape.numbers?.includes(key)) return String(value);
  if (typeof value === 'string' && /^\d{1,15}$/.test(value) && shape.bareNumbers?.includes(key)) return Number(value);
  return value;
}

/** The sparse form of an answer's data: only the kept fields, loosely typed, with unknown extras. */
export function sparse(shape: AnswerShape, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => sparse(shape, item));
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of shape.keep) if (key in record) out[key] = sparseField(shape, key, record[key]);
  return { ...out, ...UNKNOWN_FIELDS };
}

/** The v2 success envelope around `data`, as it is. */
export function envelope(data: unknown): Reply {
  return { json: { code: 'ok', msg: 'ok', data } };
}

/** The v2 success envelope around `data`, in the sparse form when that fault mode is on (msg left out: v2 marks none required). */
export function answer(ctx: SandboxContext, shape: AnswerShape, data: unknown): Reply {
  if (!ctx.faults.current().sparseAnswers) return envelope(data);
  return { json: { code: 'ok', data: sparse(shape, data), ...UNKNOWN_FIELDS } };
}

/** A legacy v1 answer (no envelope), sparse when that fault mode is on. */
export function v1Answer(ctx: SandboxContext, shape: AnswerShape, body: unknown): Reply {
  return { json: ctx.faults.current().sparseAnswers ? sparse(shape, body) : body };
}

/** An answer without the envelope (the token endpoint), sparse when that fault mode is on. */
export function bareAnswer(ctx: SandboxContext, shape: AnswerShape, body: Record<string, unknown>): unknown {
  return ctx.faults.current().sparseAnswers ? sparse(shape, body) : body;
}
