import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { useBench } from './fixture';

/** What the operator reads of an error: the visible text, without the closed support details. */
const visibleText = (alert: Locator): Promise<string> => alert.evaluate((element) => (element as HTMLElement).innerText);

const internal = /invalid_input|weightOz|package\.|address\.|from\.|\bto\b ·|·/;

describe('operator words in errors', () => {
  const bench = useBench();

  it('says a 9999 lb return weight is over the limit in pounds, with no field path or code in the sentence', async () => {
    const { page } = bench();
    await page.keyboard.press('Alt+4');
    const returns = page.getByRole('region', { name: 'Returns' });
    await returns.getByPlaceholder('Order number').fill('DEMO-1002');
    await returns.getByRole('button', { name: /Use order/ }).click();
    await expect.poll(() => returns.locator('[name="from.name"]').inputValue()).not.toBe('');
    await returns.getByPlaceholder('e.g. 1 lb 4 oz').fill('9999 lb');
    await page.keyboard.press('Alt+P');
    const alert = returns.getByRole('alert');
    await alert.waitFor();
    const words = await visibleText(alert);
    expect(words).toContain('more than the 150 lb');
    expect(words).not.toMatch(internal);
    expect(words).not.toContain('2400');
    expect(words).not.toContain('highlighted');
    await expect(returns.getByPlaceholder('e.g. 1 lb 4 oz').getAttribute('aria-invalid')).resolves.toBe('true');
    // Support still finds the code and the field, one click away.
    await expect(alert.locator('.error-code').textContent()).resolves.toBe('invalid_input · field package.weightOz');
  });

  it('refuses an empty address to check in words, naming no field path', async () => {
    const { page } = bench();
    await page.keyboard.press('Alt+7');
    const screen = page.getByRole('region', { name: 'Address' });
    await screen.getByRole('button', { name: /Check address/ }).click();
    const alert = screen.getByRole('alert');
    await alert.waitFor();
    const words = await visibleText(alert);
    expect(words).not.toMatch(internal);
    expect(words).toContain('Details for support');
  });
});
