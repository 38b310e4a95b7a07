import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CommandInput, CommandName, EventPayload } from '../../../shared/contract';
import type { BenchState } from '../../../shared/contract/bench';
import { createStation, type Station } from '../../../electron/station/createStation';
import { openTestVault, type TestVault } from '../../support/keyring';
import { command } from '../../support/station';
import { makeTempDir } from '../../support/tempDir';

const root = path.resolve(__dirname, '../../..');

/** Auto-buy against the embedded sandbox and the virtual printer, through the contract as the Ship screen drives it. */
describe('auto-buy at a bench', () => {
  let station: Station;
  let cleanup: () => void;
  let keys: TestVault;

  beforeEach(async () => {
    const temp = makeTempDir();
    cleanup = temp.cleanup;
    keys = await openTestVault();
    // As `--auto-buy 50` opens it.
    station = await createStation({ dataDir: temp.dir, vault: keys.vault, devices: { noUsb: true }, printing: { usb: null }, autoBuyUsd: 50 });
    await call('settings.shipping.set', { shipFrom: { name: 'Parcel Works', street: '500 Market St', city: 'San Francisco', state: 'CA', zip: '94105', country: 'US' } });
    await call('orders.pullPracticeOrders', {});
  });
  afterEach(async () => {
    await station.close();
    await keys.remove();
    cleanup();
  });

  const call = <N extends CommandName>(name: N, input: CommandInput<N>) => command(station, name, input);
  /** A box on the simulated scale, once its reading has settled (as a packer scans after setting the box down). */
  function place(weightOz: number): Promise<void> {
    const settled = new Promise<void>((resolve) => {
      const off = station.events.subscribe((name, payload) => {
        const reading = payload as EventPayload<'scale.weight'>;
        if (name === 'scale.weight' && reading.stable && reading.postageOz > 0) {
          off();
          resolve();
        }
      });
    });
    return call('scales.simulate', { weightOz }).then(() => settled);
  }
  /** The first bench state from now on (or now) that passes. */
  function until(test: (s: BenchState) => boolean): Promise<BenchState> {
    return new Promise((resolve) => {
      const off = station.events.subscribe((name, payload) => {
        if (name === 'bench.changed' && test(payload as BenchState)) {
          off();
          resolve(payload as BenchState);
        }
      });
      void call('bench.state', {}).then((now) => {
        if (test(now)) {
          off();
          resolve(now);
        }
      });
    });
  }
  /** The bench once auto-buy has judged the package for good: bought, or waiting for a key. */
  const judged = (packageId: number) =>
    until(
      (s) =>
        s.packageId === packageId &&
        ((s.autoBuy.status === 'fired' && (s.purchase.status === 'bought' || s.purchase.status === 'failed')) || s.autoBuy.status === 'waiting' || s.autoBuy.status === 'stopped'),
    );

  /**
   * Keys per package over the 20 demo orders: each is put on the simulated
   * scale at its own weight and scanned, and nothing else is pressed. The
   * table it writes (test-results/auto-buy-demo.md) is README's.
   */
  it('buys the demo orders on the scan alone wherever nothing is flagged and the price is within the cap, and says why the others wait', async () => {
    expect(await call('settings.autoBuy.get', {})).toEqual({ on: true, capUsd: 50, countdownSeconds: 1 });
    await call('settings.autoBuy.set', { on: true, capUsd: 50, countdownSeconds: 0 });
    const orders = (await call('orders.list', { limit: 100 })).filter((o) => o.orderNumber.startsWith('DEMO-')).sort((a, b) => a.orderNumber.localeCompare(b.orderNumber));
    expect(orders).toHaveLength(20);
    const rows: string[] = [];
    let zeroKey = 0;
    const waited: string[] = [];
    for (const order of orders) {
      await place(order.package?.weightOz ?? 16);
      const started: BenchState = await call('bench.scan', { text: order.orderNumber });
      const end = await judged(started.packageId);
      if (end.autoBuy.status === 'fired') {
        expect(end.purchase.status).toBe('bought');
        expect(end.purchase.result?.shipment.decisions).toContain(`Bought automatically: $${(end.autoBuy.total ?? 0).toFixed(2)} within the $50.00 cap.`);
        zeroKey += 1;
        rows.push(`| ${order.orderNumber} | 1 scan, 0 keys | bought automatically at $${(end.autoBuy.total ?? 0).toFixed(2)} |`);
      } else {
        expect(end.autoBuy.reason).toBeTruthy();
        waited.push(order.orderNumber);
        rows.push(`| ${order.orderNumber} | 1 scan, then keys | ${end.autoBuy.reason ?? ''} |`);
      }
      await call('bench.clear', {});
      await call('scales.simulate', { weightOz: 0 });
    }
    const table = ['| Order | Keys | What happened |', '| --- | --- | --- |', ...rows, '', `Zero-key packages: ${zeroKey} of ${orders.length}.`].join('\n');
    fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
    fs.writeFileSync(path.join(root, 'test-results', 'auto-buy-demo.md'), `${table}\n`);
    // The practice service's demo orders: one address it cannot confirm, one label above $50.
    expect(waited).toEqual(['DEMO-1013', 'DEMO-1016']);
    expect(zeroKey).toBe(18);
    // Twenty purchases and prints one after another against the embedded sandbox.
  }, 120_000);

  it('waits while the default printer says it cannot print, and counts down once it says it is ready', async () => {
    await call('settings.autoBuy.set', { on: true, capUsd: 50, countdownSeconds: 0 });
    const printerId = (await call('printers.profile.get', {})).id;
    station.context.emit('printer.status', { printerId, state: 'stopped', message: 'paper out' });
    await place(18);
    const started: BenchState = await call('bench.scan', { text: 'DEMO-1002' });
    const waiting = await judged(started.packageId);
    expect(waiting.autoBuy.reason).toBe('The printer is not ready (paper out), so auto-buy waits. Press Enter to buy.');
    expect(waiting.purchase.status).toBe('none');
    station.context.emit('printer.status', { printerId, state: 'ready', message: null });
    const bought = await until((s) => s.packageId === started.packageId && s.purchase.status === 'bought');
    expect(bought.autoBuy.status).toBe('fired');
  });
});
