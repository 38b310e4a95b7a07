import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../electron/store/database';
import { createShipmentsRepo } from '../../electron/store/shipmentsRepo';
import { toCents } from '../../shared/domain/money';
import { cli, jsonOf } from '../support/cli';
import { useBench } from './fixture';

interface CliDay {
  readonly day: string;
  readonly total_usd: number;
  readonly by_carrier: ReadonlyArray<{ readonly carrier: string; readonly total_usd: number }>;
}

/** Labels bought on three days, written through the station's own store in the bench's data folder. */
function seed(dataDir: string): void {
  const db = openDatabase({ file: path.join(dataDir, 'station.sqlite') });
  let clock = new Date();
  const repo = createShipmentsRepo(db, () => clock);
  const buy = (day: number, hour: number, key: string, carrier: string, cents: number): number => {
    clock = new Date(2026, 2, day, hour, 15);
    const row = repo.insertPending({ packageKey: key, platformUkId: `seed-${key}`, backendId: 'sandbox', method: 'direct_buy', requestJson: '{}', chosenJson: null, orderNumber: key, recipientName: 'Ann Lee', insuranceCents: null, isReturn: false });
    repo.markBought(row.id, { resultJson: '{}', shipmentNo: `S-${key}`, trackingNo: `T-${key}`, carrierCode: carrier, serviceLevel: `${carrier}_GROUND`, serviceName: null, costCents: cents, currency: 'USD', duplicateLabel: false, rateMismatchJson: null, note: null, labels: [] });
    return row.id;
  };
  buy(10, 9, 'a', 'USPS', 512);
  buy(10, 16, 'b', 'UPS', 1299);
  buy(11, 11, 'c', 'USPS', 700);
  buy(12, 8, 'd', 'FEDEX', 2000);
  buy(12, 23, 'e', 'USPS', 450);
  repo.markVoided(buy(12, 12, 'f', 'USPS', 999));
  db.close();
}

describe('Reports', () => {
  const bench = useBench({ bare: true });

  it("draws postage per day stacked by carrier, as the CLI's report counts it, and moves between days by keyboard", async () => {
    const f = bench();
    seed(f.dataDir);
    const { page } = f;
    await page.keyboard.press('Alt+-');
    await page.getByRole('heading', { name: 'Reports' }).waitFor();
    await page.getByLabel('First day').fill('2026-03-10');
    await page.getByLabel('Last day').fill('2026-03-12');
    const chart = page.getByRole('group', { name: 'Postage per day' });
    await chart.locator('g.chart-bar[data-day="2026-03-12"]').waitFor();

    const bars = await chart.locator('g.chart-bar').evaluateAll((gs) =>
      gs.map((g) => ({
        day: g.getAttribute('data-day'),
        cents: Number(g.getAttribute('data-cents')),
        segments: [...g.querySelectorAll('rect')].map((r) => ({ carrier: r.getAttribute('data-carrier'), cents: Number(r.getAttribute('data-cents')), height: Number(r.getAttribute('height')) })),
      })),
    );
    const run = await cli(['report', '--from', '2026-03-10', '--to', '2026-03-12', '--json', '--data-dir', f.dataDir]);
    expect(run.code, run.err.join('\n')).toBe(0);
    const report = jsonOf<{ by_day: CliDay[]; total_usd: number; voided: number }>(run);
    expect(report.voided).toBe(1);
    expect(bars.map((b) => [b.day, b.cents])).toEqual(report.by_day.map((d) => [d.day, toCents(d.total_usd)]));
    for (const bar of bars) {
      const day = report.by_day.find((d) => d.day === bar.day);
      expect(bar.segments.map((s) => [s.carrier, s.cents])).toEqual(day?.by_carrier.filter((c) => c.total_usd > 0).map((c) => [c.carrier, toCents(c.total_usd)]));
      expect(bar.segments.reduce((sum, s) => sum + s.cents, 0)).toBe(bar.cents);
    }
    // One scale for every bar: a segment's height is its postage.
    const perCent = bars.flatMap((b) => b.segments.map((s) => s.height / s.cents));
    for (const ratio of perCent) expect(ratio).toBeCloseTo(perCent[0] ?? 0, 6);
    expect(bars.map((b) => b.cents)).toEqual([1811, 700, 2450]);

    await chart.locator('g.chart-bar').first().focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('data-day'))).resolves.toBe('2026-03-11');
    await page.keyboard.press('End');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('data-day'))).resolves.toBe('2026-03-12');
    await page.locator('figcaption').getByText(/2026-03-12: \$24\.50 for 2 labels \(FedEx \$20\.00, USPS \$4\.50\); 1 voided/).waitFor();

    const split = await page.getByRole('group', { name: 'Postage by carrier' }).locator('g.chart-bar').evaluateAll((gs) => gs.map((g) => [g.getAttribute('data-carrier'), Number(g.getAttribute('data-cents'))]));
    expect(split).toEqual([['FEDEX', 2000], ['UPS', 1299], ['USPS', 1662]]);
    await page.getByLabel('Totals').getByText(/\$49\.61 postage for 5 labels/).waitFor();
    await f.screenshot('reports');
  });

  it('says in words when the first day comes after the last', async () => {
    const { page } = bench();
    await page.keyboard.press('Alt+-');
    await page.getByLabel('First day').fill('2026-03-12');
    await page.getByLabel('Last day').fill('2026-03-10');
    await page.getByRole('alert').getByText('The first day comes after the last one: swap them').waitFor();
  });
});
