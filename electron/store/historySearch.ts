import type { Db } from './database';
import { normalizeKey, normalizeTracking, prefixUpperBound, searchText, type ShipmentRow, type ShipmentStateRow } from './shipmentsRepo';

export interface HistoryQuery {
  readonly query: string;
  readonly state?: ShipmentStateRow;
  readonly limit: number;
  readonly beforeId?: number;
}

/** Trigrams need three characters: a shorter query can only be a prefix. */
export const SUBSTRING_MIN_CHARS = 3;

/** An FTS5 string literal: the text matched as one run of characters, whatever punctuation it holds. */
const phrase = (text: string): string => `"${text.replace(/"/g, '""')}"`;

/**
 * History search over shipments. A query is tried as each kind of key at once
 * (tracking number, platform_uk_id, shipment_no exactly; order number,
 * recipient name and recipient last name by prefix; and, from three
 * characters on, any part of a tracking number, order number, name, city or
 * ZIP through the trigram index of migration 9). Every lookup is an index
 * seek, a prefix range or a trigram lookup, so a search stays in milliseconds
 * at a million rows. Rows from the lookups are merged newest first.
 */
export function createHistorySearch(db: Db) {
  // Everything a history row shows; the request and the raw answer stay on disk (they are most of a row's bytes).
  const cols = `s.id, s.package_key, s.platform_uk_id, s.backend_id, s.state, s.method, '' AS request_json, s.chosen_json, NULL AS result_json,
    s.error, s.attempts, s.order_number, s.recipient_name, s.recipient_city, s.recipient_zip, s.shipment_no, s.tracking_no, s.carrier_code, s.service_level, s.service_name,
    s.cost_cents, s.currency, s.insurance_cents, s.duplicate_label, s.rate_mismatch_json, s.is_return, s.created_at, s.updated_at,
    s.bought_at, s.voided_at, s.bench,
    CASE WHEN s.unreadable_answer IS NULL THEN NULL ELSE json_object('details', json_extract(s.unreadable_answer, '$.details')) END AS unreadable_answer`;
  const maxId = Number.MAX_SAFE_INTEGER;
  const tracking = db.prepare<[string, number, number], ShipmentRow>(
    `SELECT ${cols} FROM shipments s WHERE s.tracking_lc = ? AND s.id < ? ORDER BY s.id DESC LIMIT ?`,
  );
  const platform = db.prepare<[string, number, number], ShipmentRow>(
    `SELECT ${cols} FROM shipments s WHERE s.platform_uk_id = ? AND s.id < ? LIMIT ?`,
  );
  const shipmentNo = db.prepare<[string, number, number], ShipmentRow>(
    `SELECT ${cols} FROM shipments s WHERE s.shipment_no = ? AND s.id < ? ORDER BY s.id DESC LIMIT ?`,
  );
  const orderExact = db.prepare<[string, number, number], ShipmentRow>(
    `SELECT ${cols} FROM shipments s WHERE s.order_number_lc = ? AND s.id < ? ORDER BY s.id DESC LIMIT ?`,
  );
  const orderPrefix = db.prepare<[string, string, number, number], ShipmentRow>(
    `SELECT ${cols} FROM shipments s WHERE s.order_number_lc >= ? AND s.order_number_lc < ? AND s.id < ?
     ORDER BY s.order_number_lc, s.id DESC LIMIT ?`,
  );
  const namePrefix = db.prepare<[string, string, number, number], ShipmentRow>(
    `SELECT ${cols} FROM shipments s WHERE s.recipient_lc >= ? AND s.recipient_lc < ? AND s.id < ?
     ORDER BY s.recipient_lc, s.id DESC LIMIT ?`,
  );
  const lastNamePrefix = db.prepare<[string, string, number, number], ShipmentRow>(
    `SELECT ${cols} FROM shipments s WHERE s.recipient_last_lc >= ? AND s.recipient_last_lc < ? AND s.id < ?
     ORDER BY s.recipient_last_lc, s.id DESC LIMIT ?`,
  );
  const anyPart = db.prepare<[string, number, number], ShipmentRow>(
    `SELECT ${cols} FROM shipments s WHERE s.id IN
       (SELECT rowid FROM shipments_search WHERE shipments_search MATCH ? AND rowid < ? ORDER BY rowid DESC LIMIT ?)`,
  );
  const latest = db.prepare<[number, number], ShipmentRow>(`SELECT ${cols} FROM shipments s WHERE s.id < ? ORDER BY s.id DESC LIMIT ?`);
  const latestInState = db.prepare<[string, number, number], ShipmentRow>(
    `SELECT ${cols} FROM shipments s WHERE s.state = ? AND s.id < ? ORDER BY s.id DESC LIMIT ?`,
  );
  const counts = db.prepare<[number], { label_count: number; qrcode_count: number }>(
    `SELECT sum(kind = 'label') AS label_count, sum(kind = 'qrcode') AS qrcode_count FROM labels WHERE shipment_id = ?`,
  );
  const forms = db.prepare<[number], { n: number }>('SELECT count(*) AS n FROM customs_forms WHERE shipment_id = ?');

  const withCounts = (row: ShipmentRow): ShipmentRow => {
    const c = counts.get(row.id);
    return { ...row, label_count: c?.label_count ?? 0, qrcode_count: c?.qrcode_count ?? 0, customs_form_count: forms.get(row.id)?.n ?? 0 };
  };

  return function search(q: HistoryQuery): ShipmentRow[] {
    const before = q.beforeId ?? maxId;
    // Ask each lookup for extra rows when a state filter may drop some.
    const take = q.state ? q.limit * 4 : q.limit;
    const text = searchText(q.query).trim();
    let rows: ShipmentRow[];
    if (text === '') {
      rows = q.state ? latestInState.all(q.state, before, q.limit) : latest.all(before, q.limit);
    } else {
      const key = normalizeKey(text);
      const upper = prefixUpperBound(key);
      const found = new Map<number, ShipmentRow>();
      const add = (list: ShipmentRow[]) => list.forEach((row) => found.set(row.id, row));
      add(tracking.all(normalizeTracking(text), before, take));
      add(platform.all(text, before, take));
      add(shipmentNo.all(text, before, take));
      // A whole tracking number, platform id or shipment number names its label: no need to look for it inside others.
      const exact = found.size > 0;
      add(orderExact.all(key, before, take));
      add(orderPrefix.all(key, upper, before, take));
      add(namePrefix.all(key, upper, before, take));
      if (!key.includes(' ')) add(lastNamePrefix.all(key, upper, before, take));
      if (!exact && [...key].length >= SUBSTRING_MIN_CHARS) {
        const compact = normalizeTracking(text);
        const match = compact !== key && [...compact].length >= SUBSTRING_MIN_CHARS ? `${phrase(key)} OR ${phrase(compact)}` : phrase(key);
        add(anyPart.all(match, before, take));
      }
      rows = [...found.values()].sort((a, b) => b.id - a.id);
    }
    return rows
      .filter((row) => !q.state || row.state === q.state)
      .slice(0, q.limit)
      .map(withCounts);
  };
}
