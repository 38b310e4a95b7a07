import { describe, expect, it } from 'vitest';
import { useBench } from './fixture';
import { buyForOrder } from './helpers';

const orders = ['DEMO-1001', 'DEMO-1002', 'DEMO-1004', 'DEMO-1005', 'DEMO-1006', 'DEMO-1013', 'DEMO-1010'];

describe('Batch: the Ship screen rules, each row priced before spending, bought as a queue', () => {
  const bench = useBench({ ownSandbox: true });

  it('prices every row and the total before spending, stops the unconfirmed address until SHIP is typed, lets a service change, and marks an already-shipped order as such', async () => {
    const { page, sandbox } = bench();
    if (!sandbox) throw new Error('this test needs its own sandbox');
    await buyForOrder(bench(), 'DEMO-1010');
    await page.keyboard.press('Alt+2');
    const scan = page.getByRole('textbox', { name: 'Scan' });
    const table = page.getByRole('table', { name: 'Batch packages' });
    for (const order of orders) {
      await scan.fill(order);
      await scan.press('Enter');
      await table.getByRole('row').filter({ hasText: order }).getByRole('combobox').waitFor();
    }
    const row = (order: string) => table.getByRole('row').filter({ hasText: order });
    await row('DEMO-1013').getByText(/could not confirm/).first().waitFor();
    await row('DEMO-1010').getByText('Already shipped').waitFor();
    await row('DEMO-1001').getByText('standardized').waitFor();

    // Five ready rows; the total is the sum of the prices shown, before anything is bought.
    const total = page.getByRole('status', { name: 'Batch total' });
    await total.getByText(/^5 ready to buy for \$\d/).waitFor();
    const service = row('DEMO-1002').getByRole('combobox');
    const options = await service.locator('option').allTextContents();
    const dearest = options.length - 1;
    await service.selectOption(String(dearest));
    const prices = await Promise.all(
      ['DEMO-1001', 'DEMO-1002', 'DEMO-1004', 'DEMO-1005', 'DEMO-1006'].map(async (o) => {
        const picked = await row(o).getByRole('combobox').evaluate((s) => (s as HTMLSelectElement).selectedOptions[0]?.textContent ?? '');
        return Math.round(Number(/\$([\d,.]+)/.exec(picked)?.[1]?.replace(/,/g, '')) * 100);
      }),
    );
    const sum = prices.reduce((a, b) => a + b, 0);
    await total.getByText(`$${(sum / 100).toFixed(2)}`).waitFor();
    expect(sandbox.stats().labelsSold).toBe(1);

    await row('DEMO-1013').getByRole('textbox', { name: /Type SHIP/ }).fill('SHIP');
    await total.getByText(/^6 ready to buy/).waitFor();
    await page.keyboard.press('Alt+p');
    await page.getByRole('status', { name: 'Batch progress' }).getByText(/Finished: 6 bought, 0 not bought/).waitFor({ timeout: 60_000 });
    expect(sandbox.stats().labelsSold).toBe(7);
    await row('DEMO-1010').getByText('Already shipped').waitFor();
    await expect(table.getByText('Bought', { exact: true }).count()).resolves.toBe(6);
    // Alt+P is a buying key: every row's cost in History is the price its row showed right before it.
    const ready = ['DEMO-1001', 'DEMO-1002', 'DEMO-1004', 'DEMO-1005', 'DEMO-1006'];
    const stored = await Promise.all(ready.map(async (o) => (await bench().call('history.search', { query: o })).shipments[0]?.cost ?? null));
    expect(stored.map((cost) => Math.round((cost ?? 0) * 100))).toEqual(prices);
    const dear = await bench().call('history.search', { query: 'DEMO-1002' });
    expect(dear.shipments[0]?.cost).toBe(Number(/\$([\d,.]+)/.exec(options[dearest] ?? '')?.[1]?.replace(/,/g, '')));
    const overridden = await bench().call('history.search', { query: 'DEMO-1013' });
    expect(overridden.shipments[0]?.addressOverride).toMatch(/typed SHIP/);
    await bench().screenshot('batch');
  });

  it('a weight it cannot read keeps that row out of the purchase, with words at the row; one it can read is bought at the price drawn for it', async () => {
    const { page } = bench();
    await page.keyboard.press('Alt+2');
    const scan = page.getByRole('textbox', { name: 'Scan' });
    await scan.fill('DEMO-1011');
    await scan.press('Enter');
    const table = page.getByRole('table', { name: 'Batch packages' });
    await table.getByRole('row').filter({ hasText: 'DEMO-1011' }).getByRole('combobox').waitFor();
    const weight = page.getByRole('textbox', { name: 'Weight of DEMO-1011' });
    await weight.fill('1 ib 4 oz');
    await weight.press('Tab');
    await table.getByRole('row').filter({ hasText: 'DEMO-1011' }).getByText(/is not a weight/).first().waitFor();
    await page.getByRole('status', { name: 'Batch total' }).getByText(/^0 ready to buy/).waitFor();
    await expect(page.getByRole('button', { name: /Buy and print/ }).isDisabled()).resolves.toBe(true);

    // A weight it can read draws that line's new price; Alt+P stores in History the price on screen right before it.
    await weight.fill('2 lb');
    await weight.press('Tab');
    await page.getByRole('status', { name: 'Batch total' }).getByText(/^1 ready to buy/).waitFor();
    const picked = await table
      .getByRole('row')
      .filter({ hasText: 'DEMO-1011' })
      .getByRole('combobox')
      .evaluate((s) => (s as HTMLSelectElement).selectedOptions[0]?.textContent ?? '');
    const drawn = Number(/\$([\d,.]+)/.exec(picked)?.[1]?.replace(/,/g, ''));
    await page.keyboard.press('Alt+p');
    await page.getByRole('status', { name: 'Batch progress' }).getByText(/Finished: 1 bought/).waitFor({ timeout: 30_000 });
    const stored = await bench().call('history.search', { query: 'DEMO-1011' });
    expect(stored.shipments[0]?.cost).toBe(drawn);
    expect(stored.shipments[0]?.decisions).toEqual([`Bought with Batch at the price its row showed ($${drawn.toFixed(2)}).`]);
  });
});
