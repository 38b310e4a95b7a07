import { describe, expect, it } from 'vitest';
import type { BenchStation } from './benchStation';
import { shipFrom, warehouseTestbed } from './benchStation';

const testbed = warehouseTestbed({ prefix: 'ps-returns-', seed: 47 });

const sold = () => testbed.sandbox.stats().labelsSold;

const returnOf = (bench: BenchStation, another: boolean) =>
  bench.call('returns.buyForOrder', {
    orderNumber: 'R-1',
    serviceLevel: 'USPS_GROUND_ADVANTAGE_RETURN',
    weightText: '',
    shipFrom: { ...shipFrom, country: 'US' },
    another,
    print: false,
  });

describe('return labels in a warehouse', () => {
  it('two benches asking for another return of one order at once each buy a new one, with numbers after every bench\'s', async () => {
    const url = await testbed.server.database();
    const [a, b] = await testbed.benches(url, ['R-1'], 'pack-a', 'pack-b');
    if (!a || !b) throw new Error('two benches');
    const first = await returnOf(a, false);
    expect(first).toMatchObject({ returnNumber: 1, purchase: { reused: false } });

    const before = sold();
    const [atA, atB] = await Promise.all([returnOf(a, true), returnOf(b, true)]);
    expect(sold() - before).toBe(2);
    expect([atA.returnNumber, atB.returnNumber].sort()).toEqual([2, 3]);
    expect(atA.purchase.reused || atB.purchase.reused).toBe(false);
    const tracking = [first, atA, atB].map((r) => r.purchase.shipment.trackingNo);
    expect(new Set(tracking).size).toBe(3);

    // Bench B, which bought one of them, asks again: the next after all three, also new.
    const fourth = await returnOf(b, true);
    expect(fourth).toMatchObject({ returnNumber: 4, purchase: { reused: false } });
    expect(sold() - before).toBe(3);
  }, 120_000);
});
