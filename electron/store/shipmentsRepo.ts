import type { Db } from './database';
import { durably } from './durable';
import type { SharedShipment, ShipmentRecord, ShipmentRow, StoredLabel } from './shipmentRecord';

export type { SharedShipment, ShipmentRow, ShipmentStateRow } from './shipmentRecord';

export interface PendingInsert {
  readonly packageKey: string;
  readonly platformUkId: string;
  readonly backendId: string;
  readonly method: ShipmentRecord['method'];
  readonly requestJson: string;
  readonly chosenJson: string | null;
  readonly orderNumber: string | null;
  readonly recipientName: string | null;
  /** The recipient's city and ZIP, for History search by any part of them. */
  readonly recipientCity?: string | null;
  readonly recipientZip?: string | null;
  readonly insuranceCents: number | null;
  readonly isReturn: boolean;
}

/** What a purchase's answer fills in; trackingNo is null only for an answer not understood that held none. */
export interface BoughtUpdate extends Pick<ShipmentRecord, 'shipmentNo' | 'trackingNo' | 'carrierCode' | 'serviceLevel' | 'serviceName' | 'currency' | 'duplicateLabel'> {
  readonly resultJson: string;
  readonly costCents: number | null;
  readonly rateMismatchJson: string | null;
  /** Kept in the error column of a bought row: something about it still needs attention. */
  readonly note: string | null;
  /** The kept answer of a purchase the station could not read (see migration 010). */
  readonly unreadableAnswer?: string | null;
  readonly labels: readonly StoredLabel[];
}

/** What the station keeps of a label it was answered with but never bought itself, voided at the service. */
export interface VoidedAtService {
  readonly shipmentNo: string | null;
  readonly trackingNo: string | null;
  readonly carrierCode: string | null;
  readonly serviceLevel: string | null;
  readonly note: string;
}

/** Search keys are stored lowercase and trimmed; a query is normalized the same way. */
/**
 * Labels bought through the legacy v1 API have no platform_uk_id of their
 * own; the station gives their rows one with this prefix, which also tells a
 * void which API the label must go back through.
 */
export const LEGACY_ID_PREFIX = 'v1-';
export const isLegacyShipment = (row: { readonly platform_uk_id: string }): boolean => row.platform_uk_id.startsWith(LEGACY_ID_PREFIX);

export const normalizeKey = (value: string): string => value.trim().toLowerCase().replace(/\s+/g, ' ');
export const normalizeTracking = (value: string): string => value.trim().toLowerCase().replace(/[\s-]+/g, '');
/** The last word of a name with more than one ("ann lee" -> "lee"), for last-name search. */
export function lastNameKey(name: string): string | null {
  const key = normalizeKey(name);
  const space = key.lastIndexOf(' ');
  return space < 0 ? null : key.slice(space + 1);
}

/**
 * Typed or pasted search text as SQLite can take it: a control character
 * (a NUL ends a string inside SQLite's FTS parser, and no stored key holds
 * one) counts as a space, and a lone surrogate, which has no UTF-8 form,
 * becomes U+FFFD as SQLite would store it, so the prefix bounds below are
 * computed on the text SQLite actually compares.
 */
export const searchText = (query: string): string => query.replace(/\p{Cc}/gu, ' ').replace(/\p{Cs}/gu, '\uFFFD');

/**
 * The smallest string above every string that starts with `prefix` (UTF-8 order equals code point order).
 * The next code point skips the surrogates (they have no UTF-8 form); a last U+10FFFF has no next one, so
 * the one before it is raised instead, and a prefix of nothing but U+10FFFF (a noncharacter no key holds)
 * bounds itself: an empty range rather than a RangeError.
 */
export function prefixUpperBound(prefix: string): string {
  const chars = [...prefix];
  while (chars.length > 0) {
    const last = chars.pop()?.codePointAt(0) ?? 0;
    if (last < 0x10ffff) return chars.join('') + String.fromCodePoint(last + 1 === 0xd800 ? 0xe000 : last + 1);
  }
  return prefix;
}

const SELECT = `SELECT s.*,
  (SELECT count(*) FROM labels l WHERE l.shipment_id = s.id AND l.kind = 'label') AS label_count,
  (SELECT count(*) FROM labels l WHERE l.shipment_id = s.id AND l.kind = 'qrcode') AS qrcode_count,
  (SELECT count(*) FROM customs_forms c WHERE c.shipment_id = s.id) AS customs_form_count
  FROM shipments s`;

export type ShipmentsRepo = ReturnType<typeof createShipmentsRepo>;

export function createShipmentsRepo(db: Db, now: () => Date) {
  const byId = db.prepare<[number], ShipmentRow>(`${SELECT} WHERE s.id = ?`);
  const liveByKey = db.prepare<[string, string], ShipmentRow>(
    `${SELECT} WHERE coalesce(s.backend_id, '') = ? AND s.package_key = ? AND s.state <> 'voided'`,
  );
  const voidedOfKey = db.prepare<[string, string], { n: number }>(
    "SELECT count(*) AS n FROM shipments WHERE coalesce(backend_id, '') = ? AND package_key = ? AND state = 'voided'",
  );
  const insert = db.prepare(`INSERT INTO shipments (package_key, platform_uk_id, backend_id, state, method, request_json, chosen_json,
      order_number, order_number_lc, recipient_name, recipient_lc, recipient_last_lc, recipient_city, recipient_zip, insurance_cents, is_return,
      created_at, updated_at)
    VALUES (@packageKey, @platformUkId, @backendId, 'pending', @method, @requestJson, @chosenJson, @orderNumber, @orderNumberLc,
      @recipientName, @recipientLc, @recipientLastLc, @recipientCity, @recipientZip, @insuranceCents, @isReturn, @at, @at)`);
  const resend = db.prepare(`UPDATE shipments SET state = 'pending', method = @method, request_json = @requestJson, chosen_json = @chosenJson,
      order_number = @orderNumber, order_number_lc = @orderNumberLc, recipient_name = @recipientName, recipient_lc = @recipientLc,
      recipient_last_lc = @recipientLastLc, recipient_city = @recipientCity, recipient_zip = @recipientZip, insurance_cents = @insuranceCents, is_return = @isReturn, error = NULL, updated_at = @at
    WHERE id = @id AND state IN ('pending', 'failed')`);
  const attempt = db.prepare('UPDATE shipments SET attempts = attempts + 1, updated_at = ? WHERE id = ?');
  const rename = db.prepare("UPDATE shipments SET platform_uk_id = ?, updated_at = ? WHERE id = ? AND state IN ('pending', 'failed')");
  const bought = db.prepare(`UPDATE shipments SET state = 'bought', result_json = @resultJson, shipment_no = @shipmentNo,
      tracking_no = @trackingNo, tracking_lc = @trackingLc, carrier_code = @carrierCode, service_level = @serviceLevel,
      service_name = @serviceName, cost_cents = @costCents, currency = @currency, duplicate_label = @duplicateLabel,
      rate_mismatch_json = @rateMismatchJson, error = @note, unreadable_answer = @unreadableAnswer, bought_at = @at, updated_at = @at
    WHERE id = @id AND state IN ('pending', 'failed')`);
  const label = db.prepare('INSERT OR REPLACE INTO labels (shipment_id, kind, seq, url, png) VALUES (?, ?, ?, ?, ?)');
  const clearNote = db.prepare("UPDATE shipments SET error = NULL, updated_at = ? WHERE id = ? AND state = 'bought'");
  const failed = db.prepare("UPDATE shipments SET state = 'failed', error = ?, updated_at = ? WHERE id = ? AND state = 'pending'");
  const noteError = db.prepare('UPDATE shipments SET error = ?, updated_at = ? WHERE id = ?');
  const voided = db.prepare("UPDATE shipments SET state = 'voided', voided_at = ?, updated_at = ? WHERE id = ? AND state = 'bought'");
  const voidedAtService = db.prepare(`UPDATE shipments SET state = 'voided', shipment_no = @shipmentNo, tracking_no = @trackingNo, tracking_lc = @trackingLc,
      carrier_code = @carrierCode, service_level = @serviceLevel, duplicate_label = 1, error = @note, voided_at = @at, updated_at = @at
    WHERE id = @id AND state IN ('pending', 'failed')`);
  const uncheckedDuplicate = db.prepare("UPDATE shipments SET state = 'failed', attempts = 0, error = ?, updated_at = ? WHERE id = ? AND state = 'pending'");
  // v1 purchases (ids LEGACY_ID_PREFIX...) are journaled here too and settled through v1 only.
  const legacy = `(platform_uk_id LIKE '${LEGACY_ID_PREFIX}%')`;
  const anyPending = db.prepare<[number], unknown>(`SELECT 1 FROM shipments WHERE state = 'pending' AND ${legacy} = ? LIMIT 1`);
  const pending = db.prepare<[string, number], ShipmentRow>(
    `${SELECT} WHERE s.state = 'pending' AND (s.backend_id = ? OR s.backend_id IS NULL) AND ${legacy} = ? ORDER BY s.id`,
  );
  const pendingElsewhere = db.prepare<[string], { n: number }>(
    `SELECT count(*) AS n FROM shipments WHERE state = 'pending' AND backend_id IS NOT NULL AND backend_id <> ? AND NOT ${legacy}`,
  );
  const byTracking = db.prepare<[string], ShipmentRow>(`${SELECT} WHERE s.tracking_lc = ? ORDER BY s.id DESC LIMIT 1`);
  const byShipmentNo = db.prepare<[string], ShipmentRow>(`${SELECT} WHERE s.shipment_no = ? ORDER BY s.id DESC LIMIT 1`);
  const byPlatformId = db.prepare<[string], ShipmentRow>(`${SELECT} WHERE s.platform_uk_id = ?`);
  const boughtSince = db.prepare<[string], ShipmentRow>(
    `${SELECT} WHERE s.bought_at >= ? AND s.state = 'bought' AND s.carrier_code = 'USPS' ORDER BY s.id`,
  );

  const orderLabels = db.prepare<[string], ShipmentRow>(
    `${SELECT} WHERE s.order_number_lc = ? AND s.state IN ('bought', 'voided') ORDER BY s.id DESC LIMIT 50`,
  );
  const orderBoxes = db.prepare<[string], { package_key: string }>(
    "SELECT package_key FROM shipments WHERE order_number_lc = ? AND package_key LIKE 'order:%#%'",
  );

  const at = () => now().toISOString();
  const metaParams = (p: Omit<PendingInsert, 'packageKey' | 'platformUkId' | 'backendId'>) => ({
    method: p.method,
    requestJson: p.requestJson,
    chosenJson: p.chosenJson,
    orderNumber: p.orderNumber,
    orderNumberLc: p.orderNumber === null ? null : normalizeKey(p.orderNumber),
    recipientName: p.recipientName,
    recipientLc: p.recipientName === null ? null : normalizeKey(p.recipientName),
    recipientLastLc: p.recipientName === null ? null : lastNameKey(p.recipientName),
    recipientCity: p.recipientCity ?? null,
    recipientZip: p.recipientZip ?? null,
    insuranceCents: p.insuranceCents,
    isReturn: p.isReturn ? 1 : 0,
    at: at(),
  });

  const repo = {
    /** Box numbers of an order that have a purchase on this station, in any state (keys `order:<number>#<box>`). */
    boxesOfOrder: (orderNumber: string): number[] =>
      orderBoxes
        .all(normalizeKey(orderNumber))
        .map((r) => Number(/#(\d+)$/.exec(r.package_key)?.[1]))
        .filter(Number.isInteger),
    get: (id: number): ShipmentRow | undefined => byId.get(id),
    /** Every label bought for an order (outbound boxes and returns, voided ones too), newest first. */
    labelsOfOrder: (orderNumber: string): ShipmentRow[] => orderLabels.all(normalizeKey(orderNumber)),
    /** The package's row on one backend that is not voided: pending, failed or bought. */
    liveByPackageKey: (backendId: string, key: string): ShipmentRow | undefined => liveByKey.get(backendId, key),
    /** How many labels of the package were voided on one backend: its void generation. */
    voidedCount: (backendId: string, key: string): number => voidedOfKey.get(backendId, key)?.n ?? 0,
    insertPending(p: PendingInsert): ShipmentRow {
      const info = insert.run({ packageKey: p.packageKey, platformUkId: p.platformUkId, backendId: p.backendId, ...metaParams(p) });
      return byId.get(Number(info.lastInsertRowid)) as ShipmentRow;
    },
    /** Reuses a pending or failed row (same platform_uk_id) with the latest request. */
    reusePending(id: number, p: Omit<PendingInsert, 'packageKey' | 'platformUkId' | 'backendId'>): ShipmentRow {
      resend.run({ id, ...metaParams(p) });
      return byId.get(id) as ShipmentRow;
    },
    /** An unfinished v1 purchase takes the id its claim among benches goes by (v1 ids name nothing at the service). */
    rename(id: number, platformUkId: string): ShipmentRow {
      rename.run(platformUkId, at(), id);
      return byId.get(id) as ShipmentRow;
    },
    /** Called just before each purchase request leaves, so it is the durable commit (see durably). */
    countAttempt: (id: number) => void durably(db, () => attempt.run(at(), id)),
    /** Label bytes and the bought state in one transaction: a label is never paid for without being kept. */
    markBought: db.transaction((id: number, u: BoughtUpdate): boolean => {
      const info = bought.run({
        id,
        resultJson: u.resultJson,
        shipmentNo: u.shipmentNo,
        trackingNo: u.trackingNo,
        trackingLc: u.trackingNo === null ? null : normalizeTracking(u.trackingNo),
        carrierCode: u.carrierCode,
        serviceLevel: u.serviceLevel,
        serviceName: u.serviceName,
        costCents: u.costCents,
        currency: u.currency,
        duplicateLabel: u.duplicateLabel ? 1 : 0,
        rateMismatchJson: u.rateMismatchJson,
        note: u.note,
        unreadableAnswer: u.unreadableAnswer ?? null,
        at: at(),
      });
      if (info.changes === 0) return false;
      for (const l of u.labels) label.run(id, l.kind, l.seq, l.url, l.png);
      return true;
    }),
    markFailed: (id: number, message: string) => void failed.run(message, at(), id),
    /** Label images that arrived after the purchase was recorded. */
    addLabels: db.transaction((id: number, labels: BoughtUpdate['labels']) => {
      for (const l of labels) label.run(id, l.kind, l.seq, l.url, l.png);
      if (labels.some((l) => l.kind === 'label')) clearNote.run(at(), id);
    }),
    noteError: (id: number, message: string) => void noteError.run(message, at(), id),
    markVoided: (id: number): boolean => voided.run(at(), at(), id).changes > 0,
    /**
     * The service answered this unfinished purchase with a label bought
     * elsewhere on the account and voided since: kept as voided here (its
     * package's void generation advances), with the label's numbers and why.
     */
    markVoidedAtService: (id: number, u: VoidedAtService): boolean =>
      voidedAtService.run({
        id,
        shipmentNo: u.shipmentNo,
        trackingNo: u.trackingNo,
        trackingLc: u.trackingNo === null ? null : normalizeTracking(u.trackingNo),
        carrierCode: u.carrierCode,
        serviceLevel: u.serviceLevel,
        note: u.note,
        at: at(),
      }).changes > 0,
    /**
     * The service answered with a label bought elsewhere whose state could not
     * be learned: nothing of this station's is outstanding under the id (no
     * send of its bought anything), so the attempts are cleared and the next
     * Buy checks the label again instead of taking it as its own.
     */
    markDuplicateUnchecked: (id: number, message: string) => void uncheckedDuplicate.run(message, at(), id),
    /** Unconfirmed purchases of one API on one backend (and of rows from before purchases had one). */
    pending: (backendId: string, v1 = false): ShipmentRow[] => pending.all(backendId, v1 ? 1 : 0),
    /** Whether any backend has a purchase of the API to settle: asked before reaching a backend (which, for the sandbox, starts it). */
    anyPending: (v1 = false): boolean => anyPending.get(v1 ? 1 : 0) !== undefined,
    pendingOnOtherBackends: (backendId: string): number => pendingElsewhere.get(backendId)?.n ?? 0,
    /** One shipment by tracking number, shipment_no or platform_uk_id. */
    findByRef(ref: string): ShipmentRow | undefined {
      const trimmed = ref.trim();
      return byPlatformId.get(trimmed) ?? byPlatformId.get(trimmed.toLowerCase()) ?? byTracking.get(normalizeTracking(trimmed)) ?? byShipmentNo.get(trimmed);
    },
    uspsBoughtSince: (isoInstant: string): ShipmentRow[] => boughtSince.all(isoInstant),
  };

  /**
   * A label another bench bought (warehouse mode), kept here as bought with
   * its bytes, so this bench shows and reprints it without the shared store
   * and never buys its package again. An unfinished purchase of the same
   * package on this bench gives way to it.
   */
  const adoptShared = db.transaction((shared: SharedShipment): ShipmentRow => {
    const known = byPlatformId.get(shared.platformUkId);
    if (known && (known.state === 'bought' || known.state === 'voided')) return known;
    const live = liveByKey.get(shared.backendId, shared.packageKey);
    if (live && live.id !== known?.id && live.state !== 'bought') failed.run(`Bought at bench ${shared.bench} under ${shared.platformUkId}.`, at(), live.id);
    const row =
      known ??
      repo.insertPending({
        packageKey: shared.packageKey,
        platformUkId: shared.platformUkId,
        backendId: shared.backendId,
        method: shared.method,
        requestJson: shared.requestJson,
        chosenJson: null,
        orderNumber: shared.orderNumber,
        recipientName: shared.recipientName,
        insuranceCents: shared.insuranceCents,
        isReturn: shared.isReturn,
      });
    // Before it counts as bought, so reports put it under the bench that bought it.
    // Prepared here, not with the others: tests of older migrations build this repo on a schema without the column.
    db.prepare('UPDATE shipments SET bench = ? WHERE id = ?').run(shared.bench, row.id);
    repo.markBought(row.id, {
      resultJson: shared.resultJson,
      shipmentNo: shared.shipmentNo ?? '',
      trackingNo: shared.trackingNo ?? '',
      carrierCode: shared.carrierCode,
      serviceLevel: shared.serviceLevel,
      serviceName: shared.serviceName,
      costCents: shared.costCents,
      currency: shared.currency,
      duplicateLabel: shared.duplicateLabel,
      rateMismatchJson: null,
      note: null,
      labels: shared.labels,
    });
    if (shared.state === 'voided') voided.run(at(), at(), row.id);
    return byId.get(row.id) as ShipmentRow;
  });

  return { ...repo, adoptShared };
}
