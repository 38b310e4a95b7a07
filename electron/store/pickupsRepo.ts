import type { Pickup } from '../../shared/contract/shippingTypes';
import type { Db } from './database';

export interface PickupRow {
  readonly pickup_no: string;
  readonly confirmation_number: string | null;
  readonly pickup_date: string | null;
  readonly status: string;
  readonly carrier_code: string;
  readonly package_count: number | null;
  readonly total_weight: number | null;
  readonly tracking_nos_json: string;
  readonly created_at: string;
}

/** A pickups row as the station shows it; the warehouse's PostgreSQL table has the same columns. */
export const pickupOfRow = (r: PickupRow): Pickup => ({
  pickupNo: r.pickup_no,
  confirmationNumber: r.confirmation_number,
  pickupDate: r.pickup_date,
  status: r.status,
  carrierCode: r.carrier_code,
  packageCount: r.package_count,
  totalWeight: r.total_weight,
  trackingNos: JSON.parse(r.tracking_nos_json) as string[],
  createdAt: r.created_at,
});

export interface PickupUpsert {
  readonly pickupNo: string;
  readonly confirmationNumber: string | null;
  readonly pickupDate: string | null;
  readonly status: string;
  readonly carrierCode: string;
  readonly packageCount: number | null;
  readonly totalWeight: number | null;
  readonly trackingNos: readonly string[];
  readonly result: unknown;
}

/** Pickups this station scheduled or saw in a list; which tracking numbers are already picked. */
export function createPickupsRepo(db: Db, now: () => Date) {
  const upsert = db.prepare(`INSERT INTO pickups (pickup_no, confirmation_number, pickup_date, status, carrier_code, package_count,
      total_weight, tracking_nos_json, result_json, created_at, updated_at)
    VALUES (@pickupNo, @confirmationNumber, @pickupDate, @status, @carrierCode, @packageCount, @totalWeight, @trackingNos, @result, @at, @at)
    ON CONFLICT (pickup_no) DO UPDATE SET status = excluded.status, confirmation_number = coalesce(excluded.confirmation_number, confirmation_number),
      pickup_date = coalesce(excluded.pickup_date, pickup_date), updated_at = excluded.updated_at,
      tracking_nos_json = CASE WHEN excluded.tracking_nos_json = '[]' THEN tracking_nos_json ELSE excluded.tracking_nos_json END`);
  const byNo = db.prepare<[string], PickupRow>('SELECT * FROM pickups WHERE pickup_no = ?');
  const setStatus = db.prepare('UPDATE pickups SET status = ?, updated_at = ? WHERE pickup_no = ?');
  const confirmed = db.prepare<[], { tracking_nos_json: string }>("SELECT tracking_nos_json FROM pickups WHERE status = 'CONFIRMED'");
  return {
    upsert(p: PickupUpsert): void {
      upsert.run({
        ...p,
        trackingNos: JSON.stringify(p.trackingNos),
        result: JSON.stringify(p.result ?? null),
        at: now().toISOString(),
      });
    },
    get: (pickupNo: string): PickupRow | undefined => byNo.get(pickupNo),
    setStatus: (pickupNo: string, status: string) => void setStatus.run(status, now().toISOString(), pickupNo),
    pickedTrackingNos(): Set<string> {
      const set = new Set<string>();
      for (const row of confirmed.all()) for (const t of JSON.parse(row.tracking_nos_json) as string[]) set.add(t);
      return set;
    },
  };
}
