import { describe, expect, it } from 'vitest';
import { useBench } from './fixture';
import { buyForOrder, scannerTypes } from './helpers';

describe('Ship: another box for the same order', () => {
  const bench = useBench();

  const buyOnEnter = async (): Promise<string> => {
    const { page } = bench();
    await page.getByRole('table', { name: 'Rates' }).locator('tbody tr[aria-selected="true"]').waitFor();
    await page.getByRole('textbox', { name: 'Scan' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status', { name: 'Label bought' }).waitFor();
    return (await page.getByTestId('tracking-number').textContent()) ?? '';
  };

  it('buys a second label for the next box of an order, with its own tracking number', async () => {
    const { page } = bench();
    await page.getByRole('textbox', { name: 'Scan' }).fill('DEMO-1003');
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Ship to' }).getByText('order DEMO-1003').waitFor();
    const first = await buyOnEnter();

    await bench().call('scales.simulate', { weightOz: 21 });
    await page.keyboard.press('Alt+b');
    await page.getByTestId('box-number').getByText('box 2').waitFor();
    await expect(page.getByRole('status', { name: 'Label bought' }).count()).resolves.toBe(0);
    await expect.poll(() => page.getByRole('textbox', { name: 'Weight' }).inputValue(), { timeout: 15_000 }).toBe('1 lb 5 oz');
    const second = await buyOnEnter();
    expect(second).toMatch(/^\w{10,}$/);
    expect(second).not.toBe(first);

    const found = await bench().call('history.search', { query: 'DEMO-1003', limit: 10 });
    const keys = found.shipments.filter((s) => s.state === 'bought').map((s) => s.packageKey).sort();
    expect(keys).toEqual(['order:demo-1003#0', 'order:demo-1003#1']);
  });

  it('a rescan of the order offers its first label again and the key for another box, which takes the next free number', async () => {
    const { page } = bench();
    await buyForOrder(bench(), 'DEMO-1003');
    await page.getByRole('textbox', { name: 'Scan' }).fill('DEMO-1003');
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Ship to' }).getByRole('note').getByText(/Alt\+B/).waitFor();
    await expect(page.getByRole('button', { name: /Another box for this order/ }).getAttribute('aria-keyshortcuts')).resolves.toBe('Alt+B');
    await page.getByRole('button', { name: /Another box for this order/ }).click();
    await page.getByTestId('box-number').getByText('box 2').waitFor();
    await expect(page.getByRole('region', { name: 'Ship to' }).getByRole('note').count()).resolves.toBe(0);
    await bench().screenshot('ship-another-box');
  });

  it('the another-box command barcode does what Alt+B does', async () => {
    const { page } = bench();
    await buyForOrder(bench(), 'DEMO-1003');
    await scannerTypes(page, 'DEMO-1003');
    await page.getByRole('region', { name: 'Ship to' }).getByRole('note').getByText(/Alt\+B/).waitFor();
    await scannerTypes(page, 'PS:CMD:ANOTHER_BOX');
    await page.getByTestId('box-number').getByText('box 2').waitFor();
    await expect(page.getByRole('region', { name: 'Ship to' }).getByText('order DEMO-1003').count()).resolves.toBe(1);
    const sheet = await bench().call('scan.commandSheet', { format: 'svg' });
    expect(sheet.barcodes.map((b) => b.text)).toContain('PS:CMD:ANOTHER_BOX');
  });
});
