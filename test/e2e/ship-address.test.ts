import { describe, expect, it } from 'vitest';
import { useBench } from './fixture';
import { scannerTypes } from './helpers';

/** Address validation before buying: the operator corrects the address, is offered the standardized form, and may keep theirs. */
describe('Ship: the operator edits the ship-to address', () => {
  const bench = useBench();

  it('Alt+E puts the cursor in the address editor; the edited address is checked again, standardized in form at once, Alt+U undoes that, and Enter buys', async () => {
    const { page } = bench();
    await page.getByRole('textbox', { name: 'Scan' }).fill('DEMO-1002');
    await page.keyboard.press('Enter');
    const shipTo = page.getByRole('region', { name: 'Ship to' });
    await shipTo.getByText('order DEMO-1002').waitFor();
    await page.getByRole('table', { name: 'Rates' }).waitFor();

    await page.keyboard.press('Alt+e');
    const form = shipTo.getByRole('group', { name: 'Edit ship-to address' });
    await expect(page.evaluate(() => document.activeElement?.getAttribute('name'))).resolves.toBe('to.street');
    await form.getByRole('textbox', { name: 'Street', exact: true }).fill('1457 Sunset Boulevard');
    await form.getByRole('textbox', { name: 'City' }).fill('Los Angeles');
    await form.getByRole('textbox', { name: 'State' }).fill('CA');
    await form.getByRole('textbox', { name: 'ZIP code' }).fill('90026');
    await form.getByRole('textbox', { name: 'ZIP code' }).press('Enter');

    await shipTo.locator('address').getByText('1457 SUNSET BLVD').waitFor();
    await shipTo.getByText('standardized', { exact: true }).waitFor();
    await expect(shipTo.getByRole('group', { name: 'Address check' }).count()).resolves.toBe(0);
    await expect(page.evaluate(() => document.activeElement?.getAttribute('name'))).resolves.toBe('scan');
    await page.keyboard.press('Alt+u');
    await shipTo.getByText('as entered', { exact: true }).waitFor();
    await shipTo.locator('address').getByText('1457 Sunset Boulevard').waitFor();

    await page.getByRole('table', { name: 'Rates' }).locator('tbody tr[aria-selected="true"]').waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('status', { name: 'Label bought' }).waitFor();
    await expect(page.getByRole('button', { name: 'Edit address' }).count()).resolves.toBe(0);
    const tracking = (await page.getByTestId('tracking-number').textContent()) ?? '';
    const bought = await bench().call('shipments.find', { ref: tracking });
    expect(bought.orderNumber).toBe('DEMO-1002');
    const label = await bench().call('history.search', { query: tracking, limit: 1 });
    expect(label.shipments[0]?.state).toBe('bought');
  });

  it('Alt+C leaves the address as it was', async () => {
    const { page } = bench();
    await page.getByRole('textbox', { name: 'Scan' }).fill('DEMO-1003');
    await page.keyboard.press('Enter');
    const shipTo = page.getByRole('region', { name: 'Ship to' });
    await shipTo.getByText('order DEMO-1003').waitFor();
    await page.keyboard.press('Alt+e');
    const form = shipTo.getByRole('group', { name: 'Edit ship-to address' });
    await form.getByRole('textbox', { name: 'City' }).fill('Nowhere');
    await page.keyboard.press('Alt+c');
    await expect(form.count()).resolves.toBe(0);
    await expect(shipTo.getByText('Nowhere').count()).resolves.toBe(0);
  });

  it('scanner-speed typing in an address field stays in that field and the package stays; after Esc the next scan starts the next order', async () => {
    const { page } = bench();
    const shipTo = page.getByRole('region', { name: 'Ship to' });
    await scannerTypes(page, 'DEMO-1003');
    await shipTo.getByText('order DEMO-1003').waitFor();
    await page.keyboard.press('Alt+e');
    const city = shipTo.getByRole('group', { name: 'Edit ship-to address' }).getByRole('textbox', { name: 'City' });
    await city.focus();
    await city.fill('');
    await scannerTypes(page, 'DEMO-1004');
    // The burst is the City field's text, and its Enter saves the edit as typed: the package on the bench stays.
    await shipTo.getByText(/DEMO-1004/).first().waitFor();
    await expect(shipTo.getByText('order DEMO-1003').count()).resolves.toBe(1);
    await expect(shipTo.getByText('order DEMO-1004').count()).resolves.toBe(0);
    await page.keyboard.press('Escape');
    await scannerTypes(page, 'DEMO-1004');
    await shipTo.getByText('order DEMO-1004').waitFor();
  });
});
