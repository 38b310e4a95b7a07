import { describe, it } from 'vitest';
import { useBench } from './fixture';
import { scanAndSettle } from './helpers';

/** The bench lives in the station: a window that reloads mid-purchase shows that package's outcome. */
describe('Ship: a reload during a purchase', () => {
  const bench = useBench({ ownSandbox: true });

  it('shows the package being bought, then its label, in the reloaded window', async () => {
    const { page, sandbox } = bench();
    if (!sandbox) throw new Error('this test needs its own sandbox');
    await scanAndSettle(bench(), 'DEMO-1009');
    await page.getByRole('table', { name: 'Rates' }).locator('tbody tr[aria-selected="true"]').waitFor();
    sandbox.faults.set({ latencyMs: 4000 });
    await page.getByRole('textbox', { name: 'Scan' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status', { name: 'Buying' }).waitFor();
    await page.reload();
    await page.getByLabel('Station status').getByText('Connected', { exact: true }).waitFor();
    await page.getByRole('region', { name: 'Ship to' }).getByText('order DEMO-1009').waitFor();
    await page.getByRole('status', { name: 'Buying' }).or(page.getByRole('status', { name: 'Label bought' })).first().waitFor();
    sandbox.faults.set({ latencyMs: 0 });
    await page.getByRole('status', { name: 'Label bought' }).getByText('DEMO-1009').waitFor({ timeout: 30_000 });
  });
});
