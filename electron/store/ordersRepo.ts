import type { Db } from './database';
import { normalizeKey, prefixUpperBound, searchText } from './shipmentsRepo';

export interface OrderRow {
  readonly order_number: string;
  readonly source: 'csv' | 'v1' | 'manual';
  readonly recipient_json: string;
  readonly package_json: string | null;
  readonly customs_json: string | null;
  /** The line items as the store sold them; null for orders imported before items were kept. */
  readonly items_json: string | null;
  /** The store's note on the order (printed on its packing slip); absent or null when it gave none. */
  readonly note?: string | null;
  /** The store or sales channel the export named; null when it named none. */
  readonly store?: string | null;
  /** The order's tags as a JSON list; null when the export had none. */
  readonly tags_json?: string | null;
  readonly imported_at: string;
  readonly shipped: number;
}

export interface OrderUpsert {
  readonly orderNumber: string;
  readonly source: OrderRow['source'];
  readonly recipient: unknown;
  readonly package: unknown;
  /** The customs declaration, or null when the order declares none. */
  readonly customs: unknown;
  /** The line items; an empty list when the source names none. */
  readonly items?: readonly unknown[];
  readonly store?: string | null | undefined;
  readonly tags?: readonly string[] | undefined;
  /** The order's note for its packing slip; absent keeps what an earlier import gave, null clears it. */
  readonly note?: string | null;
  readonly recipientName: string;
}

/**
 * The keys an order number may be stored under: as given, and with a leading
 * `#` added or dropped. A store writes `#1001`, a scanner reading the packing
 * slip or an operator typing gives `1001` (scan.ts drops a typed `#`).
 */
export function orderKeys(orderNumber: string): [string, string] {
  const key = normalizeKey(orderNumber);
  return [key, key.startsWith('#') ? key.slice(1).trim() : `#${key}`];
}

const SHIPPED = `EXISTS (SELECT 1 FROM shipments s WHERE s.order_number_lc = o.order_number_lc AND s.state = 'bought')`;

/** The orders inbox: one row per order number (case-insensitive); a later import of the same number updates it. */
export function createOrdersRepo(db: Db, now: () => Date) {
  const exists = db.prepare<[string], { id: number }>('SELECT id FROM orders WHERE order_number_lc = ?');
  const upsert = db.prepare(`INSERT INTO orders (order_number, order_number_lc, source, recipient_json, package_json, customs_json, items_json, store, tags_json, note, recipient_lc, imported_at, updated_at)
    VALUES (@orderNumber, @lc, @source, @recipient, @package, @customs, @items, @store, @tags, @note, @recipientLc, @at, @at)
    ON CONFLICT (order_number_lc) DO UPDATE SET order_number = excluded.order_number, source = excluded.source,
      recipient_json = excluded.recipient_json, package_json = excluded.package_json, customs_json = excluded.customs_json, items_json = excluded.items_json, store = excluded.store, tags_json = excluded.tags_json, note = CASE WHEN @keepNote THEN orders.note ELSE excluded.note END, recipient_lc = excluded.recipient_lc, updated_at = excluded.updated_at`);
  const one = db.prepare<[string], OrderRow>(`SELECT o.*, ${SHIPPED} AS shipped FROM orders o WHERE o.order_number_lc = ?`);
  const recent = db.prepare<[number], OrderRow>(`SELECT o.*, ${SHIPPED} AS shipped FROM orders o ORDER BY o.id DESC LIMIT ?`);
  const search = db.prepare<[string, string, string, string, number], OrderRow>(
    `SELECT o.*, ${SHIPPED} AS shipped FROM orders o
     WHERE (o.order_number_lc >= ? AND o.order_number_lc < ?) OR (o.recipient_lc >= ? AND o.recipient_lc < ?) ORDER BY o.id DESC LIMIT ?`,
  );
  return {
    /** Returns true when the order was new. */
    upsert: (o: OrderUpsert): boolean => {
      const lc = normalizeKey(o.orderNumber);
      const isNew = exists.get(lc) === undefined;
      upsert.run({
        orderNumber: o.orderNumber,
        lc,
        source: o.source,
        recipient: JSON.stringify(o.recipient),
        package: o.package === null ? null : JSON.stringify(o.package),
        customs: o.customs === null ? null : JSON.stringify(o.customs),
        items: JSON.stringify(o.items ?? []),
        store: o.store ?? null,
        tags: o.tags && o.tags.length > 0 ? JSON.stringify(o.tags) : null,
        note: o.note ?? null,
        keepNote: o.note === undefined ? 1 : 0,
        recipientLc: normalizeKey(o.recipientName),
        at: now().toISOString(),
      });
      return isNew;
    },
    /** The order as written, else under the other key (`#1001` for `1001` and back). */
    get: (orderNumber: string): OrderRow | undefined => {
      const [key, other] = orderKeys(orderNumber);
      return one.get(key) ?? (other === '' || other === '#' ? undefined : one.get(other));
    },
    list(query: string, limit: number): OrderRow[] {
      const key = normalizeKey(searchText(query));
      if (key === '') return recent.all(limit);
      const upper = prefixUpperBound(key);
      const found = search.all(key, upper, key, upper, limit);
      if (found.length > 0 || key.startsWith('#')) return found;
      // `1003` finds `#1003` too: the store's prefix is not what the operator types.
      const hashed = `#${key}`;
      return search.all(hashed, prefixUpperBound(hashed), hashed, prefixUpperBound(hashed), limit);
    },
    transaction: <T>(fn: () => T): T => db.transaction(fn)(),
  };
}
