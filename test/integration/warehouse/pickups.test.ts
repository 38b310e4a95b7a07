import { describe, expect, it, vi } from 'vitest';
import { startSilentDoor } from '../../support/postgres';
import { timed, warehouseTestbed } from './benchStation';

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

  it('while the database does not answer, a pickup list answers at once and what the bench learned is kept; once it answers, every bench sees it', async () => {
    const url = new URL(await testbed.server.database());
    const door = await startSilentDoor(Number(url.port));
    try {
      const behind = new URL(url);
      behind.port = String(door.port);
      const [b] = await testbed.benches(url.toString(), ['D-1', 'D-2'], 'pack-b');
      const [a] = await testbed.benches(behind.toString(), ['D-1', 'D-2'], 'pack-a');
      if (!a || !b) throw new Error('two benches');
      const t1 = await a.buy('D-1');
      const t2 = await a.buy('D-2');
      const first = await a.call('pickups.schedule', { trackingNos: [t1], packageLocation: ['front_door'] });
      const second = await a.call('pickups.schedule', { trackingNos: [t2], packageLocation: ['front_door'] });
      const free = { picked: false, selectedByDefault: true };
      const held = { picked: true, selectedByDefault: false };
      expect(picked(await b.call('pickups.candidates', {}))).toEqual({ [t1]: held, [t2]: held });

      await door.silence();
      // The service still answers: the cancel goes through, and the database, found away, is not asked again for a while.
      expect(await a.call('pickups.cancel', { pickupNo: first.pickupNo })).toMatchObject({ status: 'CANCELED' });
      const listed = await timed(() => a.call('pickups.list', {}));
      expect(listed.value.pickups.filter((p) => p.pickupNo === first.pickupNo || p.pickupNo === second.pickupNo).map((p) => [p.pickupNo, p.status]).sort()).toEqual(
        [
          [first.pickupNo, 'CANCELED'],
          [second.pickupNo, 'CONFIRMED'],
        ].sort(),
      );
      // The pool waits 3 s for a connection, once per pickup written back; kept on the bench, the list answers well within one.
      expect(listed.ms).toBeLessThan(1000);
      // One kept write per listed pickup (the account's, this file's other tests' too): the cancel and the list's later word on the first are one.
      expect((await a.call('warehouse.status', {})).waitingWrites).toBe(listed.value.pickups.length);
      expect(picked(await b.call('pickups.candidates', {}))).toEqual({ [t1]: held, [t2]: held });

      await door.open();
      await vi.waitFor(async () => expect(picked(await b.call('pickups.candidates', {}))).toEqual({ [t1]: free, [t2]: held }), { timeout: 30_000, interval: 250 });
      expect((await a.call('warehouse.status', {})).waitingWrites).toBe(0);
      await expect(b.call('pickups.cancel', { pickupNo: first.pickupNo })).rejects.toMatchObject({
        error: { code: 'conflict', message: `This pickup was already canceled at bench ${a.name}; a canceled pickup cannot be changed.` },
      });
    } finally {
      await door.close();
    }
  }, 180_000);
});
