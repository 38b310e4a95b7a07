import fs from 'node:fs';
import { parseArgs } from 'node:util';
import type { Report, ReportLabel, ReportTotals } from '../../shared/contract/reports';
import { csvLine } from '../../shared/domain/csvCell';
import { formatMoney, toDollars } from '../../shared/domain/money';
import { stationOptions, stationOptionsUsage, withHeadlessStation } from './headless';
import type { CliCommand } from './command';

const pad = (n: number) => String(n).padStart(2, '0');
const today = (now: Date): string => `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;

const totalsJson = (t: ReportTotals) => ({ labels: t.labels, total_usd: toDollars(t.cents), voided: t.voidedLabels, voided_usd: toDollars(t.voidedCents) });

/** The report as `--json` prints it: the keys, dollars as numbers to the cent. */
export function reportJson(r: Report) {
  return {
    from: r.from,
    to: r.to,
    labels: r.totals.labels,
    voided: r.totals.voidedLabels,
    total_usd: toDollars(r.totals.cents),
    voided_usd: toDollars(r.totals.voidedCents),
    average_usd: r.averageCents === null ? null : toDollars(r.averageCents),
    insurance_usd: toDollars(r.insuranceCents),
    by_carrier: r.byCarrier.map((c) => ({ carrier: c.carrier, ...totalsJson(c) })),
    by_service: r.byService.map((s) => ({ carrier: s.carrier, service: s.service, ...totalsJson(s) })),
    by_day: r.byDay.map((d) => ({ day: d.day, ...totalsJson(d), by_carrier: d.carriers.map((c) => ({ carrier: c.carrier, ...totalsJson(c) })) })),
    by_bench: r.byBench.map((b) => ({ bench: b.bench, ...totalsJson(b) })),
  };
}

export const CSV_COLUMNS = ['date', 'order number', 'tracking number', 'carrier', 'service', 'weight (lb)', 'cost (USD)', 'bench', 'voided'] as const;

/** One row per label; a BOM first so Excel reads the file as UTF-8. */
export function reportCsv(labels: readonly ReportLabel[]): string {
  const rows = labels.map((l) =>
    csvLine([l.boughtAt, l.orderNumber, l.trackingNo, l.carrier, l.service, l.weightLb, l.cents === null ? null : (l.cents / 100).toFixed(2), l.bench, l.voided ? 'yes' : 'no']),
  );
  return `\uFEFF${csvLine(CSV_COLUMNS)}${rows.join('')}`;
}

const words = (r: Report): string[] => [
  `${r.from} to ${r.to}: ${r.totals.labels} label${r.totals.labels === 1 ? '' : 's'}, ${formatMoney(r.totals.cents)} postage` +
    (r.totals.voidedLabels > 0 ? `; ${r.totals.voidedLabels} voided (${formatMoney(r.totals.voidedCents)} back)` : ''),
  ...r.byCarrier.map((c) => `  ${(c.carrier || '-').padEnd(12)} ${String(c.labels).padStart(6)}  ${formatMoney(c.cents)}`),
];

export const reportCommand: CliCommand = {
  name: 'report',
  summary: 'Labels and postage over a range of days, by carrier, service, day and bench; or every label as CSV',
  usage: [
    'Usage: parcel-station report [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--json | --csv FILE] [options]',
    '',
    '  --from, --to  first and last day (the station\'s local days, both included); both default to today',
    '  --json        {"labels", "voided", "total_usd", "by_carrier", "by_service", "by_day", "by_bench", ...}',
    '  --csv FILE    one row per label: date, order number, tracking number, carrier, service, weight, cost, bench, voided',
    ...stationOptionsUsage,
  ].join('\n'),
  async run(argv, io) {
    const { values } = parseArgs({
      args: [...argv],
      options: { ...stationOptions, from: { type: 'string' }, to: { type: 'string' }, json: { type: 'boolean', default: false }, csv: { type: 'string' } },
      strict: true,
    });
    const to = values.to ?? today(new Date());
    const range = { from: values.from ?? to, to };
    return withHeadlessStation(values, async (headless) => {
      if (values.csv !== undefined) {
        const { labels } = await headless.call('report.labels', range);
        fs.writeFileSync(values.csv, reportCsv(labels));
        io.out(`Wrote ${labels.length} label${labels.length === 1 ? '' : 's'} to ${values.csv}.`);
        return 0;
      }
      const report = await headless.call('report.summary', range);
      if (values.json) io.out(JSON.stringify(reportJson(report)));
      else for (const line of words(report)) io.out(line);
      return 0;
    });
  },
};
