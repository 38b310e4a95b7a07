import { describe, expect, it } from 'vitest';
import { warehouseTestbed } from './benchStation';

const testbed = warehouseTestbed({ prefix: 'ps-pickups-', seed: 31 });

const picked = (list: ReadonlyArray<{ trackingNo: string; picked: boolean; selectedByDefault: boolean }>) =>
  Object.fromEntries(list.map((c) => [c.trackingNo, { picked: c.picked, selectedByDefault: c.selectedByDefault }]));

describe('pickups in a warehouse', () => {
  it('any bench offers every bench\'s labels, sees what another bench booked, and cancels it for all', async () => {
    const url = await testbed.server.database();
    const [a, b] = await testbed.benches(url, ['G-1', 'G-2', 'G-3'], 'pack-a', 'pack-b');
    if (!a || !b) throw new Error('two benches');
    const t1 = await a.buy('G-1');
    const t2 = await b.buy('G-2');
    const free = { picked: false, selectedByDefault: true };
    expect(picked(await a.call('pickups.candidates', {}))).toEqual({ [t1]: free, [t2]: free });

    // Bench A books a pickup for both benches' labels; bench B sees them picked.
    const pickup = await a.call('pickups.schedule', { trackingNos: [t1, t2], packageLocation: ['front_door'] });
    expect(pickup).toMatchObject({ status: 'CONFIRMED', trackingNos: [t1, t2] });
    const held = { picked: true, selectedByDefault: false };
    expect(picked(await b.call('pickups.candidates', {}))).toEqual({ [t1]: held, [t2]: held });

    // Bench B cancels bench A's pickup: both benches offer the labels again, and A cannot cancel it twice.
    const canceled = await b.call('pickups.cancel', { pickupNo: pickup.pickupNo });
    expect(canceled).toMatchObject({ pickupNo: pickup.pickupNo, status: 'CANCELED', trackingNos: [t1, t2] });
    expect(picked(await a.call('pickups.candidates', {}))).toEqual({ [t1]: free, [t2]: free });
    await expect(a.call('pickups.cancel', { pickupNo: pickup.pickupNo })).rejects.toMatchObject({
      error: { code: 'conflict', message: `This pickup was already canceled at bench ${b.name}; a canceled pickup cannot be changed.` },
    });
    const listed = await a.call('pickups.list', { status: 'CANCELED' });
    expect(listed.pickups.find((p) => p.pickupNo === pickup.pickupNo)).toMatchObject({ status: 'CANCELED' });

    // While the database is away no pickup is booked, in words; the bench's own labels still reprint.
    const t3 = await a.buy('G-3');
    const before = (await a.call('pickups.list', { status: 'CONFIRMED' })).total;
    testbed.server.halt();
    try {
      await expect(a.call('pickups.schedule', { trackingNos: [t3], packageLocation: ['front_door'] })).rejects.toMatchObject({
        error: { code: 'service_unavailable', message: expect.stringMatching(/cannot be reached, so this bench does not book a pickup: the other benches would not know of it/) },
      });
      const reprint = await a.call('history.reprint', { shipmentId: (await a.call('shipments.find', { ref: t3 })).id, kind: 'label' });
      expect(reprint.jobIds.length).toBe(1);
    } finally {
      await testbed.server.resume();
    }
    expect((await a.call('pickups.list', { status: 'CONFIRMED' })).total).toBe(before);
  }, 180_000);

  it('a pickup list whose items leave out the tracking numbers shows the ones the booking bench stored, at every bench', async () => {
    const url = await testbed.server.database();
    const [a, b] = await testbed.benches(url, ['K-1'], 'pack-a', 'pack-b');
    if (!a || !b) throw new Error('two benches');
    const tracking = await a.buy('K-1');
    const pickup = await a.call('pickups.schedule', { trackingNos: [tracking], packageLocation: ['front_door'] });
    testbed.sandbox.faults.set({ sparseAnswers: true });
    try {
      for (const bench of [a, b]) {
        const listed = await bench.call('pickups.list', { status: 'CONFIRMED' });
        expect(listed.pickups.find((p) => p.pickupNo === pickup.pickupNo)).toMatchObject({ status: 'CONFIRMED', trackingNos: [tracking], packageCount: 1 });
      }
    } finally {
      testbed.sandbox.faults.set({ sparseAnswers: false });
    }
  }, 120_000);
});
