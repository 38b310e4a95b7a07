import type { DaySheet, Report, ReportByCarrier, ReportByDay, ReportLabel, ReportTotals, SheetPickup } from '../../shared/contract/reports';
import type { Db } from './database';

export interface ReportRange {
  /** First and last local calendar day, YYYY-MM-DD, both included. */
  readonly from: string;
  readonly to: string;
}

/** One group of a range's labels: a local day, bench, carrier, service and voided-or-not, with its sums. */
export interface DayRow {
  readonly day: string;
  readonly bench: string;
  readonly carrier: string;
  readonly service: string;
  readonly voided: number;
  readonly labels: number;
  readonly cost_cents: number;
  readonly insurance_cents: number;
}

interface LabelRow {
  readonly at: string;
  readonly order_number: string | null;
  readonly tracking_no: string | null;
  readonly carrier_code: string | null;
  readonly service_level: string | null;
  readonly weight: number | null;
  readonly cost_cents: number | null;
  readonly bench: string | null;
  readonly state: string;
}

type Totals = { labels: number; cents: number; voidedLabels: number; voidedCents: number };
const zero = (): Totals => ({ labels: 0, cents: 0, voidedLabels: 0, voidedCents: 0 });

function addTo(totals: Totals, row: DayRow): void {
  if (row.voided) {
    totals.voidedLabels += row.labels;
    totals.voidedCents += row.cost_cents;
  } else {
    totals.labels += row.labels;
    totals.cents += row.cost_cents;
  }
}

/** Totals grouped by a key (`idOf`, in its order); `keyOf` spells the key's fields once per group. */
function groupBy<K extends object>(rows: readonly DayRow[], idOf: (row: DayRow) => string, keyOf: (row: DayRow) => K): Array<K & ReportTotals> {
  const groups = new Map<string, { key: K; totals: Totals }>();
  for (const row of rows) {
    const id = idOf(row);
    let group = groups.get(id);
    if (!group) {
      group = { key: keyOf(row), totals: zero() };
      groups.set(id, group);
    }
    addTo(group.totals, row);
  }
  return [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, g]) => ({ ...g.key, ...g.totals }));
}

/**
 * A report from day totals, whichever store summed them: this bench's
 * per-day table, or (warehouse mode) every bench's rows in the warehouse
 * database grouped the same way.
 */
export function foldReport(rows: readonly DayRow[], range: ReportRange): Report {
  const [totals = zero()] = groupBy(rows, () => '', () => ({}));
  const byCarrier = groupBy(rows, (r) => r.carrier, (r) => ({ carrier: r.carrier }));
  const rowsOfDay = new Map<string, DayRow[]>();
  for (const row of rows) {
    const list = rowsOfDay.get(row.day) ?? [];
    rowsOfDay.set(row.day, list);
    list.push(row);
  }
  const byDay: ReportByDay[] = [...rowsOfDay.keys()].sort().map((day) => {
    const ofDay = rowsOfDay.get(day) ?? [];
    const [dayTotals = zero()] = groupBy(ofDay, () => '', () => ({}));
    return { day, ...dayTotals, carriers: groupBy(ofDay, (r) => r.carrier, (r): Pick<ReportByCarrier, 'carrier'> => ({ carrier: r.carrier })) };
  });
  return {
    from: range.from,
    to: range.to,
    totals: { labels: totals.labels, cents: totals.cents, voidedLabels: totals.voidedLabels, voidedCents: totals.voidedCents },
    averageCents: totals.labels > 0 ? Math.round(totals.cents / totals.labels) : null,
    insuranceCents: rows.reduce((sum, r) => sum + (r.voided ? 0 : r.insurance_cents), 0),
    byCarrier,
    byService: groupBy(rows, (r) => `${r.carrier}\u0000${r.service}`, (r) => ({ carrier: r.carrier, service: r.service })),
    byDay,
    byBench: groupBy(rows, (r) => r.bench, (r) => ({ bench: r.bench })),
  };
}


const shiftDay = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The one report query layer (issue 24): the Reports screen, `report` on the
 * command line and the end-of-day sheet all read their numbers here, so they
 * agree with each other and, to the cent, with History's rows. Totals come
 * from the per-day table migration 17's triggers keep (a few hundred rows for
 * a year, whatever the number of labels); the label list reads shipments.
 * `thisBench` names the rows this bench bought itself.
 */
export function createReportQuery(db: Db) {
  const days = db.prepare<[string, string, string], DayRow>(
    "SELECT day, CASE bench WHEN '' THEN ? ELSE bench END AS bench, carrier, service, voided, labels, cost_cents, insurance_cents FROM report_days WHERE day >= ? AND day <= ? AND labels <> 0",
  );
  const cols = `order_number, tracking_no, carrier_code, service_level, cost_cents, bench, state,
    coalesce(CASE WHEN json_valid(request_json) THEN json_extract(request_json, '$.package_data.weight') END,
      CASE WHEN json_valid(chosen_json) THEN round(json_extract(chosen_json, '$.weightOz') / 16.0, 4) END) AS weight`;
  // The planner, without statistics, may take the state index (every row) over the day's range: the indexes are named.
  // The instants are a day wider than the range on each side (no time zone is further from UTC); the local day decides.
  const labelRows = db.prepare<[string, string, string, string, string, string, string, string], LabelRow>(
    `SELECT bought_at AS at, ${cols} FROM shipments INDEXED BY shipments_bought_at
       WHERE bought_at >= ? AND bought_at < ? AND state IN ('bought', 'voided') AND date(bought_at, 'localtime') BETWEEN ? AND ?
     UNION ALL
     SELECT voided_at AS at, ${cols} FROM shipments INDEXED BY shipments_voided_unbought
       WHERE bought_at IS NULL AND state = 'voided' AND voided_at >= ? AND voided_at < ? AND date(voided_at, 'localtime') BETWEEN ? AND ?
     ORDER BY at`,
  );

  const pickupsOfDay = db.prepare<[string], SheetPickup>(
    `SELECT confirmation_number AS confirmationNumber, carrier_code AS carrier, pickup_date AS pickupDate, package_count AS packages, status
     FROM pickups WHERE date(created_at, 'localtime') = ? ORDER BY created_at`,
  );

  function summary(range: ReportRange, thisBench: string): Report {
    return foldReport(days.all(thisBench, range.from, range.to), range);
  }

  function labels(range: ReportRange, thisBench: string): ReportLabel[] {
    const lo = `${shiftDay(range.from, -1)}T`;
    const hi = `${shiftDay(range.to, 2)}T`;
    return labelRows.all(lo, hi, range.from, range.to, lo, hi, range.from, range.to).map((r) => ({
      boughtAt: r.at,
      orderNumber: r.order_number,
      trackingNo: r.tracking_no,
      carrier: r.carrier_code,
      service: r.service_level,
      weightLb: typeof r.weight === 'number' ? r.weight : null,
      cents: r.cost_cents,
      bench: r.bench ?? thisBench,
      voided: r.state === 'voided',
    }));
  }

  /** One day's sheet: the pickups are this bench's own bookings (the pickups table keeps no other bench's). */
  function daySheet(day: string, thisBench: string): DaySheet {
    return { report: summary({ from: day, to: day }, thisBench), pickups: pickupsOfDay.all(day) };
  }

  return { summary, labels, daySheet };
}

export type ReportQuery = ReturnType<typeof createReportQuery>;

/** Every bench's day totals (electron/warehouse/), grouped as DayRow in the time zone named; throws in words while away. */
export interface SharedReportRows {
  days(range: ReportRange, timeZone: string): Promise<DayRow[]>;
}
