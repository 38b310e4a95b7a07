import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../electron/store/database';
import { migrations } from '../../../electron/store/migrations';
import { createReportQuery } from '../../../electron/store/reportQuery';
import { createShipmentsRepo } from '../../../electron/store/shipmentsRepo';
import { csvCell, csvLine } from '../../../shared/domain/csvCell';

const open: Array<{ close(): void }> = [];
afterEach(() => open.splice(0).forEach((db) => db.close()));

function station() {
  const db = openDatabase({ file: ':memory:' });
  open.push(db);
  let clock = new Date(2026, 2, 14, 10, 0, 0);
  const repo = createShipmentsRepo(db, () => clock);
  const buy = (key: string, carrier: string, service: string, cents: number) => {
    const row = repo.insertPending({ packageKey: key, platformUkId: `p-${key}`, backendId: 'sandbox', method: 'direct_buy', requestJson: '{"package_data":{"weight":2.25}}', chosenJson: null, orderNumber: key, recipientName: 'Ann Lee', insuranceCents: null, isReturn: false });
    repo.markBought(row.id, { resultJson: '{}', shipmentNo: `S-${key}`, trackingNo: `T-${key}`, carrierCode: carrier, serviceLevel: service, serviceName: service, costCents: cents, currency: 'USD', duplicateLabel: false, rateMismatchJson: null, note: null, labels: [] });
    return row.id;
  };
  return { db, repo, buy, query: createReportQuery(db), moveTo: (d: Date) => void (clock = d) };
}

describe('the report query layer', () => {
  it('keeps day totals in step with purchases, voids and corrections, by carrier, service, day and bench', () => {
    const s = station();
    s.buy('a', 'USPS', 'GROUND', 512);
    const voidMe = s.buy('b', 'USPS', 'PRIORITY', 905);
    s.moveTo(new Date(2026, 2, 15, 23, 30, 0));
    s.buy('c', 'UPS', 'UPS_GROUND', 1299);
    s.repo.markVoided(voidMe);
    const r = s.query.summary({ from: '2026-03-14', to: '2026-03-15' }, 'Bench A');
    expect(r.totals).toEqual({ labels: 2, cents: 1811, voidedLabels: 1, voidedCents: 905 });
    expect(r.averageCents).toBe(906);
    expect(r.byDay.map((d) => [d.day, d.labels, d.cents, d.voidedLabels])).toEqual([['2026-03-14', 1, 512, 1], ['2026-03-15', 1, 1299, 0]]);
    expect(r.byDay[1]?.carriers.map((c) => [c.carrier, c.cents])).toEqual([['UPS', 1299]]);
    expect(r.byService.map((g) => [g.carrier, g.service, g.labels, g.voidedLabels])).toEqual([['UPS', 'UPS_GROUND', 1, 0], ['USPS', 'GROUND', 1, 0], ['USPS', 'PRIORITY', 0, 1]]);
    expect(r.byBench).toEqual([{ bench: 'Bench A', labels: 2, cents: 1811, voidedLabels: 1, voidedCents: 905 }]);
    expect(s.query.summary({ from: '2026-03-15', to: '2026-03-15' }, 'Bench A').totals.cents).toBe(1299);

    s.db.prepare("UPDATE shipments SET cost_cents = 600, bench = 'Bench B' WHERE order_number = 'a'").run();
    const moved = s.query.summary({ from: '2026-03-14', to: '2026-03-14' }, 'Bench A');
    expect(moved.byBench.map((b) => [b.bench, b.labels, b.cents, b.voidedLabels])).toEqual([['Bench A', 0, 0, 1], ['Bench B', 1, 600, 0]]);
    s.db.prepare("DELETE FROM shipments WHERE order_number = 'a'").run();
    expect(s.query.summary({ from: '2026-03-14', to: '2026-03-14' }, 'Bench A').totals).toEqual({ labels: 0, cents: 0, voidedLabels: 1, voidedCents: 905 });
  });

  it('lists a range\'s labels oldest first, by the local day they were bought, with their weight', () => {
    const s = station();
    s.buy('a', 'USPS', 'GROUND', 512);
    s.moveTo(new Date(2026, 2, 15, 0, 5, 0));
    s.buy('b', 'UPS', 'UPS_GROUND', 700);
    expect(s.query.labels({ from: '2026-03-15', to: '2026-03-15' }, 'Bench A').map((l) => [l.orderNumber, l.weightLb, l.cents, l.bench, l.voided])).toEqual([['b', 2.25, 700, 'Bench A', false]]);
    expect(s.query.labels({ from: '2026-03-14', to: '2026-03-15' }, 'Bench A').map((l) => l.orderNumber)).toEqual(['a', 'b']);
  });

  it('migration 17 counts the labels already in a database when it runs', () => {
    const db = openDatabase({ file: ':memory:', migrations: migrations.slice(0, 16) });
    open.push(db);
    db.prepare(`INSERT INTO shipments (package_key, platform_uk_id, state, method, request_json, carrier_code, service_level, cost_cents, created_at, updated_at, bought_at)
      VALUES ('k', 'p', 'bought', 'direct_buy', '{}', 'USPS', 'GROUND', 321, ?, ?, ?)`).run(...Array(3).fill(new Date(2026, 0, 2, 12).toISOString()));
    db.exec(migrations[16]?.sql ?? '');
    expect(createReportQuery(db).summary({ from: '2026-01-02', to: '2026-01-02' }, 'here').totals).toEqual({ labels: 1, cents: 321, voidedLabels: 0, voidedCents: 0 });
  });
});

describe('CSV cells a spreadsheet opens as text', () => {
  it('neutralises a formula and quotes what needs quoting', () => {
    expect(csvCell("=cmd|' /C calc'!A0")).toBe("'=cmd|' /C calc'!A0");
    for (const lead of ['+1', '-2', '@SUM(A1)', '\tx', '\rx']) expect(csvCell(lead).replace(/^"/, '').startsWith("'")).toBe(true);
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
    expect(csvLine(['x', 1.5, true])).toBe('x,1.5,true\r\n');
  });
});
