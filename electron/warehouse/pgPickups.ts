import type { Logger } from '../log/logger';
import type { SharedPickup, SharedPickups, TodaysLabel } from '../shipping/sharedPickups';
import { pickupOfRow, type PickupRow } from '../store/pickupsRepo';
import { warehouseFailure, type WarehouseDb } from './database';
import type { LocalOutbox } from './localOutbox';
import type { WarehouseWrites } from './warehouseWrites';

/** The bench's own pickups columns, plus the bench that booked or last changed the pickup. */
interface PickupDbRow extends Omit<PickupRow, 'created_at'> {
  readonly bench: string;
  readonly created_at: Date;
}

const fromRow = (r: PickupDbRow): SharedPickup => ({ ...pickupOfRow({ ...r, created_at: r.created_at.toISOString() }), bench: r.bench });

/**
 * Carrier pickups in the warehouse database: every bench's, with the bench
 * that booked or last changed each. What this bench learns of a pickup goes
 * through its outbox, read from its own pickups when sent.
 */
export function createPgPickups(options: {
  readonly db: WarehouseDb;
  readonly bench: string;
  readonly log: Logger;
  readonly outbox: LocalOutbox;
  readonly writes: WarehouseWrites;
}): SharedPickups {
  const { db, bench, log, outbox, writes } = options;
  const warehouseLog = log.child('warehouse');
  const refuse = (error: unknown, doing: string): never => warehouseFailure(db.where, warehouseLog, error, doing);
  const reading = 'cannot list every bench\'s labels and pickups';

  writes.handle('pickup', async (client, entry) => {
    const kept = outbox.pickup(entry.ref);
    if (!kept) return;
    const { pickup: p, result } = kept;
    // The service's list carries no tracking numbers for some pickups: an empty list never overwrites the ones a bench booked.
    await client.query(
      `INSERT INTO pickups (pickup_no, bench, confirmation_number, pickup_date, status, carrier_code, package_count, total_weight, tracking_nos_json, result_json)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT (pickup_no) DO UPDATE SET status = EXCLUDED.status, updated_at = now(),
           bench = CASE WHEN pickups.status = EXCLUDED.status THEN pickups.bench ELSE EXCLUDED.bench END,
           confirmation_number = coalesce(EXCLUDED.confirmation_number, pickups.confirmation_number),
           pickup_date = coalesce(EXCLUDED.pickup_date, pickups.pickup_date),
           tracking_nos_json = CASE WHEN EXCLUDED.tracking_nos_json = '[]' THEN pickups.tracking_nos_json ELSE EXCLUDED.tracking_nos_json END`,
      [p.pickupNo, bench, p.confirmationNumber, p.pickupDate, p.status, p.carrierCode, p.packageCount, p.totalWeight, JSON.stringify(p.trackingNos), JSON.stringify(result ?? null)],
    );
  });

  return {
    async todaysLabels(backendId, since) {
      try {
        const rows = await db.withClient((c) =>
          c.query<{ platform_uk_id: string; tracking_no: string; recipient_name: string | null; service_name: string | null; is_return: boolean }>(
            `SELECT platform_uk_id, tracking_no, recipient_name, service_name, is_return FROM shipments
              WHERE backend_id = $1 AND bought_at >= $2 AND state = 'bought' AND carrier_code = 'USPS' AND tracking_no IS NOT NULL AND tracking_no <> ''
              ORDER BY bought_at, platform_uk_id`,
            [backendId, since],
          ),
        );
        return rows.rows.map(
          (r): TodaysLabel => ({ platformUkId: r.platform_uk_id, trackingNo: r.tracking_no, recipientName: r.recipient_name, serviceName: r.service_name, isReturn: r.is_return }),
        );
      } catch (error) {
        return refuse(error, reading);
      }
    },

    async picked() {
      try {
        const rows = await db.withClient((c) => c.query<{ tracking_nos_json: string }>("SELECT tracking_nos_json FROM pickups WHERE status = 'CONFIRMED'"));
        return new Set(rows.rows.flatMap((r) => JSON.parse(r.tracking_nos_json) as string[]));
      } catch (error) {
        return refuse(error, reading);
      }
    },

    async beforeBooking() {
      try {
        await db.withClient((c) => c.query('SELECT 1'));
      } catch (error) {
        refuse(error, 'does not book a pickup: the other benches would not know of it');
      }
    },

    async get(pickupNo) {
      try {
        const row = (await db.readOrLocal(() => db.withClient((c) => c.query<PickupDbRow>('SELECT * FROM pickups WHERE pickup_no = $1', [pickupNo])))).rows[0];
        return row ? fromRow(row) : undefined;
      } catch (error) {
        return refuse(error, reading);
      }
    },

    record: (pickupNo) => writes.deliver({ kind: 'pickup', ref: pickupNo }, 'a pickup'),
  };
}
