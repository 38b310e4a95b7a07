import { describe, expect, it } from 'vitest';
import { useBench } from './fixture';
import { scanAndSettle } from './helpers';

describe('Ship options that change how the label is bought', () => {
  const bench = useBench();

  it('lithium battery (F8) buys USPS Ground Advantage directly', async () => {
    const { page } = bench();
    await scanAndSettle(bench(), 'DEMO-1014');
    await page.keyboard.press('F8');
    const picked = page.getByRole('table', { name: 'Rates' }).locator('tbody tr[aria-selected="true"]');
    await expect.poll(() => picked.textContent()).toMatch(/Ground Advantage/);
    await page.getByRole('textbox', { name: 'Scan' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status', { name: 'Label bought' }).waitFor();
    const found = await bench().call('history.search', { query: 'DEMO-1014' });
    expect(found.shipments[0]?.method).toBe('direct_buy');
    expect(found.shipments[0]?.serviceLevel).toMatch(/GROUND_ADVANTAGE/);
  });

  it('QR label (F9) on a USPS label stores the QR code too, reprintable from History', async () => {
    const { page } = bench();
    await scanAndSettle(bench(), 'DEMO-1015');
    await page.keyboard.press('F9');
    const rows = page.getByRole('table', { name: 'Rates' }).locator('tbody tr');
    const usps = rows.filter({ hasText: 'Priority Mail' }).first();
    await usps.click();
    await page.getByRole('button', { name: 'Buy and print' }).click();
    await page.getByRole('status', { name: 'Label bought' }).waitFor();
    const found = await bench().call('history.search', { query: 'DEMO-1015' });
    expect(found.shipments[0]?.qrCodeCount).toBeGreaterThan(0);
    await page.keyboard.press('Alt+9');
    await page.getByRole('searchbox', { name: 'Search' }).fill('DEMO-1015');
    await page.getByRole('table', { name: 'Shipments' }).getByRole('row').filter({ hasText: 'DEMO-1015' }).click();
    await page.getByRole('button', { name: 'Reprint QR label' }).click();
    await page.getByText('QR label sent to the printer.').waitFor();
  });
});
