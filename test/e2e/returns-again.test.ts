import { describe, expect, it } from 'vitest';
import { useBench } from './fixture';

describe('Returns and Address: where the cursor starts, and a second return on request', () => {
  const bench = useBench();

  it('Address starts in its first field', async () => {
    const { page } = bench();
    await page.keyboard.press('Alt+7');
    await page.getByRole('region', { name: 'Address' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('address.name');
  });

  it('Returns starts in the order field; Buy again shows the same label; Alt+R buys a second, distinct return for the order', async () => {
    const { page } = bench();
    await page.keyboard.press('Alt+4');
    const returns = page.getByRole('region', { name: 'Returns' });
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.placeholder)).toBe('Order number');
    await page.keyboard.type('DEMO-1004');
    await page.keyboard.press('Enter');
    await expect.poll(() => returns.locator('[name="from.name"]').inputValue()).not.toBe('');
    await returns.getByPlaceholder('e.g. 1 lb 4 oz').fill('12 oz');
    await page.keyboard.press('Alt+P');
    const another = returns.getByRole('group', { name: 'Another return' });
    await another.getByText('Return label 1 for order DEMO-1004.').waitFor();

    // The same order again (say after Next return) is the same label, not a second charge.
    await page.keyboard.press('Alt+N');
    await page.keyboard.type('DEMO-1004');
    await page.keyboard.press('Enter');
    await expect.poll(() => returns.locator('[name="from.name"]').inputValue()).not.toBe('');
    await returns.getByPlaceholder('e.g. 1 lb 4 oz').fill('12 oz');
    await page.keyboard.press('Alt+P');
    await another.getByText(/Return label 1 for order DEMO-1004 was bought earlier/).waitFor();

    await page.keyboard.press('Alt+R');
    await another.getByText('Return label 2 for order DEMO-1004.').waitFor();

    const { shipments } = await bench().call('history.search', { query: 'DEMO-1004', limit: 20 });
    const returnsBought = shipments.filter((r) => r.isReturn && r.state === 'bought');
    expect(returnsBought).toHaveLength(2);
    expect(new Set(returnsBought.map((r) => r.trackingNo)).size).toBe(2);
    expect(new Set(returnsBought.map((r) => r.platformUkId)).size).toBe(2);
  });
});
