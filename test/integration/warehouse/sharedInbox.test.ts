import { describe, expect, it } from 'vitest';
import { startSilentDoor } from '../../support/postgres';
import { ordersCsv, timed, warehouseTestbed } from './benchStation';

const testbed = warehouseTestbed({ prefix: 'ps-shared-inbox-', seed: 43 });

const numbers = (list: ReadonlyArray<{ orderNumber: string }>) => list.map((o) => o.orderNumber).sort();

describe('the orders inbox in a warehouse', () => {
  it('orders one bench imports are scanned and bought at another, shipped for both; while the database is away lookups answer from the bench\'s copy and an import is refused in words', async () => {
    const url = await testbed.server.database();
    const [a, b] = await testbed.benches(url, [], 'pack-a', 'pack-b');
    if (!a || !b) throw new Error('two benches');

    const csv = ordersCsv(['H-1', 'H-2', 'H-3']);
    expect(await a.call('orders.importCsv', { csv })).toMatchObject({ imported: 3, updated: 0, refused: [] });

    // Bench B, which imported nothing, scans one of them and lists them all.
    expect(await b.call('orders.lookup', { orderNumber: ' h-2 ' })).toMatchObject({ orderNumber: 'H-2', source: 'csv', shipped: false, recipient: { name: 'Ann Lee 1', zip: '90026' } });
    expect(numbers(await b.call('orders.list', { query: '', includeShipped: false, limit: 50 }))).toEqual(['H-1', 'H-2', 'H-3']);
    expect(numbers(await b.call('orders.list', { query: 'ann lee', includeShipped: true, limit: 50 }))).toEqual(['H-1', 'H-2', 'H-3']);

    // B buys it; A sees it shipped, and it leaves A's list of orders to ship.
    const tracking = await b.buy('H-2');
    expect(await a.call('orders.lookup', { orderNumber: 'H-2' })).toMatchObject({ orderNumber: 'H-2', shipped: true });
    // A keeps B's label from that scan on: the order's labels and a reprint are there at A.
    const atA = (await a.call('shipments.ofOrder', { orderNumber: 'H-2' })).shipments;
    expect(atA.map((s) => s.trackingNo)).toEqual([tracking]);
    expect(numbers(await a.call('orders.list', { query: '', includeShipped: false, limit: 50 }))).toEqual(['H-1', 'H-3']);
    // The same file imported again at B adds nothing.
    expect(await b.call('orders.importCsv', { csv })).toMatchObject({ imported: 0, updated: 3 });

    testbed.server.halt();
    try {
      expect(await b.call('orders.lookup', { orderNumber: 'H-1' })).toMatchObject({ orderNumber: 'H-1', shipped: false });
      expect(await b.call('orders.lookup', { orderNumber: 'H-2' })).toMatchObject({ orderNumber: 'H-2', shipped: true });
      expect(numbers(await b.call('orders.list', { query: 'h-', includeShipped: false, limit: 50 }))).toEqual(['H-1', 'H-3']);
      expect(await a.call('orders.lookup', { orderNumber: 'H-2' })).toMatchObject({ orderNumber: 'H-2', shipped: true });
      expect((await a.call('history.reprint', { shipmentId: atA[0]?.id ?? 0, kind: 'label' })).jobIds.length).toBe(1);
      await expect(b.call('orders.importCsv', { csv: ordersCsv(['H-4']) })).rejects.toMatchObject({
        error: { code: 'service_unavailable', message: expect.stringMatching(/cannot be reached, so this bench does not import these orders: the other benches would not see them\./) },
      });
      // Not on this bench, and the warehouse cannot be asked: another bench may have it, so the words say so instead of "not in the inbox".
      await expect(b.call('orders.lookup', { orderNumber: 'H-4' })).rejects.toMatchObject({
        error: { code: 'service_unavailable', retryable: true, message: expect.stringMatching(/^Order H-4 is not in this bench's copy of the inbox, and the warehouse could not be asked for it\. .*cannot be reached/) },
      });
    } finally {
      await testbed.server.resume();
    }
    await b.call('orders.importCsv', { csv: ordersCsv(['H-4']) });
    // A found the database away moments ago, so it answers from its own copy for the pause after that, then from the warehouse again.
    await expect.poll(() => a.call('orders.lookup', { orderNumber: 'H-4' }).then((o) => o.shipped, () => null), { timeout: 20_000 }).toBe(false);
  }, 180_000);

  it('a database that stops answering holds up one scan, not the next: lookups, lists and settings answer from the bench\'s copy at once', async () => {
    const url = new URL(await testbed.server.database());
    const door = await startSilentDoor(Number(url.port));
    try {
      url.port = String(door.port);
      const [bench] = await testbed.benches(url.toString(), ['S-1', 'S-2'], 'pack-s');
      if (!bench) throw new Error('one bench');
      expect(await bench.call('orders.lookup', { orderNumber: 'S-1' })).toMatchObject({ orderNumber: 'S-1', shipped: false });

      await door.silence();
      // The first read after the database went silent finds it away (it may wait for the connection timeout).
      expect(await bench.call('orders.lookup', { orderNumber: 'S-1' })).toMatchObject({ orderNumber: 'S-1', shipped: false });
      const scan = await timed(() => bench.call('orders.lookup', { orderNumber: 'S-2' }));
      expect(scan.value).toMatchObject({ orderNumber: 'S-2', shipped: false });
      const listed = await timed(() => bench.call('orders.list', { query: 's-', includeShipped: false, limit: 50 }));
      expect(numbers(listed.value)).toEqual(['S-1', 'S-2']);
      const settings = await timed(() => bench.call('settings.shipping.get', {}));
      expect(settings.value.rateRule).toEqual({ kind: 'cheapest' });
      // The pool waits 3 s for a connection; the copy answers well within one.
      expect(Math.max(scan.ms, listed.ms, settings.ms)).toBeLessThan(1000);
    } finally {
      await door.close();
    }
  }, 120_000);
});
