import { describe, expect, it } from 'vitest';
import { useBench } from './fixture';
import { scanAndSettle } from './helpers';

// The Ship screen against a service that answers in the documented shapes with
// every optional field left out, numbers as strings, delivery days as ranges
// and unknown extra fields (the sandbox's sparse-answers fault mode).

describe('Ship against sparse answers', () => {
  const bench = useBench({
    ownSandbox: true,
    prepare: async (fixture) => {
      fixture.sandbox?.faults.set({ sparseAnswers: true });
    },
  });

  it('checks the address, shows the rates with their days, buys, previews and prints the label', async () => {
    const { page } = bench();
    await scanAndSettle(bench(), 'DEMO-1001');
    const shipTo = page.getByRole('region', { name: 'Ship to' });
    await shipTo.locator('address').getByText(/1457 SUNSET BLVD/).waitFor();
    const table = page.getByRole('table', { name: 'Rates' });
    await table.locator('tbody tr[aria-selected="true"]').waitFor();
    const prices = (await table.locator('tbody tr td:nth-child(3)').allTextContents()).map((p) => Number(p.replace(/[$,]/g, '')));
    expect(prices.length).toBeGreaterThan(1);
    expect(prices.every((p) => p > 0)).toBe(true);
    const days = await table.locator('tbody tr td:nth-child(4)').allTextContents();
    expect(days.some((d) => /\d/.test(d))).toBe(true);

    await page.getByRole('textbox', { name: 'Scan' }).focus();
    await page.keyboard.press('Enter');
    const bought = page.getByRole('status', { name: 'Label bought' });
    await bought.waitFor();
    await expect(page.getByTestId('tracking-number').textContent()).resolves.toMatch(/^\w{10,}$/);
    await bought.getByRole('img', { name: 'Label preview' }).waitFor();
    await page.getByRole('list', { name: 'Purchase progress' }).locator('li.done', { hasText: 'Printed' }).waitFor();
    expect(bench().sandbox?.stats().labelsSold).toBe(1);
  });
});
