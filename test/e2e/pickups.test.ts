import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStation, prepareBench, type StationFixture } from './fixture';
import { buyForOrder, isUsps } from './helpers';

describe('Pickups', () => {
  let f: StationFixture;
  beforeAll(async () => {
    f = await openStation();
    await prepareBench(f);
    await buyForOrder(f, 'DEMO-1005', isUsps);
    await buyForOrder(f, 'DEMO-1006', isUsps);
  });
  afterAll(async () => {
    await f?.close();
  });

  it("offers today's USPS labels, all ticked, and the service's default date", async () => {
    const { page } = f;
    await page.keyboard.press('Alt+5');
    const form = page.getByRole('region', { name: 'Schedule a pickup' });
    const boxes = form.getByRole('group', { name: /Packages/ }).getByRole('checkbox');
    await expect.poll(() => boxes.count()).toBe(2);
    for (const box of await boxes.all()) await expect(box.isChecked()).resolves.toBe(true);
    const expected = await f.call('pickups.defaultDate', {});
    await expect.poll(() => form.getByLabel(/Pickup date/).inputValue()).toBe(expected);
  });

  it('refuses "other" without a description, next to the field', async () => {
    const { page } = f;
    const form = page.getByRole('region', { name: 'Schedule a pickup' });
    await form.getByRole('checkbox', { name: 'Other (describe)' }).check();
    await form.getByRole('button', { name: 'Schedule pickup' }).click();
    const refusal = form.getByRole('alert');
    await refusal.waitFor();
    await expect(refusal.textContent()).resolves.toMatch(/other/i);
    await expect(form.getByRole('textbox', { name: 'Describe where the packages wait' }).getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(f.call('pickups.list', {})).resolves.toMatchObject({ total: 0 });
  });

  it('schedules with the description, lists it, and cancels it with no further action offered', async () => {
    const { page } = f;
    const form = page.getByRole('region', { name: 'Schedule a pickup' });
    await form.getByRole('textbox', { name: 'Describe where the packages wait' }).fill('Blue bin by the loading dock');
    await form.getByRole('button', { name: 'Schedule pickup' }).click();
    await form.getByRole('status').filter({ hasText: 'Pickup scheduled' }).waitFor();

    const list = page.getByRole('table', { name: 'Pickup list' });
    const row = list.getByRole('row').filter({ hasText: 'CONFIRMED' });
    await row.waitFor();
    await row.getByRole('button', { name: 'Cancel pickup' }).click();
    const canceled = list.getByRole('row').filter({ hasText: 'CANCELED' });
    await canceled.waitFor();
    await expect(canceled.getByRole('button').count()).resolves.toBe(0);

    await page.getByRole('combobox', { name: 'Status' }).selectOption('CONFIRMED');
    await page.getByText('No pickups match.').waitFor();
    await page.getByRole('combobox', { name: 'Status' }).selectOption('CANCELED');
    await canceled.waitFor();
    await page.getByRole('navigation', { name: 'Pages' }).getByText('Page 1 of 1 · 1 in all').waitFor();
    await f.screenshot('pickups');
  });
});
