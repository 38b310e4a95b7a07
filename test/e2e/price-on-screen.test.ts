import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBench, type StationFixture } from './fixture';
import { scanAndSettle, scannerTypes } from './helpers';

/** The price the Buy panel draws for the picked rate, in dollars; null while none is drawn. */
async function priceOnScreen(page: Page): Promise<number | null> {
  const text = await page.locator('.picked-rate strong').first().textContent({ timeout: 100 }).catch(() => null);
  return text ? Number(text.replace(/[$,]/g, '')) : null;
}

/** What History stores as the cost of the order's label. */
async function historyCost(f: StationFixture, order: string): Promise<number | null> {
  const found = await f.call('history.search', { query: order, limit: 5 });
  return found.shipments.find((s) => s.state === 'bought')?.cost ?? null;
}

/** Waits until the Buy panel draws a price other than `old`, or a label was bought (the defect under test). */
async function newPriceOrBought(page: Page, old: number | null): Promise<void> {
  await page.waitForFunction(
    (was) => {
      if (document.querySelector('[aria-label="Label bought"]')) return true;
      const text = document.querySelector('.picked-rate strong')?.textContent;
      return text !== undefined && text !== null && Number(text.replace(/[$,]/g, '')) !== was;
    },
    old,
    { timeout: 15_000 },
  );
}

/** The price on the screen is the price paid (issue 20): keys that change the package never buy, and the cost in History is the price drawn. */
describe('Ship: the price on the screen is the price paid', () => {
  const bench = useBench();
  const bought = () => bench().page.getByRole('status', { name: 'Label bought' });

  it('a weight typed with Enter draws its prices and buys nothing; the next Enter buys the price then on screen', async () => {
    const { page } = bench();
    await scanAndSettle(bench(), 'DEMO-1003');
    const before = await priceOnScreen(page);
    expect(before).not.toBeNull();
    const weight = page.getByRole('textbox', { name: /Weight/ });
    await weight.fill('80 lb');
    await weight.press('Enter');
    await newPriceOrBought(page, before);
    await expect(bought().count()).resolves.toBe(0);
    const drawn = await priceOnScreen(page);
    await weight.press('Enter');
    await bought().waitFor();
    await expect(historyCost(bench(), 'DEMO-1003')).resolves.toBe(drawn);
  });

  it('an insurance amount typed with Enter shows its price and buys nothing; the next Enter buys the total on screen', async () => {
    const { page } = bench();
    await scanAndSettle(bench(), 'DEMO-1004');
    const before = await priceOnScreen(page);
    await page.keyboard.press('F2');
    await page.keyboard.type('5000');
    await page.keyboard.press('Enter');
    await newPriceOrBought(page, before);
    await expect(bought().count()).resolves.toBe(0);
    await page.getByRole('status', { name: 'Insurance quote' }).getByText(/costs \$/).waitFor();
    const total = await priceOnScreen(page);
    await page.keyboard.press('Enter');
    await bought().waitFor();
    await expect(historyCost(bench(), 'DEMO-1004')).resolves.toBe(total);
  });

  it('a scale over its capacity stops Buy with words; a typed weight buys at the price drawn for it', async () => {
    const { page } = bench();
    await bench().call('scales.simulate', { weightOz: 1500 });
    await page.getByLabel('Scale reading').getByText(/Too heavy/).waitFor({ timeout: 15_000 });
    await scanAndSettle(bench(), 'DEMO-1005');
    await page.getByRole('textbox', { name: 'Scan' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Purchase' }).getByText(/over its capacity/).waitFor();
    await expect(bought().count()).resolves.toBe(0);
    await page.getByRole('region', { name: 'Package' }).getByText(/over its capacity/).waitFor();

    const weight = page.getByRole('textbox', { name: /Weight/ });
    await weight.fill('1 lb');
    await weight.press('Enter');
    await page.getByText('Typed weight', { exact: false }).waitFor();
    await page.getByRole('table', { name: 'Rates' }).locator('tbody tr[aria-selected="true"]').waitFor();
    const drawn = await priceOnScreen(page);
    await weight.press('Enter');
    await bought().waitFor();
    await expect(historyCost(bench(), 'DEMO-1005')).resolves.toBe(drawn);
  });

  it('Media Mail picked with the arrow keys is not bought by Enter; typing SHIP and then Enter buys it at the price on screen', async () => {
    const { page } = bench();
    await scanAndSettle(bench(), 'DEMO-1015');
    const rows = page.getByRole('table', { name: 'Rates' }).locator('tbody tr');
    await page.getByRole('table', { name: 'Rates' }).locator('tbody tr[aria-selected="true"]').waitFor();
    await page.getByRole('textbox', { name: 'Scan' }).focus();
    const count = await rows.count();
    const media = await rows.evaluateAll((all) => all.findIndex((row) => /Media Mail/.test(row.textContent ?? '')));
    expect(media).toBeGreaterThanOrEqual(0);
    for (let i = 0; i < count; i += 1) await page.keyboard.press('ArrowUp');
    for (let i = 0; i < media; i += 1) await page.keyboard.press('ArrowDown');
    await expect.poll(() => rows.nth(media).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('note', { name: 'Content rule' }).getByText(/books/).waitFor();
    await page.getByRole('textbox', { name: 'Scan' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Purchase' }).getByText(/type SHIP/).waitFor();
    await expect(bought().count()).resolves.toBe(0);

    const confirm = page.locator('input[name="service-confirm"]');
    await confirm.fill('SHIP');
    await confirm.press('Enter');
    await expect.poll(() => confirm.count()).toBe(0);
    const drawn = await priceOnScreen(page);
    await page.keyboard.press('Enter');
    await bought().waitFor();
    await expect(historyCost(bench(), 'DEMO-1015')).resolves.toBe(drawn);
    const found = await bench().call('history.search', { query: 'DEMO-1015', limit: 5 });
    expect(found.shipments[0]?.serviceName ?? '').toMatch(/Media/);
  });

  it('every buying key on Ship stores in History the price that was on screen right before it', async () => {
    const { page } = bench();
    const scanBox = page.getByRole('textbox', { name: 'Scan' });
    const weight = page.getByRole('textbox', { name: /Weight/ });
    const insurance = page.locator('#insurance-amount');
    const insure = async (): Promise<void> => {
      await insurance.fill('100');
      await insurance.press('Tab');
      await page.getByRole('status', { name: 'Insurance quote' }).getByText(/costs \$/).waitFor();
    };
    const blurred = async (): Promise<void> => {
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    };
    const keys: ReadonlyArray<{ readonly key: string; readonly order: string; readonly before?: () => Promise<void>; readonly press: () => Promise<void> }> = [
      { key: 'Enter on the empty Scan box', order: 'DEMO-1001', press: () => scanBox.press('Enter') },
      { key: 'Enter with the cursor on no field', order: 'DEMO-1002', before: blurred, press: () => page.keyboard.press('Enter') },
      { key: 'the Buy and print button', order: 'DEMO-1006', press: () => page.getByRole('button', { name: /Buy and print/ }).click() },
      { key: 'the BUY command barcode', order: 'DEMO-1007', press: () => scannerTypes(page, 'PS:CMD:BUY') },
      { key: 'Enter in Weight on the weight shown', order: 'DEMO-1008', press: () => weight.press('Enter') },
      { key: 'Enter in Insurance on the amount shown', order: 'DEMO-1009', before: insure, press: () => insurance.press('Enter') },
    ];
    for (const { key, order, before, press } of keys) {
      await scanAndSettle(bench(), order);
      await page.getByRole('table', { name: 'Rates' }).locator('tbody tr[aria-selected="true"]').waitFor();
      await before?.();
      const drawn = await priceOnScreen(page);
      expect(drawn).not.toBeNull();
      await press();
      await bought().filter({ hasText: order }).waitFor();
      expect({ key, cost: await historyCost(bench(), order) }).toEqual({ key, cost: drawn });
    }
  });
});
