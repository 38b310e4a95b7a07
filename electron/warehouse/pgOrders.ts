import type { Logger } from '../log/logger';
import type { SharedOrder, SharedOrders } from '../shipping/sharedOrders';
import { normalizeKey, prefixUpperBound, searchText } from '../store/shipmentsRepo';
import { orderKeys, type OrderRow } from '../store/ordersRepo';
import { warehouseFailure, type WarehouseDb } from './database';
import { orderKeySql } from './migrations';

interface OrderDbRow {
  readonly order_number: string;
  readonly source: OrderRow['source'];
  readonly recipient_json: string;
  readonly package_json: string | null;
  readonly customs_json: string | null;
  readonly items_json: string | null;
  readonly store: string | null;
  readonly tags_json: string | null;
  readonly imported_at: Date;
  readonly shipped: boolean;
}

const fromRow = (r: OrderDbRow): OrderRow => ({
  order_number: r.order_number,
  source: r.source,
  recipient_json: r.recipient_json,
  package_json: r.package_json,
  customs_json: r.customs_json,
  items_json: r.items_json,
  store: r.store,
  tags_json: r.tags_json,
  imported_at: r.imported_at.toISOString(),
  shipped: r.shipped ? 1 : 0,
});

const BOUGHT = `FROM shipments s WHERE ${orderKeySql('s.order_number')} = o.order_number_lc AND s.state = 'bought'`;
const COLUMNS = 'o.order_number, o.source, o.recipient_json, o.package_json, o.customs_json, o.items_json, o.store, o.tags_json, o.imported_at';
const SELECT = `SELECT ${COLUMNS}, EXISTS (SELECT 1 ${BOUGHT}) AS shipped FROM orders o`;
const SELECT_ONE = `SELECT ${COLUMNS}, ARRAY(SELECT s.platform_uk_id ${BOUGHT} ORDER BY s.bought_at) AS bought_ids FROM orders o WHERE o.order_number_lc IN ($1, $2) ORDER BY (o.order_number_lc = $1) DESC LIMIT 1`;

/** The orders inbox in the warehouse database, with the bench that last imported each order. */
export function createPgOrders(db: WarehouseDb, bench: string, log: Logger): SharedOrders {
  const warehouseLog = log.child('warehouse');
  const reading = 'answers from the orders it has seen itself';
  return {
    async upsert(orders) {
      try {
        return await db.transaction(async (c) => {
          let imported = 0;
          for (const o of orders) {
            const r = await c.query<{ inserted: boolean }>(
              `INSERT INTO orders (order_number_lc, order_number, source, recipient_json, package_json, customs_json, recipient_lc, bench, items_json, store, tags_json)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
                 ON CONFLICT (order_number_lc) DO UPDATE SET order_number = EXCLUDED.order_number, source = EXCLUDED.source,
                   recipient_json = EXCLUDED.recipient_json, package_json = EXCLUDED.package_json, customs_json = EXCLUDED.customs_json, items_json = EXCLUDED.items_json,
                   store = EXCLUDED.store, tags_json = EXCLUDED.tags_json, recipient_lc = EXCLUDED.recipient_lc, bench = EXCLUDED.bench, updated_at = now()
                 RETURNING (xmax = 0) AS inserted`,
              [
                normalizeKey(o.orderNumber),
                o.orderNumber,
                o.source,
                JSON.stringify(o.recipient),
                o.package === null ? null : JSON.stringify(o.package),
                o.customs === null ? null : JSON.stringify(o.customs),
                normalizeKey(o.recipientName),
                bench,
                JSON.stringify(o.items ?? []),
                o.store ?? null,
                o.tags && o.tags.length > 0 ? JSON.stringify(o.tags) : null,
              ],
            );
            if (r.rows[0]?.inserted) imported += 1;
          }
          return { imported, updated: orders.length - imported };
        });
      } catch (error) {
        return warehouseFailure(db.where, warehouseLog, error, 'does not import these orders: the other benches would not see them');
      }
    },

    async get(orderNumber) {
      try {
        const row = (await db.readOrLocal(() => db.withClient((c) => c.query<Omit<OrderDbRow, 'shipped'> & { bought_ids: string[] }>(SELECT_ONE, orderKeys(orderNumber))))).rows[0];
        return row ? ({ ...fromRow({ ...row, shipped: row.bought_ids.length > 0 }), boughtIds: row.bought_ids } satisfies SharedOrder) : undefined;
      } catch (error) {
        return warehouseFailure(db.where, warehouseLog, error, reading);
      }
    },

    async list(query, limit) {
      const key = normalizeKey(searchText(query));
      try {
        const byPrefix = (prefix: string) =>
          db.readOrLocal(() => db.withClient((c) =>
            prefix === ''
              ? c.query<OrderDbRow>(`${SELECT} ORDER BY o.seq DESC LIMIT $1`, [limit])
              : c.query<OrderDbRow>(
                  `${SELECT} WHERE (o.order_number_lc >= $1 AND o.order_number_lc < $2) OR (o.recipient_lc >= $1 AND o.recipient_lc < $2) ORDER BY o.seq DESC LIMIT $3`,
                  [prefix, prefixUpperBound(prefix), limit],
                ),
          ));
        const rows = await byPrefix(key);
        // `1003` finds the store's `#1003` too, as this bench's own inbox does (ordersRepo.ts).
        if (rows.rows.length === 0 && key !== '' && !key.startsWith('#')) return (await byPrefix(`#${key}`)).rows.map(fromRow);
        return rows.rows.map(fromRow);
      } catch (error) {
        return warehouseFailure(db.where, warehouseLog, error, reading);
      }
    },
  };
}
