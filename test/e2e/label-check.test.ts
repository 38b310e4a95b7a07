import { describe, expect, it } from 'vitest';
import { useBench } from './fixture';
import { scanAndSettle } from './helpers';

describe('Ship: what to check on the printed label', () => {
  const bench = useBench({ ownSandbox: true });

  async function buyAndPrint(order: string): Promise<void> {
    const { page } = bench();
    await scanAndSettle(bench(), order);
    await page.getByRole('table', { name: 'Rates' }).locator('tbody tr[aria-selected="true"]').waitFor();
    await page.getByRole('textbox', { name: 'Scan' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status', { name: 'Label bought' }).waitFor();
    await page.getByRole('list', { name: 'Purchase progress' }).locator('li.done', { hasText: 'Printed' }).waitFor({ timeout: 30_000 });
  }

  it('an oversize label from the service is printed shrunk, and the packer is told to check its barcodes', async () => {
    const { page } = bench();
    const sandbox = bench().sandbox;
    if (!sandbox) throw new Error('this test needs its own sandbox');
    sandbox.faults.set({ oversizeLabels: 1 });
    await buyAndPrint('DEMO-1003');
    const check = page.getByRole('alert', { name: 'Check the printed label' });
    await check.waitFor();
    await expect(check.textContent()).resolves.toMatch(/larger than the printer's labels and was printed at 7\d %.*Check that its barcodes scan/);
    const [job] = await bench().call('printJobs.list', { limit: 1 });
    expect(job?.warnings.map((w) => w.kind)).toEqual(['scaled_down']);
    await bench().screenshot('ship-label-check');
  });

  it('an ordinary label prints with nothing to check', async () => {
    const { page } = bench();
    await buyAndPrint('DEMO-1004');
    const [job] = await bench().call('printJobs.list', { limit: 1 });
    expect(job).toMatchObject({ status: 'done', warnings: [] });
    await expect(page.getByRole('alert', { name: 'Check the printed label' }).count()).resolves.toBe(0);
  });
});
