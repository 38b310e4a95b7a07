import { describe, expect, it } from 'vitest';
import { shipFrom, warehouseTestbed } from './benchStation';

const testbed = warehouseTestbed({ prefix: 'ps-shared-settings-', seed: 41 });

const shipTo = { name: 'Ann Lee', street: '1457 Sunset Boulevard', city: 'Los Angeles', state: 'CA', zip: '90026', country: 'US' };
const presets = [{ name: 'Wine box', lengthIn: 14, widthIn: 6, heightIn: 6 }];

describe('shared settings in a warehouse', () => {
  it('one bench\'s ship-from, presets and rate rule are every bench\'s; while the database is away a bench keeps its last copy and refuses changes in words', async () => {
    const url = await testbed.server.database();
    const [a, b] = await testbed.benches(url, [], 'pack-a', 'pack-b');
    if (!a || !b) throw new Error('two benches');
    expect(await b.call('settings.shipping.get', {})).toMatchObject({ shipFrom: null, rateRule: { kind: 'cheapest' } });
    const heard: string[] = [];
    b.station.events.subscribe((name, payload) => {
      if (name === 'station.changed') heard.push(...(payload as { topics: string[] }).topics);
    });

    // Bench A sets them; bench B reads A's on its next read and tells its screens. The default preset is each bench's own.
    const fromA = { ...shipFrom, country: 'US' };
    await a.call('settings.shipping.set', { shipFrom: fromA, presets, rateRule: { kind: 'fastest' }, defaultPreset: 'Wine box' });
    const seen = await b.call('settings.shipping.get', {});
    expect(seen).toMatchObject({ shipFrom: fromA, presets, rateRule: { kind: 'fastest' } });
    expect(seen.defaultPreset).not.toBe('Wine box');
    expect(heard).toContain('settings');
    heard.length = 0;
    expect(await b.call('settings.shipping.get', {})).toMatchObject({ shipFrom: fromA });
    expect(heard).toEqual([]);

    // Bench B rates with A's ship-from and rule without being told either.
    const quote = await b.call('rates.quote', { to: shipTo, package: { weightOz: 12, lengthIn: 10, widthIn: 8, heightIn: 4 } });
    expect(quote.rule).toEqual({ kind: 'fastest' });
    expect(quote.rates.length).toBeGreaterThan(0);

    // Database away: B reads its last copy and still rates; a shared change is refused in words, a workstation one is kept.
    testbed.server.halt();
    try {
      expect(await b.call('settings.shipping.get', {})).toMatchObject({ shipFrom: fromA, presets, rateRule: { kind: 'fastest' } });
      expect((await b.call('rates.quote', { to: shipTo, package: { weightOz: 12, lengthIn: 10, widthIn: 8, heightIn: 4 } })).rule).toEqual({ kind: 'fastest' });
      await expect(b.call('settings.shipping.set', { shipFrom: { ...fromA, name: 'Back Door' } })).rejects.toMatchObject({
        error: {
          code: 'service_unavailable',
          message: expect.stringMatching(/cannot be reached, so this bench does not change the ship-from address, package presets or rate rule: every bench must use the same ones\./),
        },
      });
      await expect(b.call('settings.shipping.set', { rateRule: { kind: 'cheapest' } })).rejects.toMatchObject({ error: { code: 'service_unavailable' } });
      expect(await b.call('settings.shipping.set', { defaultPreset: 'Wine box' })).toMatchObject({ shipFrom: fromA, defaultPreset: 'Wine box', rateRule: { kind: 'fastest' } });
    } finally {
      await testbed.server.resume();
    }

    // Back: B's change reaches A.
    await b.call('settings.shipping.set', { rateRule: { kind: 'cheapestWithin', days: 3 } });
    expect(await a.call('settings.shipping.get', {})).toMatchObject({ shipFrom: fromA, rateRule: { kind: 'cheapestWithin', days: 3 } });
  }, 180_000);
});
