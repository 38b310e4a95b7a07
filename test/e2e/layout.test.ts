import { describe, expect, it } from 'vitest';
import { useBench } from './fixture';

const screenKeys = ['Alt+1', 'Alt+2', 'Alt+3', 'Alt+4', 'Alt+5', 'Alt+6', 'Alt+7', 'Alt+8', 'Alt+9', 'Alt+-', 'Alt+=', 'Alt+s'];

/** A 1024×768 bench touch screen and a wide monitor both work: one row of tabs, no sideways scrolling, fingers-sized targets. */
describe('layout: narrow and wide benches', () => {
  const bench = useBench();

  it('at 1024×768 every tab sits on one row, nothing scrolls sideways and every control is at least 44 px tall', async () => {
    const { page } = bench();
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.getByRole('textbox', { name: 'Scan' }).fill('DEMO-1002');
    await page.keyboard.press('Enter');
    await page.getByRole('table', { name: 'Rates' }).waitFor();
    const tops = await page.getByRole('navigation', { name: 'Screens' }).getByRole('link').evaluateAll((links) => links.map((l) => Math.round(l.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    for (const key of screenKeys) {
      await page.keyboard.press(key);
      await page.locator('main section.screen').first().waitFor();
      const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect({ key, wide }).toEqual({ key, wide: 0 });
      const small = await page
        .locator('main button, main select, main input:not([type="checkbox"]):not([type="radio"])')
        .evaluateAll((controls) =>
          controls.filter((c) => c.getClientRects().length > 0 && c.getBoundingClientRect().height < 44).map((c) => `${c.tagName} ${c.textContent?.trim() ?? ''}`),
        );
      expect({ key, small }).toEqual({ key, small: [] });
    }
    await page.keyboard.press('Alt+1');
    await bench().screenshot('layout-1024');
  });

  it('on a wide monitor the Ship screen uses the width', async () => {
    const { page } = bench();
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.keyboard.press('Alt+1');
    const width = await page.locator('section.screen.ship').evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeGreaterThan(1600);
    await bench().screenshot('layout-1920');
  });

  it('the command barcode sheet prints alone across the page', async () => {
    const { page } = bench();
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.keyboard.press('Alt+s');
    await page.getByRole('button', { name: 'Show the command sheet' }).waitFor();
    await page.keyboard.press('Alt+c');
    const sheet = page.getByRole('region', { name: 'Command barcodes' });
    await expect.poll(() => sheet.getByRole('img').count()).toBeGreaterThanOrEqual(6);
    await page.emulateMedia({ media: 'print' });
    try {
      await expect(page.getByRole('navigation', { name: 'Screens' }).isVisible()).resolves.toBe(false);
      await expect(page.getByRole('region', { name: 'Printer' }).isVisible()).resolves.toBe(false);
      const width = await sheet.evaluate((el) => el.getBoundingClientRect().width);
      expect(width).toBeGreaterThan(1000);
    } finally {
      await page.emulateMedia({ media: 'screen' });
    }
  });
});
