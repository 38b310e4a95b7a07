import { describe, expect, it } from 'vitest';
import { warehouseTestbed } from './benchStation';

const testbed = warehouseTestbed({ prefix: 'ps-history-', seed: 37 });
const sorted = (list: ReadonlyArray<string | null>) => [...list].sort();
const pad = (n: number) => String(n).padStart(2, '0');
const today = (d = new Date()) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

describe('History in a warehouse', () => {
  it("bench B lists, finds and reprints bench A's labels under A's name; with the database away, its own copy and words that the list is partial", async () => {
    const url = await testbed.server.database();
    const [a, b] = await testbed.benches(url, ['W-1', 'W-2', 'W-3', 'W-4', 'W-5'], 'pack-a', 'pack-b');
    if (!a || !b) throw new Error('two benches');
    const fromA = [await a.buy('W-1'), await a.buy('W-2'), await a.buy('W-3')];
    const fromB = await b.buy('W-4');
    const listedBefore = await b.call('history.search', { query: '', limit: 50 });
    expect(listedBefore.shipments.find((s) => s.trackingNo === fromA[2])?.state).toBe('bought');
    await a.call('labels.void', { ref: fromA[2] ?? '' });
    // A's next purchase claims only after the void it keeps has reached the database.
    fromA.push(await a.buy('W-5'));

    const listed = await b.call('history.search', { query: '', limit: 50 });
    expect(listed.partial).toBeUndefined();
    expect(sorted(listed.shipments.map((s) => s.trackingNo))).toEqual(sorted([...fromA, fromB]));
    const benchOf = new Map(listed.shipments.map((s) => [s.trackingNo, s.bench ?? null]));
    expect(fromA.map((t) => benchOf.get(t))).toEqual([a.name, a.name, a.name, a.name]);
    expect(benchOf.get(fromB)).toBeNull();
    expect(listed.shipments.find((s) => s.trackingNo === fromA[2])?.state).toBe('voided');

    // Searched by order number and by the tail of a tracking number, from the other bench, and reprinted there.
    const byOrder = await b.call('history.search', { query: 'W-2', limit: 50 });
    expect(byOrder.shipments.map((s) => [s.trackingNo, s.bench])).toEqual([[fromA[1], a.name]]);
    const byTail = await b.call('history.search', { query: (fromA[0] ?? '').slice(-8), limit: 50 });
    expect(byTail.shipments.map((s) => s.trackingNo)).toContain(fromA[0]);
    const { jobIds } = await b.call('history.reprint', { shipmentId: byOrder.shipments[0]?.id ?? 0, kind: 'label' });
    expect(jobIds.length).toBeGreaterThan(0);
    // And the other way round: A lists B's label under B's name.
    const atA = await a.call('history.search', { query: '', limit: 50 });
    expect(atA.shipments.find((s) => s.trackingNo === fromB)?.bench).toBe(b.name);

    testbed.server.halt();
    try {
      const away = await b.call('history.search', { query: '', limit: 50 });
      expect(away.partial).toMatch(/cannot be reached.*only its own labels: the list is partial/);
      expect(sorted(away.shipments.map((s) => s.trackingNo))).toEqual(sorted([...fromA, fromB]));
    } finally {
      await testbed.server.resume();
    }
  }, 120_000);

  it("bench B's report counts every bench's labels under their benches, as History lists them; with the database away, its own with words", async () => {
    const url = await testbed.server.database();
    const [a, b] = await testbed.benches(url, ['R-1', 'R-2', 'R-3'], 'rep-a', 'rep-b');
    if (!a || !b) throw new Error('two benches');
    const kept = await a.buy('R-1');
    const voided = await a.buy('R-2');
    await a.call('labels.void', { ref: voided });
    await b.buy('R-3');
    const day = { from: today(), to: today() };
    const cents = (cost: number | null) => Math.round((cost ?? 0) * 100);
    const listed = (await b.call('history.search', { query: '', limit: 50 })).shipments;
    const costOf = (t: string) => cents(listed.find((s) => s.trackingNo === t)?.cost ?? null);

    const report = await b.call('report.summary', day);
    expect(report.partial).toBeUndefined();
    expect(report.byBench.map((g) => [g.bench, g.labels, g.cents, g.voidedLabels])).toEqual([
      [a.name, 1, costOf(kept), 1],
      [b.name, 1, listed.filter((s) => s.bench === null).reduce((sum, s) => sum + cents(s.cost), 0), 0],
    ]);
    expect(report.totals.cents).toBe(listed.filter((s) => s.state === 'bought').reduce((sum, s) => sum + cents(s.cost), 0));
    expect((await a.call('report.daySheet', { day: today() })).report.byBench.map((g) => g.bench)).toEqual([a.name, b.name]);

    testbed.server.halt();
    try {
      const away = await b.call('report.summary', day);
      expect(away.partial).toMatch(/cannot be reached.*the figures are partial/);
      expect(away.totals.labels).toBe(2);
    } finally {
      await testbed.server.resume();
    }
  }, 120_000);
});
