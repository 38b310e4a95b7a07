import type { Report, ReportByCarrier, ReportByDay, ReportLabel, ReportTotals } from '../../shared/contract/reports';
import type { Db } from './database';

export interface ReportRange {
  /** First and last local calendar day, YYYY-MM-DD, both included. */
  readonly from: string;
  readonly to: string;
}

interface DayRow {
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

/** Totals grouped by a key, in key order; the key's fields are spread into each group. */
function groupBy<K extends object>(rows: readonly DayRow[], keyOf: (row: DayRow) => K): Array<K & ReportTotals> {
  const groups = new Map<string, { key: K; totals: Totals }>();
  for (const row of rows) {
    const key = keyOf(row);
    const id = JSON.stringify(key);
    const group = groups.get(id) ?? { key, totals: zero() };
    groups.set(id, group);
    addTo(group.totals, row);
  }
  return [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, g]) => ({ ...g.key, ...g.totals }));
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
  const days = db.prepare<[string, string], DayRow>(
    'SELECT day, bench, carrier, service, voided, labels, cost_cents, insurance_cents FROM report_days WHERE day >= ? AND day <= ? AND labels <> 0',
  );
  const cols = `order_number, tracking_no, carrier_code, service_level, cost_cents, bench, state,
    CASE WHEN json_valid(request_json) THEN json_extract(request_json, '$.package_data.weight') END AS weight`;
  // The instants are a day wider than the range on each side (no time zone is further from UTC); the local day decides.
  const labelRows = db.prepare<[string, string, string, string, string, string, string, string], LabelRow>(
    `SELECT bought_at AS at, ${cols} FROM shipments
       WHERE bought_at >= ? AND bought_at < ? AND state IN ('bought', 'voided') AND date(bought_at, 'localtime') BETWEEN ? AND ?
     UNION ALL
     SELECT voided_at AS at, ${cols} FROM shipments
       WHERE bought_at IS NULL AND state = 'voided' AND voided_at >= ? AND voided_at < ? AND date(voided_at, 'localtime') BETWEEN ? AND ?
     ORDER BY at`,
  );

  function summary(range: ReportRange, thisBench: string): Report {
    const rows = days.all(range.from, range.to).map((row) => (row.bench === '' ? { ...row, bench: thisBench } : row));
    const [totals = zero()] = groupBy(rows, () => ({}));
    const byCarrier = groupBy(rows, (r) => ({ carrier: r.carrier }));
    const rowsOfDay = new Map<string, DayRow[]>();
    for (const row of rows) {
      const list = rowsOfDay.get(row.day) ?? [];
      rowsOfDay.set(row.day, list);
      list.push(row);
    }
    const byDay: ReportByDay[] = groupBy(rows, (r) => ({ day: r.day })).map((d) => ({
      ...d,
      carriers: groupBy(rowsOfDay.get(d.day) ?? [], (r): Pick<ReportByCarrier, 'carrier'> => ({ carrier: r.carrier })),
    }));
    return {
      from: range.from,
      to: range.to,
      totals: { labels: totals.labels, cents: totals.cents, voidedLabels: totals.voidedLabels, voidedCents: totals.voidedCents },
      averageCents: totals.labels > 0 ? Math.round(totals.cents / totals.labels) : null,
      insuranceCents: rows.reduce((sum, r) => sum + (r.voided ? 0 : r.insurance_cents), 0),
      byCarrier,
      byService: groupBy(rows, (r) => ({ carrier: r.carrier, service: r.service })),
      byDay,
      byBench: groupBy(rows, (r) => ({ bench: r.bench })),
    };
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

  return { summary, labels };
}

export type ReportQuery = ReturnType<typeof createReportQuery>;
