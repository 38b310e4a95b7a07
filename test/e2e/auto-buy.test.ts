import { describe, expect, it } from 'vitest';
import type { EventPayload } from '../../shared/contract';
import { useBench, type StationFixture } from './fixture';
import { scannerTypes } from './helpers';

/** A box on the simulated scale, once its reading has settled: the packer sets the box down, then scans. */
async function place(f: StationFixture, weightOz: number): Promise<void> {
  const settled = new Promise<void>((resolve) => {
    const off = f.station.events.subscribe((name, payload) => {
      if (name === 'scale.weight' && (payload as EventPayload<'scale.weight'>).stable && (payload as EventPayload<'scale.weight'>).postageOz > 0) {
        off();
        resolve();
      }
    });
  });
  await f.call('scales.simulate', { weightOz });
  await settled;
}

/** What History stores for the order's labels. */
async function labelsOf(f: StationFixture, order: string) {
  const found = await f.call('history.search', { query: order, limit: 10 });
  return found.shipments.filter((s) => s.orderNumber === order && s.state === 'bought');
}

/** Zero-key scan to print (issue 25 item 3): with a $50 cap, the scan alone buys and prints; anything flagged waits for Enter. */
describe('Ship: auto-buy, one scan and no key', () => {
  const bench = useBench({
    // Record what the page plays, to hear the auto-buy sound without speakers.
    prepare: (f) =>
      f.page.evaluate(() => {
        const played: string[] = [];
        (window as unknown as { played: string[] }).played = played;
        HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
          played.push(this.src);
          return Promise.resolve();
        };
      }),
  });
  const autoBuy = () => bench().page.getByRole('status', { name: 'Auto-buy' });
  const bought = () => bench().page.getByRole('status', { name: 'Label bought' });
  const start = async (countdownSeconds: number, order: string, weightOz: number): Promise<StationFixture> => {
    const f = bench();
    await f.call('settings.autoBuy.set', { on: true, capUsd: 50, countdownSeconds });
    await place(f, weightOz);
    await scannerTypes(f.page, order);
    await f.page.getByRole('region', { name: 'Ship to' }).getByText(`order ${order}`).waitFor();
    return f;
  };

  it('a scan alone buys and prints with its own sound, History keeps the price that was shown and the rule, and a rescan never buys again', async () => {
    const f = await start(2, 'DEMO-1001', 18);
    const { page } = f;
    const counting = autoBuy().getByText(/^Buying at \$[\d.]+ in 2 s, within the \$50\.00 cap/);
    await counting.waitFor();
    const shown = Number(/\$([\d.]+)/.exec((await counting.textContent()) ?? '')?.[1]);
    await bought().waitFor();
    await page.getByRole('list', { name: 'Purchase progress' }).locator('li.done', { hasText: 'Printed' }).waitFor();
    await autoBuy().getByText(`Bought automatically: $${shown.toFixed(2)} within the $50.00 cap.`).waitFor();
    expect(await page.evaluate(() => (window as unknown as { played: string[] }).played.some((src) => /auto-buy/.test(src)))).toBe(true);
    const labels = await labelsOf(f, 'DEMO-1001');
    expect(labels.map((s) => s.cost)).toEqual([shown]);
    expect(labels[0]?.decisions).toContain(`Bought automatically: $${shown.toFixed(2)} within the $50.00 cap.`);
    expect(await f.call('printJobs.list', { limit: 10 })).toHaveLength(1);

    const packageId = (await f.call('bench.state', {})).packageId;
    await scannerTypes(page, 'DEMO-1001');
    await expect.poll(async () => (await f.call('bench.state', {})).packageId).toBeGreaterThan(packageId);
    await autoBuy().getByText(/never buys a package twice/).waitFor();
    await expect(bought().count()).resolves.toBe(0);
    await expect(labelsOf(f, 'DEMO-1001')).resolves.toHaveLength(1);
  });

  it('a rate over the cap waits for Enter, and Enter buys the price on screen', async () => {
    const f = await start(1, 'DEMO-1016', 18);
    await autoBuy().getByText('Auto-buy waits: $62.50 is above the auto-buy cap of $50.00. Press Enter to buy.').waitFor();
    await expect(bought().count()).resolves.toBe(0);
    await f.page.keyboard.press('Enter');
    await bought().waitFor();
    const labels = await labelsOf(f, 'DEMO-1016');
    expect(labels.map((s) => [s.cost, s.decisions])).toEqual([[62.5, []]]);
  });

  it('an address the service could not confirm waits for the packer', async () => {
    const f = await start(1, 'DEMO-1013', 18);
    await autoBuy().getByText(/^Auto-buy waits: The service could not confirm this address/).waitFor();
    await expect(bought().count()).resolves.toBe(0);
    await expect(labelsOf(f, 'DEMO-1013')).resolves.toHaveLength(0);
  });

  it('set in Settings; Esc during the countdown stops it: nothing is bought until Enter', async () => {
    const f = bench();
    const { page } = f;
    await page.keyboard.press('Alt+S');
    const panel = page.getByRole('region', { name: 'Auto-buy' });
    await panel.getByRole('checkbox', { name: /Buy and print on the scan alone/ }).check();
    await panel.getByRole('textbox', { name: 'Cap per label (USD)' }).fill('50');
    await panel.getByRole('textbox', { name: 'Countdown (seconds)' }).fill('30');
    await panel.getByRole('button', { name: /Save auto-buy/ }).click();
    await expect.poll(() => f.call('settings.autoBuy.get', {})).toEqual({ on: true, capUsd: 50, countdownSeconds: 30 });
    await page.keyboard.press('Alt+1');
    await page.locator('input[data-scan-field]').waitFor();
    await place(f, 18);
    await scannerTypes(page, 'DEMO-1002');
    await autoBuy().locator('.auto-buy-bar').waitFor();
    await f.screenshot('auto-buy-countdown');
    await f.page.keyboard.press('Escape');
    await autoBuy().getByText('Auto-buy stopped (Esc) for this package. Press Enter to buy.', { exact: true }).waitFor();
    await expect(bought().count()).resolves.toBe(0);
    await expect(labelsOf(f, 'DEMO-1002')).resolves.toHaveLength(0);
    await f.page.keyboard.press('Enter');
    await bought().waitFor();
    await expect(labelsOf(f, 'DEMO-1002').then((labels) => labels.map((s) => s.decisions))).resolves.toEqual([[]]);
  });
});
