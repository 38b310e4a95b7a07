import { describe, expect, it } from 'vitest';
import { shipFrom, useBench, type StationFixture } from './fixture';
import { buyForOrder, isUsps } from './helpers';

/** A USPS return label for an order, bought straight through the station (setup). */
async function buyReturnFor(f: StationFixture, orderNumber: string): Promise<string> {
  const order = await f.call('orders.lookup', { orderNumber });
  const bought = await f.call('labels.buy', {
    method: 'direct',
    carrierCode: 'USPS',
    serviceLevel: 'USPS_GROUND_ADVANTAGE_RETURN',
    from: order.recipient,
    to: shipFrom,
    package: { weightOz: 12 },
    options: { isReturnLabel: true },
    orderNumber,
    print: false,
  });
  return bought.shipment.trackingNo ?? '';
}

describe('Pickups', () => {
  let returnTracking = '';
  const bench = useBench({
    prepare: async (f) => {
      await buyForOrder(f, 'DEMO-1005', isUsps);
      await buyForOrder(f, 'DEMO-1006', isUsps);
      returnTracking = await buyReturnFor(f, 'DEMO-1007');
    },
  });

  it('keeps return labels off the SCAN form: End of day counts and sends only the outbound USPS labels', async () => {
    const f = bench();
    const { page } = f;
    await page.keyboard.press('Alt+8');
    const panel = page.getByRole('region', { name: 'SCAN form' });
    await panel.getByText('2 USPS labels from today are not on a SCAN form yet.').waitFor();
    await page.keyboard.press('Alt+F');
    await panel.getByRole('status').filter({ hasText: 'SCAN form ready for 2 packages' }).waitFor();
    const [form] = await f.call('scanForms.list', { limit: 1 });
    expect(form?.trackingNos).toHaveLength(2);
    expect(form?.trackingNos).not.toContain(returnTracking);
    await expect(f.call('scanForms.createToday', { trackingNos: [returnTracking] })).rejects.toThrow(/return label/);
  });

  it("offers today's USPS labels, outbound ones ticked and returns not, the service's default date, and the cursor on where the packages wait", async () => {
    const f = bench();
    const { page } = f;
    await page.keyboard.press('Alt+5');
    const form = page.getByRole('region', { name: 'Schedule a pickup' });
    const boxes = form.getByRole('group', { name: /Packages/ }).getByRole('checkbox');
    await expect.poll(() => boxes.count()).toBe(3);
    for (const box of await boxes.all()) {
      const label = (await box.locator('xpath=..').textContent()) ?? '';
      await expect(box.isChecked()).resolves.toBe(!label.includes(returnTracking));
    }
    await expect(form.getByText('return label', { exact: true }).count()).resolves.toBe(1);
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('label')?.textContent)).toBe('Front door');
    const expected = await f.call('pickups.defaultDate', {});
    await expect.poll(() => form.getByLabel(/Pickup date/).inputValue()).toBe(expected);
  });

  it('refuses "other" without a description, next to the field', async () => {
    const f = bench();
    const { page } = f;
    await page.keyboard.press('Alt+5');
    const form = page.getByRole('region', { name: 'Schedule a pickup' });
    await form.getByRole('checkbox', { name: 'Other (describe)' }).check();
    await form.getByRole('button', { name: 'Schedule pickup' }).click();
    const refusal = form.getByRole('alert');
    await refusal.waitFor();
    await expect(refusal.textContent()).resolves.toMatch(/other/i);
    await expect(form.getByRole('textbox', { name: 'Describe where the packages wait' }).getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(f.call('pickups.list', {})).resolves.toMatchObject({ total: 0 });
  });

  it('refuses a past pickup date in words before asking the service', async () => {
    const f = bench();
    const { page } = f;
    await page.keyboard.press('Alt+5');
    const form = page.getByRole('region', { name: 'Schedule a pickup' });
    await form.getByRole('checkbox', { name: 'Other (describe)' }).check();
    await form.getByRole('textbox', { name: 'Describe where the packages wait' }).fill('Blue bin by the loading dock');
    await form.getByLabel(/Pickup date/).fill('2020-01-02');
    await page.keyboard.press('Alt+P');
    const refusal = form.getByRole('alert');
    await refusal.filter({ hasText: '2020-01-02 has passed' }).waitFor();
    await expect(form.getByLabel(/Pickup date/).getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(f.call('pickups.list', {})).resolves.toMatchObject({ total: 0 });
  });

  it('schedules with the description, lists it, and cancels it only after a confirmation, by keys, with the scheduled note following', async () => {
    const f = bench();
    const { page } = f;
    await page.keyboard.press('Alt+5');
    const form = page.getByRole('region', { name: 'Schedule a pickup' });
    await form.getByRole('checkbox', { name: 'Other (describe)' }).check();
    await form.getByRole('textbox', { name: 'Describe where the packages wait' }).fill('Blue bin by the loading dock');
    await form.getByRole('button', { name: 'Schedule pickup' }).click();
    await form.getByRole('status').filter({ hasText: 'Pickup scheduled' }).waitFor();

    const list = page.getByRole('table', { name: 'Pickup list' });
    const row = list.getByRole('row').filter({ has: page.getByText('Confirmed', { exact: true }) });
    await row.waitFor();
    await page.keyboard.press('Alt+C');
    const confirm = row.getByRole('group', { name: 'Confirm cancel' });
    await confirm.waitFor();
    // A stray Enter (a scanner's, say) keeps the pickup.
    await page.keyboard.press('Enter');
    await confirm.waitFor({ state: 'detached' });
    await expect(row.textContent()).resolves.toContain('Confirmed');
    await page.keyboard.press('Alt+C');
    await confirm.waitFor();
    await page.keyboard.press('Alt+Y');
    const canceled = list.getByRole('row').filter({ has: page.getByText('Canceled', { exact: true }) });
    await canceled.waitFor();
    await form.getByRole('status').filter({ hasText: 'was canceled' }).waitFor();
    await expect(form.getByText('Pickup scheduled').count()).resolves.toBe(0);
    await expect(canceled.getByRole('button').count()).resolves.toBe(0);

    await page.getByRole('combobox', { name: 'Status' }).selectOption('CONFIRMED');
    await page.getByText('No pickups match.').waitFor();
    await page.getByRole('combobox', { name: 'Status' }).selectOption('CANCELED');
    await canceled.waitFor();
    await page.getByRole('navigation', { name: 'Pages' }).getByText('Page 1 of 1 · 1 in all').waitFor();
    await f.screenshot('pickups');
  });
});
