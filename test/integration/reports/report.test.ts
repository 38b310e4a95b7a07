import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shipment } from '../../../shared/contract/shippingTypes';
import { toCents } from '../../../shared/domain/money';
import { splitCsv } from '../../../shared/domain/orderCsv';
import { cli, jsonOf } from '../../support/cli';

interface Totals {
  readonly labels: number;
  readonly total_usd: number;
  readonly voided: number;
  readonly voided_usd: number;
}
interface ReportJson extends Totals {
  readonly by_carrier: ReadonlyArray<Totals & { carrier: string }>;
  readonly by_service: ReadonlyArray<Totals & { carrier: string; service: string }>;
  readonly by_day: ReadonlyArray<Totals & { day: string }>;
  readonly by_bench: ReadonlyArray<Totals & { bench: string }>;
}

const injected = "=cmd|' /C calc'!A0";
const csv = [
  'order_number,recipient_name,street,city,state,zip_code,country,weight_oz,length_in,width_in,height_in',
  'R-1,Ann Lee,1457 Sunset Boulevard,Los Angeles,CA,90026,US,12,10,8,4',
  'R-2,Bo Ray,500 Pine Street,Seattle,WA,98101,US,30,12,10,6',
  'R-3,Cy Oak,2 Oak St,Austin,TX,78701,US,8,9,6,2',
  `"${injected}",Di Fox,10 Main St,Denver,CO,80202,US,20,10,8,4`,
].join('\n');

const localDay = (iso: string): string => {
  const d = new Date(iso);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** History's non-voided labels summed in cents by a key: what every grouping of the report must equal. */
function sums(rows: readonly Shipment[], keyOf: (s: Shipment) => string): Map<string, { labels: number; cents: number }> {
  const out = new Map<string, { labels: number; cents: number }>();
  for (const s of rows.filter((r) => r.state === 'bought')) {
    const entry = out.get(keyOf(s)) ?? { labels: 0, cents: 0 };
    out.set(keyOf(s), { labels: entry.labels + 1, cents: entry.cents + toCents(s.cost ?? 0) });
  }
  return out;
}
const asMap = <T extends Totals>(groups: readonly T[], keyOf: (g: T) => string) =>
  new Map(groups.filter((g) => g.labels > 0).map((g) => [keyOf(g), { labels: g.labels, cents: toCents(g.total_usd) }]));

let dir: string;
let data: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ps-report-'));
  data = path.join(dir, 'data');
  fs.writeFileSync(path.join(dir, 'orders.csv'), csv);
  const imported = await cli(['orders', 'import', path.join(dir, 'orders.csv'), '--data-dir', data]);
  expect(imported.code, imported.err.join('\n')).toBe(0);
  for (const [order, service] of [['R-1', 'cheapest'], ['R-2', 'fastest'], ['R-3', 'cheapest'], [injected, 'fastest']] as const) {
    const bought = await cli(['buy', '--order', order, '--service', service, '--no-print', '--data-dir', data]);
    expect(bought.code, bought.err.join('\n')).toBe(0);
  }
  const history = jsonOf<Shipment[]>(await cli(['history', '--json', 'R-1', '--data-dir', data]));
  const voided = await cli(['void', history[0]?.trackingNo ?? '', '--data-dir', data]);
  expect(voided.code, voided.err.join('\n')).toBe(0);
}, 120_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('report on the embedded sandbox', () => {
  it("totals equal History's non-voided costs to the cent, by carrier, service, day and bench", async () => {
    const history = jsonOf<Shipment[]>(await cli(['history', '--json', '--limit', '200', '--data-dir', data]));
    const days = history.map((s) => localDay(s.boughtAt ?? s.createdAt)).sort();
    const report = jsonOf<ReportJson>(await cli(['report', '--from', days[0] ?? '', '--to', days.at(-1) ?? '', '--json', '--data-dir', data]));
    expect(Object.keys(report)).toEqual(expect.arrayContaining(['labels', 'voided', 'total_usd', 'by_carrier', 'by_service', 'by_day', 'by_bench']));

    const good = history.filter((s) => s.state === 'bought');
    expect(good).toHaveLength(3);
    expect(report.labels).toBe(3);
    expect(report.voided).toBe(1);
    expect(toCents(report.total_usd)).toBe(good.reduce((sum, s) => sum + toCents(s.cost ?? 0), 0));
    const voided = history.find((s) => s.state === 'voided');
    expect(toCents(report.voided_usd)).toBe(toCents(voided?.cost ?? 0));

    expect(asMap(report.by_carrier, (g) => g.carrier)).toEqual(sums(history, (s) => s.carrierCode ?? ''));
    expect(asMap(report.by_service, (g) => `${g.carrier}/${g.service}`)).toEqual(sums(history, (s) => `${s.carrierCode ?? ''}/${s.serviceLevel ?? ''}`));
    expect(asMap(report.by_day, (g) => g.day)).toEqual(sums(history, (s) => localDay(s.boughtAt ?? s.createdAt)));
    expect(asMap(report.by_bench, () => 'all')).toEqual(sums(history, () => 'all'));
    expect(report.by_bench.map((b) => b.bench)).toEqual(['this bench']);
  }, 60_000);

  it('writes one CSV row per label with the right columns and an order number that cannot run as a formula', async () => {
    const file = path.join(dir, 'labels.csv');
    const today = localDay(new Date().toISOString());
    const run = await cli(['report', '--from', today, '--to', today, '--csv', file, '--data-dir', data]);
    expect(run.code, run.err.join('\n')).toBe(0);
    const text = fs.readFileSync(file, 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, ...lines] = splitCsv(text.slice(1)).map((r) => r.fields);
    const rows = lines.map((fields) => Object.fromEntries((header ?? []).map((name, i) => [name, fields[i] ?? ''])));
    expect(header).toEqual(['date', 'order number', 'tracking number', 'carrier', 'service', 'weight (lb)', 'cost (USD)', 'bench', 'voided']);
    expect(rows).toHaveLength(4);
    expect(rows.map((r) => r['order number']).sort()).toEqual([`'${injected}`, 'R-1', 'R-2', 'R-3']);
    expect(rows.filter((r) => r.voided === 'yes').map((r) => r['order number'])).toEqual(['R-1']);
    for (const row of rows) expect(row['cost (USD)']).toMatch(/^\d+\.\d\d$/);
    // The weights the orders gave (12 and 30 oz), in pounds.
    expect([rows.find((r) => r['order number'] === 'R-1')?.['weight (lb)'], rows.find((r) => r['order number'] === 'R-2')?.['weight (lb)']]).toEqual(['0.75', '1.875']);
    for (const row of rows) expect(Object.values(row).every((cell) => !/^[=+\-@\t\r]/.test(cell))).toBe(true);
  }, 60_000);

  it('refuses a range whose first day comes after its last, in words', async () => {
    const run = await cli(['report', '--from', '2026-02-02', '--to', '2026-02-01', '--json', '--data-dir', data]);
    expect(run.code).not.toBe(0);
    expect(run.err.join('\n')).toMatch(/first day comes after the last/);
  }, 30_000);
});
