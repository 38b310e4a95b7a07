// Report benchmark (issue 24): fills a station database with shipments over two years, three benches and four
// carriers (through the journal's own triggers, as purchases write them), then times the report a screen or
// `report --json` asks for: the whole range (all_ms), one month (month_ms), and one day's label list for the CSV
// export and the end-of-day sheet (day_labels_ms). It checks the totals against a plain sum over shipments
// (totals_match). Target: a report over 1,000,000 shipments under 300 ms. `--json` prints one JSON object;
// `--rows N` changes the size; `--quick` is 2,000 rows and 20 samples (what CI runs, so it cannot rot).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openStationDatabase } from '../../electron/store/database';
import { createReportQuery } from '../../electron/store/reportQuery';

const { values } = parseArgs({ options: { json: { type: 'boolean', default: false }, quick: { type: 'boolean', default: false }, rows: { type: 'string' }, samples: { type: 'string' } } });
const rows = Number(values.rows ?? (values.quick ? 2000 : 1_000_000));
const samples = Number(values.samples ?? (values.quick ? 20 : 50));
const services = [['USPS', 'USPS_GROUND_ADVANTAGE'], ['USPS', 'USPS_PRIORITY_MAIL'], ['UPS', 'UPS_GROUND'], ['FEDEX', 'FEDEX_2_DAY']] as const;
const benches = [null, 'bench-b', 'bench-c'] as const;

let state = 0x2545f491;
const random = (): number => {
  state ^= state << 13;
  state ^= state >>> 17;
  state ^= state << 5;
  return (state >>> 0) / 4294967296;
};
const say = (line: string) => {
  if (!values.json) process.stderr.write(`${line}\n`);
};

function time(run: () => unknown): { p50_ms: number; p95_ms: number } {
  const times: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => Math.round((times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)] ?? 0) * 100) / 100;
  return { p50_ms: at(50), p95_ms: at(95) };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ps-bench-report-'));
try {
  const fillStart = performance.now();
  const station = openStationDatabase(path.join(dir, 'station.sqlite'));
  const { db } = station;
  const insert = db.prepare(`INSERT INTO shipments (package_key, platform_uk_id, state, method, request_json, tracking_no, carrier_code, service_level,
      cost_cents, insurance_cents, currency, bench, created_at, updated_at, bought_at, voided_at)
    VALUES (?, ?, ?, 'direct_buy', '{"package_data":{"weight":1.5}}', ?, ?, ?, ?, ?, 'USD', ?, ?, ?, ?, ?)`);
  const startMs = Date.UTC(2024, 0, 1);
  const spanMs = 730 * 86_400_000;
  const fill = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i += 1) {
      const [carrier, level] = services[Math.floor(random() * services.length)] ?? services[0];
      const at = new Date(startMs + Math.floor((i / rows) * spanMs)).toISOString();
      const voided = random() < 0.03;
      insert.run(`k${i}`, `ps-${i}`, voided ? 'voided' : 'bought', `T${i}`, carrier, level, 400 + Math.floor(random() * 4000), random() < 0.1 ? 5000 : null,
        benches[i % benches.length] ?? null, at, at, at, voided ? at : null);
    }
  });
  for (let from = 0; from < rows; from += 50_000) {
    fill(from, Math.min(rows, from + 50_000));
    say(`filled ${Math.min(rows, from + 50_000)} / ${rows}`);
  }
  const fillMs = Math.round(performance.now() - fillStart);

  const query = createReportQuery(db);
  const all = { from: '2023-12-31', to: '2026-01-02' };
  const report = query.summary(all, 'bench-a');
  const plain = db.prepare<[], { n: number; cents: number }>("SELECT count(*) AS n, sum(cost_cents) AS cents FROM shipments WHERE state = 'bought'").get();
  const result = {
    rows,
    fill_ms: fillMs,
    fill_us_per_row: Math.round((fillMs * 1000) / rows),
    report: {
      all_ms: time(() => query.summary(all, 'bench-a')),
      month_ms: time(() => query.summary({ from: '2025-03-01', to: '2025-03-31' }, 'bench-a')),
      day_labels_ms: time(() => query.labels({ from: '2025-03-14', to: '2025-03-14' }, 'bench-a')),
    },
    days: report.byDay.length,
    day_table_rows: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM report_days').get()?.n ?? 0,
    totals_match: report.totals.labels === plain?.n && report.totals.cents === plain.cents,
  };
  station.close();
  if (values.json) process.stdout.write(`${JSON.stringify(result)}\n`);
  else say(JSON.stringify(result, null, 2));
  if (!result.totals_match) process.exitCode = 1;
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
