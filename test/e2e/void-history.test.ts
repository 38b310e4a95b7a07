import { describe, expect, it } from 'vitest';
import { useBench } from './fixture';
import { buyForOrder } from './helpers';

describe('History and Void', () => {
  const bench = useBench();

  it('finds a label in History, previews and reprints it, and voids it after a confirmation', async () => {
    const shipment = await buyForOrder(bench(), 'DEMO-1003');
    const { page } = bench();
    await page.keyboard.press('Alt+9');
    await page.getByRole('searchbox', { name: 'Search' }).fill(shipment.trackingNo ?? '');
    const row = page.getByRole('table', { name: 'Shipments' }).getByRole('row').filter({ hasText: shipment.trackingNo ?? '' });
    await row.click();
    const detail = page.getByRole('region', { name: 'Shipment detail' });
    await detail.getByRole('img', { name: 'Label preview' }).waitFor();
    await detail.getByRole('button', { name: 'Reprint', exact: true }).click();
    await detail.getByText('Label sent to the printer.').waitFor();

    await detail.getByRole('button', { name: 'Void…' }).click();
    await page.getByRole('heading', { name: 'Void a label' }).waitFor();
    await expect(page.getByRole('textbox', { name: /Tracking number/ }).inputValue()).resolves.toBe(shipment.trackingNo);
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('button', { name: 'Void this label' }).click();
    await page.getByRole('button', { name: 'Confirm void' }).click();
    await page.getByRole('status').filter({ hasText: 'Voided.' }).waitFor();

    await page.keyboard.press('Alt+9');
    await page.getByRole('searchbox', { name: 'Search' }).fill(shipment.trackingNo ?? '');
    await page.getByRole('table', { name: 'Shipments' }).getByRole('row').filter({ has: page.getByText('Voided', { exact: true }) }).waitFor();
  });

  it('refuses to void a label that is already voided, in words, and offers nothing more', async () => {
    const shipment = await buyForOrder(bench(), 'DEMO-1004');
    const { page } = bench();
    await page.keyboard.press('Alt+3');
    const ref = page.getByRole('textbox', { name: /Tracking number/ });
    await ref.fill(shipment.trackingNo ?? '');
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('button', { name: 'Void this label' }).click();
    // Someone voids it elsewhere (another bench, the CLI) while this screen waits for the confirmation.
    await bench().call('labels.void', { ref: shipment.platformUkId });
    await page.getByRole('button', { name: 'Confirm void' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'already voided' });
    await refusal.waitFor();
    await expect(refusal.locator('.error-code').textContent()).resolves.toContain('conflict');

    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByText('This label is already voided. There is nothing more to do.').waitFor();
    await expect(page.getByRole('button', { name: 'Void this label' }).count()).resolves.toBe(0);
    await bench().screenshot('void-refused');
  });

  it('offers no reprint for a voided label, only its preview', async () => {
    const shipment = await buyForOrder(bench(), 'DEMO-1005');
    await bench().call('labels.void', { ref: shipment.platformUkId });
    const { page } = bench();
    await page.keyboard.press('Alt+9');
    await page.getByRole('combobox', { name: 'State' }).selectOption('voided');
    await page.getByRole('table', { name: 'Shipments' }).getByRole('row').filter({ hasText: 'VOIDED' }).first().click();
    const detail = page.getByRole('region', { name: 'Shipment detail' });
    await detail.getByRole('img', { name: 'Label preview' }).waitFor();
    await expect(detail.getByRole('button', { name: 'Reprint', exact: true }).count()).resolves.toBe(0);
    await expect(detail.getByRole('button', { name: 'Void…' }).count()).resolves.toBe(0);
  });
});
