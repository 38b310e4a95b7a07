import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../electron/store/database';
import { createRulesRepo } from '../../../electron/store/rulesRepo';
import type { RuleInput } from '../../../shared/domain/rules/types';
import { warehouseTestbed, type BenchStation } from './benchStation';

const testbed = warehouseTestbed({ prefix: 'ps-shared-rules-', seed: 47 });

/** ShipStation's export names the store (Harbor Pottery) on every order. */
const shipStationCsv = fs.readFileSync(path.join(__dirname, '../../fixtures/store-exports/shipstation-orders-export.csv'), 'utf8');

/** A rule written straight into a bench's own SQLite, as a bench alone keeps it before it joins. */
function keptAlone(bench: BenchStation, rule: RuleInput): void {
  const db = openDatabase({ file: path.join(bench.dataDir, 'station.sqlite') });
  try {
    createRulesRepo(db, () => new Date()).add(rule);
  } finally {
    db.close();
  }
}

describe('automation rules in a warehouse', () => {
  it("one ordered list for every bench: A's rule applies in B's rules test, B's move reorders A's; while the database is away a bench tries its last copy and refuses changes in words", async () => {
    const url = await testbed.server.database();
    const [a, b] = await testbed.benches(url, [], 'pack-a', 'pack-b');
    if (!a || !b) throw new Error('two benches');
    expect(await a.call('orders.importCsv', { csv: shipStationCsv })).toMatchObject({ imported: 2, refused: [] });
    const heardAtA: string[] = [];
    a.station.events.subscribe((name, payload) => {
      if (name === 'station.changed') heardAtA.push(...(payload as { topics: string[] }).topics);
    });

    // Bench A adds two rules; bench B tries them on an order A imported, by its store.
    const pottery = await a.call('rules.add', {
      name: 'Pottery ships boxed',
      conditions: [{ kind: 'store', anyOf: ['harbor pottery'] }],
      actions: [{ field: 'box', value: 'Medium box' }, { field: 'insurance', value: { kind: 'orderTotal' } }],
    });
    const everything = await a.call('rules.add', { name: 'Everything', conditions: [], actions: [{ field: 'box', value: 'Small box' }, { field: 'service', value: { kind: 'cheapest' } }] });
    const atB = await b.call('rules.test', { orderNumber: 'SS-2001' });
    expect(atB.rules.map((r) => [r.name, r.matched, r.conditions.map((c) => c.words)])).toEqual([
      ['Pottery ships boxed', true, ['store is harbor pottery']],
      ['Everything', true, []],
    ]);
    expect(atB.fields.map((f) => `${f.label}: ${f.value} (${f.ruleName})`)).toEqual([
      'Service: cheapest (Everything)',
      'Box: Medium box (Pottery ships boxed)',
      'Insurance: $60.00 (Pottery ships boxed)',
    ]);

    // B moves "Everything" first; A lists them in B's order, with the same numbers, and its screens hear of it.
    expect((await b.call('rules.move', { id: everything.id, before: pottery.id })).map((r) => r.name)).toEqual(['Everything', 'Pottery ships boxed']);
    heardAtA.length = 0;
    expect((await a.call('rules.list', {})).map((r) => [r.id, r.name])).toEqual([
      [everything.id, 'Everything'],
      [pottery.id, 'Pottery ships boxed'],
    ]);
    expect(heardAtA).toContain('rules');
    expect((await a.call('rules.test', { orderNumber: 'SS-2001' })).fields.find((f) => f.field === 'box')).toMatchObject({ value: 'Small box', ruleName: 'Everything' });

    testbed.server.halt();
    try {
      // Away: B tries the list it saw last and refuses a change the other benches would not see.
      expect((await b.call('rules.list', {})).map((r) => r.name)).toEqual(['Everything', 'Pottery ships boxed']);
      expect((await b.call('rules.test', { orderNumber: 'SS-2001' })).fields.find((f) => f.field === 'insurance')).toMatchObject({ value: '$60.00' });
      await expect(b.call('rules.add', { name: 'Late', conditions: [], actions: [{ field: 'saturday', value: true }] })).rejects.toMatchObject({
        error: { code: 'service_unavailable', message: expect.stringMatching(/cannot be reached, so this bench does not change the rules: every bench must try the same ones\./) },
      });
      await expect(b.call('rules.remove', { id: pottery.id })).rejects.toMatchObject({ error: { code: 'service_unavailable' } });
    } finally {
      await testbed.server.resume();
    }

    // Back: B removes a rule; A no longer tries it.
    await b.call('rules.remove', { id: pottery.id });
    expect((await a.call('rules.list', {})).map((r) => r.name)).toEqual(['Everything']);
  }, 180_000);

  it("the first bench to read a new warehouse's rules brings its own; a bench after it takes the warehouse's list in place of its own", async () => {
    const url = await testbed.server.database();
    const [first, later] = await testbed.benches(url, [], 'first', 'later');
    if (!first || !later) throw new Error('two benches');
    keptAlone(first, { name: 'Fragile by hand', conditions: [{ kind: 'tag', anyOf: ['fragile'] }], actions: [{ field: 'hold', value: 'Pack by hand' }] });
    keptAlone(later, { name: 'Only here', conditions: [], actions: [{ field: 'saturday', value: true }] });
    expect((await first.call('rules.list', {})).map((r) => r.name)).toEqual(['Fragile by hand']);
    expect((await later.call('rules.list', {})).map((r) => r.name)).toEqual(['Fragile by hand']);
  }, 180_000);
});
