import { describe, expect, it } from 'vitest';
import { useBench } from './fixture';

const orders = Array.from({ length: 11 }, (_, i) => `DEMO-${1001 + i}`);

describe('Batch: scan several, then rate, buy and print as a queue', () => {
  const bench = useBench({ ownSandbox: true });

  /** The operator's batch: the eleven orders scanned into the Batch screen. */
  const scanAll = async (): Promise<void> => {
    const { page } = bench();
    await page.keyboard.press('Alt+2');
    const scan = page.getByRole('textbox', { name: 'Scan' });
    for (const order of orders) {
      await scan.fill(order);
      await scan.press('Enter');
      await page.getByRole('table', { name: 'Batch packages' }).getByRole('row').filter({ hasText: order }).waitFor();
    }
  };

  it('rates a batch of 11 in two quick_rate calls (10 + 1) and shows every package its rate', async () => {
    const { page } = bench();
    const sandbox = bench().sandbox;
    if (!sandbox) throw new Error('this test needs its own sandbox');
    await scanAll();
    const scan = page.getByRole('textbox', { name: 'Scan' });
    await scan.fill(orders[0] ?? '');
    await scan.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'already in this batch' }).waitFor();

    const before = sandbox.stats().quickRateCalls;
    await page.getByRole('button', { name: 'Rate all' }).click();
    const rows = page.getByRole('table', { name: 'Batch packages' }).locator('tbody tr');
    await expect.poll(() => rows.filter({ hasText: / rates?\)/ }).count()).toBe(11);
    expect(sandbox.stats().quickRateCalls - before).toBe(2);
  });

  it('buys and prints the queue with progress and a per-package outcome', async () => {
    const { page } = bench();
    await scanAll();
    await page.getByRole('button', { name: 'Rate all' }).click();
    await expect.poll(() => page.getByRole('table', { name: 'Batch packages' }).locator('tbody tr').filter({ hasText: / rates?\)/ }).count()).toBe(11);
    await page.getByRole('button', { name: 'Buy and print all' }).click();
    await page.getByRole('status', { name: 'Batch progress' }).getByText(/Finished: 11 bought, 0 failed/).waitFor({ timeout: 30_000 });
    const rows = page.getByRole('table', { name: 'Batch packages' }).locator('tbody tr');
    await expect(rows.filter({ hasText: 'Bought' }).count()).resolves.toBe(11);
    expect(bench().sandbox?.stats().labelsSold).toBe(11);
    await bench().screenshot('batch');
  });
});
