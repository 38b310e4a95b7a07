import type { Migration } from './index';

/** One shipments row's share of a day's totals, spelt once for every trigger (`r` is new or old). */
const key = (r: string): string =>
  `date(coalesce(${r}.bought_at, ${r}.voided_at), 'localtime'), coalesce(${r}.bench, ''), coalesce(${r}.carrier_code, ''),
   coalesce(${r}.service_level, ''), ${r}.state = 'voided', 1, coalesce(${r}.cost_cents, 0), coalesce(${r}.insurance_cents, 0)`;
const counted = (r: string): string => `${r}.state IN ('bought', 'voided') AND coalesce(${r}.bought_at, ${r}.voided_at) IS NOT NULL`;
const add = (r: string): string => `INSERT INTO report_days (day, bench, carrier, service, voided, labels, cost_cents, insurance_cents)
  VALUES (${key(r)})
  ON CONFLICT (day, bench, carrier, service, voided) DO UPDATE SET labels = labels + 1,
    cost_cents = cost_cents + excluded.cost_cents, insurance_cents = insurance_cents + excluded.insurance_cents;`;
const remove = `UPDATE report_days SET labels = labels - 1, cost_cents = cost_cents - coalesce(old.cost_cents, 0),
    insurance_cents = insurance_cents - coalesce(old.insurance_cents, 0)
  WHERE day = date(coalesce(old.bought_at, old.voided_at), 'localtime') AND bench = coalesce(old.bench, '')
    AND carrier = coalesce(old.carrier_code, '') AND service = coalesce(old.service_level, '') AND voided = (old.state = 'voided');`;
const watched = 'state, bought_at, voided_at, bench, carrier_code, service_level, cost_cents, insurance_cents';

/**
 * Reports (issue 24). A report over a million labels must answer in well
 * under a second, and even a covering index leaves SQLite grouping a million
 * rows; so triggers keep a running total per local calendar day, bench,
 * carrier, service and voided-or-not, and a report reads a few hundred of
 * those. The day is the station's local day when the row is written, what
 * "today" means at a bench (shipping/deps.ts startOfLocalDay).
 *
 * shipments.bench names the bench that bought a label another bench's
 * warehouse row brought here; NULL is this bench.
 */
export const m017ReportDays: Migration = {
  version: 17,
  name: 'reports: daily totals by bench, carrier and service',
  sql: `
    ALTER TABLE shipments ADD COLUMN bench TEXT;
    CREATE TABLE report_days (
      day TEXT NOT NULL,
      bench TEXT NOT NULL,
      carrier TEXT NOT NULL,
      service TEXT NOT NULL,
      voided INTEGER NOT NULL,
      labels INTEGER NOT NULL,
      cost_cents INTEGER NOT NULL,
      insurance_cents INTEGER NOT NULL,
      PRIMARY KEY (day, bench, carrier, service, voided)
    ) WITHOUT ROWID;
    -- A label voided at the service that this bench never saw bought is listed by its void (reportQuery's label list).
    CREATE INDEX shipments_voided_unbought ON shipments (voided_at) WHERE bought_at IS NULL AND state = 'voided';
    INSERT INTO report_days (day, bench, carrier, service, voided, labels, cost_cents, insurance_cents)
      SELECT date(coalesce(bought_at, voided_at), 'localtime'), '', coalesce(carrier_code, ''), coalesce(service_level, ''),
        state = 'voided', count(*), sum(coalesce(cost_cents, 0)), sum(coalesce(insurance_cents, 0))
      FROM shipments s WHERE ${counted('s')}
      GROUP BY 1, 2, 3, 4, 5;

    CREATE TRIGGER report_days_insert AFTER INSERT ON shipments WHEN ${counted('new')} BEGIN
      ${add('new')}
    END;
    CREATE TRIGGER report_days_leave AFTER UPDATE OF ${watched} ON shipments WHEN ${counted('old')} BEGIN
      ${remove}
    END;
    CREATE TRIGGER report_days_enter AFTER UPDATE OF ${watched} ON shipments WHEN ${counted('new')} BEGIN
      ${add('new')}
    END;
    CREATE TRIGGER report_days_delete AFTER DELETE ON shipments WHEN ${counted('old')} BEGIN
      ${remove}
    END;
  `,
};
