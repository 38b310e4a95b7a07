import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBench, type StationFixture } from './fixture';

/** The return price drawn on the Returns screen, in dollars, once one is drawn. */
async function drawnPrice(returns: Locator): Promise<number> {
  const strong = returns.getByRole('status', { name: 'Return price' }).locator('strong');
  await strong.waitFor();
  return Number(((await strong.textContent()) ?? '').replace(/[$,]/g, ''));
}

/** What History stores as the cost of the order's return label number `n` (the newest first). */
async function returnCosts(f: StationFixture, order: string): Promise<number[]> {
  const { shipments } = await f.call('history.search', { query: order, limit: 20 });
  return shipments.filter((s) => s.isReturn && s.state === 'bought').map((s) => s.cost ?? -1);
}

describe('Returns and Address: where the cursor starts, a return priced before it is bought, and a second return on request', () => {
  const bench = useBench();

  it('Address starts in its first field', async () => {
    const { page } = bench();
    await page.keyboard.press('Alt+7');
    await page.getByRole('region', { name: 'Address' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('address.name');
  });

  it('Returns starts in the order field; a typed weight with Enter prices and buys nothing; Enter then buys the price on screen; Buy again shows the same label; Alt+R prices a second return, Alt+P buys it', async () => {
    const { page } = bench();
    await page.keyboard.press('Alt+4');
    const returns = page.getByRole('region', { name: 'Returns' });
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.placeholder)).toBe('Order number');
    await page.keyboard.type('DEMO-1004');
    await page.keyboard.press('Enter');
    await expect.poll(() => returns.locator('[name="from.name"]').inputValue()).not.toBe('');
    const first = await drawnPrice(returns);

    // An address edited with Enter is priced again (a new quote) and buys nothing.
    const quoted = async (): Promise<number | null> => (await bench().call('returnsDesk.state', {})).rates.quote?.quoteId ?? null;
    const before = await quoted();
    const zip = returns.locator('[name="from.zip"]');
    await zip.fill('10001');
    await zip.press('Enter');
    await expect.poll(quoted).not.toBe(before);
    await expect.poll(async () => (await bench().call('returnsDesk.state', {})).customer?.zip).toBe('10001');
    await expect(returnCosts(bench(), 'DEMO-1004')).resolves.toEqual([]);

    // Enter in Weight on a changed weight draws the new price and buys nothing.
    const weight = returns.getByPlaceholder('e.g. 1 lb 4 oz');
    await weight.fill('30 lb');
    await weight.press('Enter');
    await expect.poll(() => drawnPrice(returns)).not.toBe(first);
    await expect(returnCosts(bench(), 'DEMO-1004')).resolves.toEqual([]);
    const heavy = await drawnPrice(returns);
    await weight.press('Enter');
    const another = returns.getByRole('group', { name: 'Another return' });
    await another.getByText('Return label 1 for order DEMO-1004.').waitFor();
    await expect(returnCosts(bench(), 'DEMO-1004')).resolves.toEqual([heavy]);

    // The same order again (say after Next return) is the same label, not a second charge.
    await page.keyboard.press('Alt+N');
    await page.keyboard.type('DEMO-1004');
    await page.keyboard.press('Enter');
    await expect.poll(() => returns.locator('[name="from.name"]').inputValue()).not.toBe('');
    await drawnPrice(returns);
    await page.keyboard.press('Alt+P');
    await another.getByText(/Return label 1 for order DEMO-1004 was bought earlier/).waitFor();

    await page.keyboard.press('Alt+R');
    const second = await drawnPrice(returns);
    await page.keyboard.press('Alt+P');
    await another.getByText('Return label 2 for order DEMO-1004.').waitFor();

    const { shipments } = await bench().call('history.search', { query: 'DEMO-1004', limit: 20 });
    const returnsBought = shipments.filter((r) => r.isReturn && r.state === 'bought');
    expect(returnsBought).toHaveLength(2);
    expect(new Set(returnsBought.map((r) => r.trackingNo)).size).toBe(2);
    expect(new Set(returnsBought.map((r) => r.platformUkId)).size).toBe(2);
    // Every buying key stored the price that was on screen right before it.
    expect([...(await returnCosts(bench(), 'DEMO-1004'))].sort()).toEqual([heavy, second].sort());
  });

  it('the station refuses a return price that is no longer on screen, in words, and buys nothing', async () => {
    const f = bench();
    const started = await f.call('returnsDesk.order', { orderNumber: 'DEMO-1006' });
    await expect.poll(async () => (await f.call('returnsDesk.state', {})).rates.status, { timeout: 15_000 }).toBe('ready');
    const priced = await f.call('returnsDesk.state', {});
    expect(started.orderNumber).toBe('DEMO-1006');
    const rate = priced.rates.quote?.rates[priced.rates.picked ?? -1];
    if (!rate || priced.weight.oz === null) throw new Error('no return price was drawn');
    const stale = { packageId: priced.packageId, quoteId: priced.rates.quote?.quoteId ?? 0, picked: priced.rates.picked ?? 0, price: rate.price - 1, weightOz: priced.weight.oz, returnNumber: 1 };
    const refused = await f.call('returnsDesk.buy', { shown: stale });
    expect(refused.purchase.status).toBe('none');
    expect(refused.purchase.error?.message).toMatch(/price of this return changed since it was on screen: nothing was bought/);
    await expect(returnCosts(f, 'DEMO-1006')).resolves.toEqual([]);
  });
});
