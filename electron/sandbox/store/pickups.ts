import type { Db } from './db';

export interface PickupRecord {
  readonly pickupNo: string;
  readonly confirmationNumber: string;
  readonly status: 'CONFIRMED' | 'CANCELED';
  readonly carrierCode: string;
  readonly pickupDate: string;
  readonly packageLocation: readonly string[];
  readonly packageLocationExt: string | null;
  readonly pickupLocation: unknown;
  readonly trackingNos: readonly string[];
  readonly packageTotalNum: number;
  readonly packageTotalWeight: number;
  readonly createdAt: string;
  readonly canceledAt: string | null;
}

interface Row {
  pickup_no: string;
  confirmation_number: string;
  status: 'CONFIRMED' | 'CANCELED';
  carrier_code: string;
  pickup_date: string;
  package_location: string;
  package_location_ext: string | null;
  pickup_location: string | null;
  tracking_nos: string;
  package_total_num: number;
  package_total_weight: number;
  created_at: string;
  canceled_at: string | null;
}

const fromRow = (row: Row): PickupRecord => ({
  pickupNo: row.pickup_no,
  confirmationNumber: row.confirmation_number,
  status: row.status,
  carrierCode: row.carrier_code,
  pickupDate: row.pickup_date,
  packageLocation: JSON.parse(row.package_location) as string[],
  packageLocationExt: row.package_location_ext,
  pickupLocation: row.pickup_location ? (JSON.parse(row.pickup_location) as unknown) : null,
  trackingNos: JSON.parse(row.tracking_nos) as string[],
  packageTotalNum: row.package_total_num,
  packageTotalWeight: row.package_total_weight,
  createdAt: row.created_at,
  canceledAt: row.canceled_at,
});

export interface PickupFilter {
  readonly confirmationNumber?: string;
  readonly status?: string;
  readonly carrierCode?: string;
  readonly oldestFirst: boolean;
  readonly limit: number;
  readonly offset: number;
}

export class PickupStore {
  constructor(private readonly db: Db) {}

  insert(p: PickupRecord): void {
    this.db
      .prepare(`INSERT INTO pickups (pickup_no, confirmation_number, status, carrier_code, pickup_date, package_location,
        package_location_ext, pickup_location, tracking_nos, package_total_num, package_total_weight, created_at, canceled_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
      .run(
        p.pickupNo,
        p.confirmationNumber,
        p.status,
        p.carrierCode,
        p.pickupDate,
        JSON.stringify(p.packageLocation),
        p.packageLocationExt,
        p.pickupLocation === null ? null : JSON.stringify(p.pickupLocation),
        JSON.stringify(p.trackingNos),
        p.packageTotalNum,
        p.packageTotalWeight,
        p.createdAt,
        p.canceledAt,
      );
  }

  get(pickupNo: string): PickupRecord | undefined {
    const row = this.db.prepare<[string], Row>('SELECT * FROM pickups WHERE pickup_no = ?').get(pickupNo);
    return row ? fromRow(row) : undefined;
  }

  cancel(pickupNo: string, at: string): boolean {
    return (
      this.db.prepare("UPDATE pickups SET status = 'CANCELED', canceled_at = ? WHERE pickup_no = ? AND status = 'CONFIRMED'").run(at, pickupNo)
        .changes === 1
    );
  }

  list(filter: PickupFilter): { items: PickupRecord[]; total: number } {
    const where: string[] = [];
    const args: string[] = [];
    if (filter.confirmationNumber) {
      where.push('confirmation_number = ?');
      args.push(filter.confirmationNumber);
    }
    if (filter.status) {
      where.push('status = ?');
      args.push(filter.status);
    }
    if (filter.carrierCode) {
      where.push('carrier_code = ?');
      args.push(filter.carrierCode);
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const total = (this.db.prepare(`SELECT COUNT(*) AS n FROM pickups ${clause}`).get(...args) as { n: number }).n;
    const order = filter.oldestFirst ? 'ASC' : 'DESC';
    const rows = this.db
      .prepare<unknown[], Row>(`SELECT * FROM pickups ${clause} ORDER BY created_at ${order}, rowid ${order} LIMIT ? OFFSET ?`)
      .all(...args, filter.limit, filter.offset);
    return { items: rows.map(fromRow), total };
  }
}
