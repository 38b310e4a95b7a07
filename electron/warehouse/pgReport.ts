import type { Logger } from '../log/logger';
import type { DayRow, SharedReportRows } from '../store/reportQuery';
import { warehouseFailure, type WarehouseDb } from './database';

interface Row {
  readonly day: string;
  readonly bench: string;
  readonly carrier: string;
  readonly service: string;
  readonly voided: number;
  readonly labels: number;
  readonly cost_cents: string;
  readonly insurance_cents: string;
}

const shiftDay = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Every bench's labels summed as a bench sums its own (migration 17's day
 * totals): by the bench's local day, bench, carrier, service and voided.
 * The instants read are a day wider than the range each side; the day decides.
 */
export function createPgReport(db: WarehouseDb, log: Logger): SharedReportRows {
  const warehouseLog = log.child('warehouse');
  return {
    async days(range, timeZone) {
      try {
        const result = await db.readOrLocal(() =>
          db.withClient((c) =>
            c.query<Row>(
              `SELECT * FROM (
                 SELECT to_char(coalesce(bought_at, voided_at) AT TIME ZONE $1, 'YYYY-MM-DD') AS day, bench,
                   coalesce(carrier_code, '') AS carrier, coalesce(service_level, '') AS service, (state = 'voided')::int AS voided,
                   count(*)::int AS labels, coalesce(sum(cost_cents), 0) AS cost_cents, coalesce(sum(insurance_cents), 0) AS insurance_cents
                 FROM shipments WHERE bought_at >= $2::date AND bought_at < $3::date
                 GROUP BY 1, 2, 3, 4, 5
               ) d WHERE day BETWEEN $4 AND $5`,
              [timeZone, shiftDay(range.from, -1), shiftDay(range.to, 2), range.from, range.to],
            ),
          ),
        );
        return result.rows.map((r): DayRow => ({ ...r, cost_cents: Number(r.cost_cents), insurance_cents: Number(r.insurance_cents) }));
      } catch (error) {
        return warehouseFailure(db.where, warehouseLog, error, 'reports only the labels it holds itself: the figures are partial');
      }
    },
  };
}
