import { recognizeTracking } from '../../shared/domain/trackingNumber';
import type { UnreadableAnswerFailure } from '../api/answer';
import { boundedText, KEPT_PREFIX_CHARS } from '../api/cappedBody';
import { redactJson } from '../log/redact';
import type { Logger } from '../log/logger';
import type { BoughtUpdate, ShipmentRow, ShipmentsRepo } from '../store/shipmentsRepo';
import { labelPngProblem } from './labelBytes';

/**
 * The label salvage (issue 10 part 2). A purchase answer the parser refused
 * arrived after the request was sent, so the label may well be paid for:
 * the station never buys it again. It keeps the answer (secrets stripped),
 * records the package as bought with the answer not understood, and looks
 * inside for what it needs to act: a tracking number, a label image, a
 * label URL, wherever the service put them.
 */

type LabelKind = 'label' | 'qrcode';

export interface AnswerFindings {
  readonly trackingNo: string | null;
  /** Where the tracking number was found (a field path, for the details line). */
  readonly trackingPath: string | null;
  readonly images: ReadonlyArray<{ readonly path: string; readonly kind: LabelKind; readonly png: Uint8Array }>;
  readonly urls: ReadonlyArray<{ readonly path: string; readonly kind: LabelKind; readonly url: string }>;
}

/** What is kept in shipments.unreadable_answer. */
export interface UnreadableAnswer {
  readonly endpoint: string;
  readonly details: string;
  readonly answer: unknown;
}

/** The answer as stored: secrets and images out, and bounded (a prefix and a hash) so a huge answer never fills the database. */
function keptAnswer(body: unknown): unknown {
  const answer = redactJson(withoutImages(body ?? null));
  const text = JSON.stringify(answer);
  return text.length <= KEPT_PREFIX_CHARS ? answer : boundedText(text);
}

/**
 * Tracking numbers are read by the one recogniser (shared/domain/trackingNumber.ts),
 * with the salvage's tolerance in two places. Anywhere in the answer: a
 * carrier format by its shape, check digit not verified (no scanner misread
 * this text, and a number the service sent is the one the label was bought
 * under even with a digit it got wrong), but never one of the short formats
 * any id fits as often (weak). Under a field named like tracking, where the
 * service itself says what the value is: any run of 8 to 40 letters and
 * digits with at least 4 digits (carrier numbers of every format the
 * recogniser knows fit it), so a carrier it does not know (Amazon TBA, a
 * regional one) still leaves the operator a number to void by.
 */
const isCarrierTracking = (candidate: string): boolean => {
  const found = recognizeTracking(candidate, { checkDigits: false });
  return found !== undefined && !found.weak;
};
const LOOSE_TRACKING = /^(?=(?:[A-Z]*[0-9]){4})[0-9A-Z]{8,40}$/;
const TRACKING_NAME = /track/i;
/** Fields whose numbers are never a tracking number, however they look. */
const NOT_TRACKING_NAME = /platform|rate|shipment_?no|shipment_?id|order|phone|zip|postal|amount|fee|price|time|date|_at$|^id$|request|pickup|account|balance/i;
/** base64 of the PNG signature 89 50 4E 47 0D 0A 1A 0A. */
const PNG_BASE64_START = 'iVBORw0KGgo';
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const URL_TEXT = /^https?:\/\/[^\s"'<>]+$/i;
const kindOf = (path: string): LabelKind => (/qr/i.test(path) ? 'qrcode' : 'label');

function pngOf(text: string): Uint8Array | null {
  const base64 = text.replace(/^data:image\/png;base64,/i, '').replace(/\s+/g, '');
  if (!base64.startsWith(PNG_BASE64_START)) return null;
  const bytes = Buffer.from(base64, 'base64');
  return PNG_SIGNATURE.every((b, i) => bytes[i] === b) ? new Uint8Array(bytes) : null;
}

/** Every string in the answer with the name of the field it sits under (an array item takes its array's name). */
function* strings(value: unknown, path: string, name: string): Generator<{ path: string; name: string; text: string }> {
  if (typeof value === 'string') yield { path, name, text: value };
  else if (Array.isArray(value)) for (const [i, item] of value.entries()) yield* strings(item, `${path}[${i}]`, name);
  else if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) yield* strings(item, path ? `${path}.${key}` : key, key);
}

/**
 * Searches a raw answer for a tracking number (a field named like tracking
 * first, then any field holding a carrier's number), every base64 PNG
 * (its signature checked) and every URL that could be a label (tracking
 * pages left out). `notTracking` are the station's own ids (platform_uk_id,
 * rate_id), which are never taken for a tracking number.
 */
export function searchAnswer(body: unknown, notTracking: readonly string[] = []): AnswerFindings {
  let named: { path: string; value: string } | null = null;
  let shaped: { path: string; value: string } | null = null;
  const images: Array<AnswerFindings['images'][number]> = [];
  const urls: Array<AnswerFindings['urls'][number]> = [];
  const own = new Set(notTracking.map((id) => id.trim().toUpperCase()));
  for (const { path, name, text } of strings(body, '', '')) {
    const png = pngOf(text);
    if (png) {
      images.push({ path, kind: kindOf(path), png });
      continue;
    }
    const trimmed = text.trim();
    if (URL_TEXT.test(trimmed)) {
      if (!TRACKING_NAME.test(name)) urls.push({ path, kind: kindOf(path), url: trimmed });
      continue;
    }
    const candidate = trimmed.replace(/[\s-]/g, '').toUpperCase();
    if (own.has(candidate) || NOT_TRACKING_NAME.test(name)) continue;
    if (TRACKING_NAME.test(name) && !named && LOOSE_TRACKING.test(candidate)) named = { path, value: trimmed };
    else if (!shaped && isCarrierTracking(candidate)) shaped = { path, value: trimmed };
  }
  // A URL whose field or address names a label (or an image) is tried before any other.
  const labelish = (u: { path: string; url: string }) => (/label|png|pdf|image|print/i.test(`${u.path} ${u.url}`) ? 0 : 1);
  urls.sort((a, b) => labelish(a) - labelish(b));
  const found = named ?? shaped;
  return { trackingNo: found?.value ?? null, trackingPath: found?.path ?? null, images, urls };
}

/** The answer with each base64 PNG replaced by a note of its size: the image is kept as a label, not twice. */
function withoutImages(value: unknown): unknown {
  if (typeof value === 'string') return pngOf(value) ? `[PNG image, ${value.length} base64 characters]` : value;
  if (Array.isArray(value)) return value.map(withoutImages);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutImages(v)]));
  return value;
}

export interface SalvageDeps {
  readonly shipments: ShipmentsRepo;
  readonly fetchBytes: (url: string) => Promise<Uint8Array>;
  readonly log: Logger;
}

/**
 * The operator's words for a salvaged purchase: what the station could keep,
 * and what to do next. `voidableById`: the label can be voided by the id the
 * station sent (v2's platform_uk_id) even without a tracking number.
 */
export function salvageWords(trackingNo: string | null, hasLabel: boolean, voidableById = true): string {
  if (trackingNo && hasLabel) {
    return `Bought, but the service's answer was not understood. The station found tracking number ${trackingNo} and the label in it and kept them: print, reprint or void this label as usual. Do not buy this package again.`;
  }
  if (trackingNo) {
    return `Bought, but the service's answer was not understood and held no label the station could read. Tracking number ${trackingNo} was found: void it from the Void screen, or contact support with the details line below. Do not buy this package again.`;
  }
  const next = voidableById ? 'void it from History, or contact support with the details line below' : 'contact support with the details line below to void it';
  return `Bought, but the service's answer was not understood: no tracking number or label could be found in it. Do not buy this package again; ${next}.`;
}

/** Label images from the answer's base64 PNGs, else from its URLs (fetched now; bytes that are not a PNG are left out). */
async function labelsOf(findings: AnswerFindings, fetchBytes: (url: string) => Promise<Uint8Array>): Promise<{ labels: BoughtUpdate['labels']; from: string | null }> {
  const labels: Array<BoughtUpdate['labels'][number]> = [];
  const seq = { label: 0, qrcode: 0 };
  let from: string | null = null;
  const keep = (kind: LabelKind, png: Uint8Array, url: string | null, path: string) => {
    if (labelPngProblem(png) !== null) return;
    labels.push({ kind, seq: seq[kind]++, url, png });
    if (kind === 'label') from ??= path;
  };
  for (const image of findings.images) keep(image.kind, image.png, null, image.path);
  if (seq.label > 0) return { labels, from };
  for (const link of findings.urls) {
    const png = await fetchBytes(link.url).catch(() => undefined);
    if (png && png.length > 0) keep(link.kind, png, link.url, link.path);
    if (seq.label > 0) break;
  }
  return { labels, from };
}

export interface SalvageInput {
  readonly failure: UnreadableAnswerFailure;
  /** The id the station gave this purchase (for the details line). */
  readonly platformUkId: string;
  /** The station's own ids in the request (platform_uk_id, rate_id): never a tracking number. */
  readonly ownIds: readonly string[];
  /** The service picked, taken for what the answer did not say. */
  readonly chosen: { readonly carrierCode?: string | null; readonly serviceLevel?: string | null; readonly serviceName?: string | null };
  readonly voidableById: boolean;
  readonly fetchBytes: (url: string) => Promise<Uint8Array>;
}

/** The bought-row update for a purchase whose answer was refused by the parser: what it holds, kept, and the answer without secrets. */
export async function salvagedPurchase(input: SalvageInput): Promise<{ readonly update: BoughtUpdate; readonly findings: AnswerFindings; readonly labelFrom: string | null }> {
  const { failure } = input;
  const findings = searchAnswer(failure.body, input.ownIds);
  const { labels, from } = await labelsOf(findings, input.fetchBytes);
  const hasLabel = labels.some((l) => l.kind === 'label');
  const details = [
    'purchase answer not understood',
    failure.endpoint,
    `id ${input.platformUkId}`,
    findings.trackingPath ? `tracking from ${findings.trackingPath}` : 'no tracking number found',
    from ? `label from ${from}` : 'no label found',
    failure.note ?? (failure.body === undefined ? 'answer was not JSON' : null),
  ]
    .filter(Boolean)
    .join(' · ');
  const kept: UnreadableAnswer = { endpoint: failure.endpoint, details, answer: keptAnswer(failure.body) };
  const update: BoughtUpdate = {
    // The label URLs found are kept where History looks for a label to fetch later.
    resultJson: JSON.stringify({
      tracking_no: findings.trackingNo,
      label_urls: findings.urls.filter((u) => u.kind === 'label').map((u) => u.url),
      qrcode_urls: findings.urls.filter((u) => u.kind === 'qrcode').map((u) => u.url),
    }),
    shipmentNo: null,
    trackingNo: findings.trackingNo,
    carrierCode: input.chosen.carrierCode ?? null,
    serviceLevel: input.chosen.serviceLevel ?? null,
    serviceName: input.chosen.serviceName ?? input.chosen.serviceLevel ?? null,
    costCents: null,
    currency: null,
    duplicateLabel: false,
    rateMismatchJson: null,
    note: salvageWords(findings.trackingNo, hasLabel, input.voidableById),
    unreadableAnswer: JSON.stringify(kept),
    labels,
  };
  return { update, findings, labelFrom: from };
}

/** The v2 journal's salvage: the journaled row is marked bought from the answer it got. */
export function createLabelSalvage(deps: SalvageDeps) {
  /**
   * Records the purchase of `row` as bought from an answer the parser
   * refused, with whatever the answer holds. The row is settled: the
   * journal, a rescan and Buy again all see a bought package.
   */
  async function salvage(row: ShipmentRow, failure: UnreadableAnswerFailure): Promise<{ row: ShipmentRow; labels: BoughtUpdate['labels'] }> {
    const request = JSON.parse(row.request_json) as { rate_id?: unknown };
    const chosen = row.chosen_json ? (JSON.parse(row.chosen_json) as SalvageInput['chosen']) : {};
    const { update, findings, labelFrom } = await salvagedPurchase({
      failure,
      platformUkId: row.platform_uk_id,
      ownIds: [row.platform_uk_id, ...(typeof request.rate_id === 'string' ? [request.rate_id] : [])],
      chosen,
      voidableById: true,
      fetchBytes: deps.fetchBytes,
    });
    deps.shipments.markBought(row.id, update);
    deps.log.warn('a purchase answer was not understood; the label is recorded as bought from what the answer held', {
      platformUkId: row.platform_uk_id,
      endpoint: failure.endpoint,
      tracking: findings.trackingPath,
      label: labelFrom,
    });
    return { row: deps.shipments.get(row.id) as ShipmentRow, labels: update.labels };
  }

  return { salvage };
}
