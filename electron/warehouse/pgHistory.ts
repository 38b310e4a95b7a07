import type { Logger } from '../log/logger';
import type { SharedHistory } from '../shipping/sharedHistory';
import { normalizeKey, normalizeTracking, searchText } from '../store/shipmentsRepo';
import { warehouseFailure, type WarehouseDb } from './database';

interface Row {
  readonly platform_uk_id: string;
  readonly state: string;
}

/** A LIKE pattern matching `text` anywhere, its own % _ and \ taken literally. */
const anywhere = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Every bench's labels that match a History search: a tracking number,
 * platform id or shipment number exactly, or any part of a tracking number,
 * order number or recipient name (as a bench's own search finds them).
 */
export function createPgHistory(db: WarehouseDb, log: Logger): SharedHistory {
  const warehouseLog = log.child('warehouse');
  return {
    async search(query, limit) {
      const text = searchText(query).trim();
      try {
        const rows = await db.readOrLocal(() =>
          db.withClient((c) =>
            text === ''
              ? c.query<Row>('SELECT platform_uk_id, state FROM shipments ORDER BY bought_at DESC LIMIT $1', [limit])
              : c.query<Row>(
                  `SELECT platform_uk_id, state FROM shipments
                   WHERE tracking_lc = $1 OR platform_uk_id = $2 OR shipment_no = $2
                      OR tracking_lc LIKE $3 OR lower(order_number) LIKE $4 OR lower(recipient_name) LIKE $4
                   ORDER BY bought_at DESC LIMIT $5`,
                  [normalizeTracking(text), text, anywhere(normalizeTracking(text)), anywhere(normalizeKey(text)), limit],
                ),
          ),
        );
        return rows.rows.map((r) => ({ platformUkId: r.platform_uk_id, voided: r.state === 'voided' }));
      } catch (error) {
        return warehouseFailure(db.where, warehouseLog, error, 'lists only its own labels: the list is partial');
      }
    },
  };
}
