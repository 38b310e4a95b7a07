import { describe, expect, it } from 'vitest';
import { useBench } from './fixture';
import { scanAndSettle } from './helpers';

describe('Ship: scan, weigh, rate, buy and print without the mouse', () => {
  const bench = useBench();

  it('fills ship-to and package from a scanned order, applies a form-only standardization without asking, and shows sorted rates', async () => {
    const { page } = bench();
    await page.getByRole('textbox', { name: 'Scan' }).fill('DEMO-1001');
    await page.keyboard.press('Enter');
    const shipTo = page.getByRole('region', { name: 'Ship to' });
    await shipTo.getByText('order DEMO-1001').waitFor();
    await expect(page.getByRole('textbox', { name: 'Weight' }).inputValue()).resolves.toMatch(/oz|lb/);
    await shipTo.getByText('standardized', { exact: true }).waitFor();
    await shipTo.locator('address').getByText(/1457 SUNSET BLVD/).waitFor();
    await expect(page.getByRole('group', { name: 'Address check' }).count()).resolves.toBe(0);

    const table = page.getByRole('table', { name: 'Rates' });
    await table.waitFor();
    await expect(table.getByRole('columnheader').allTextContents()).resolves.toEqual(['Carrier', 'Service', 'Price', 'Days']);
    const rows = table.locator('tbody tr');
    await expect(rows.count()).resolves.toBeGreaterThan(1);
    await expect(table.locator('tbody tr[aria-selected="true"]').count()).resolves.toBe(1);
    const prices = (await table.locator('tbody tr td:nth-child(3)').allTextContents()).map((p) => Number(p.replace(/[$,]/g, '')));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('buys and prints on Enter, then shows tracking number, cost and label preview', async () => {
    const { page } = bench();
    await scanAndSettle(bench(), 'DEMO-1001');
    await page.getByRole('table', { name: 'Rates' }).locator('tbody tr[aria-selected="true"]').waitFor();
    await page.getByRole('textbox', { name: 'Scan' }).focus();
    await page.keyboard.press('Enter');
    const bought = page.getByRole('status', { name: 'Label bought' });
    await bought.waitFor();
    const tracking = (await page.getByTestId('tracking-number').textContent()) ?? '';
    expect(tracking).toMatch(/^\w{10,}$/);
    await expect(page.getByTestId('label-cost').textContent()).resolves.toMatch(/^\$\d+\.\d\d$/);
    await bought.getByRole('img', { name: 'Label preview' }).waitFor();
    await page.getByRole('list', { name: 'Purchase progress' }).locator('li.done', { hasText: 'Printed' }).waitFor();
    const jobs = await bench().call('printJobs.list', { limit: 5 });
    expect(jobs.some((j) => j.status === 'done' || j.status === 'sending' || j.status === 'queued')).toBe(true);
    await bench().screenshot('ship-bought');
  });

  it('starts the next package with the next scan', async () => {
    const { page } = bench();
    await scanAndSettle(bench(), 'DEMO-1001');
    await page.getByRole('table', { name: 'Rates' }).locator('tbody tr[aria-selected="true"]').waitFor();
    await page.getByRole('textbox', { name: 'Scan' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status', { name: 'Label bought' }).waitFor();
    await page.getByRole('textbox', { name: 'Scan' }).fill('DEMO-1002');
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Ship to' }).getByText('order DEMO-1002').waitFor();
    await expect(page.getByRole('status', { name: 'Label bought' }).count()).resolves.toBe(0);
  });

  it('takes a stable weight from the scale; a typed weight wins until the scale reads something new', async () => {
    const { page } = bench();
    await scanAndSettle(bench(), 'DEMO-1002');
    await bench().call('scales.simulate', { weightOz: 37 });
    const weight = page.getByRole('textbox', { name: 'Weight' });
    await expect.poll(() => weight.inputValue(), { timeout: 15_000 }).toBe('2 lb 5 oz');
    await weight.fill('12 oz');
    await weight.press('Tab');
    await page.getByText('Typed weight', { exact: false }).waitFor();
    await expect(weight.inputValue()).resolves.toBe('12 oz');
    await bench().call('scales.simulate', { weightOz: 50 });
    await expect.poll(() => weight.inputValue(), { timeout: 15_000 }).toBe('3 lb 2 oz');
    await bench().call('scales.simulate', { weightOz: 0 });
  });

  it('toggles options by their keys', async () => {
    const { page } = bench();
    await scanAndSettle(bench(), 'DEMO-1002');
    const saturday = page.getByRole('button', { name: /Saturday delivery/ });
    await expect(saturday.getAttribute('aria-pressed')).resolves.toBe('false');
    await page.keyboard.press('F3');
    // The station answers the key press a round trip later: wait for the pressed state rather than read it once.
    await page.getByRole('button', { name: /Saturday delivery/, pressed: true }).waitFor();
    await page.keyboard.press('F1');
    await page.getByRole('button', { name: /^Signature/ }).and(page.locator('[aria-pressed="true"]')).waitFor();
  });

  it('says at the Weight field why a weight cannot be used', async () => {
    const { page } = bench();
    await scanAndSettle(bench(), 'DEMO-1002');
    const weight = page.getByRole('textbox', { name: 'Weight' });
    await weight.fill('3000 lb');
    await weight.press('Tab');
    await page.getByRole('region', { name: 'Package' }).getByRole('alert').getByText(/more than the 150 lb/).waitFor();
    await expect(weight.getAttribute('aria-invalid')).resolves.toBe('true');
  });
});
