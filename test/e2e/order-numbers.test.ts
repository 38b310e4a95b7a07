import { describe, expect, it } from 'vitest';
import type { Shipment } from '../../shared/contract/shippingTypes';
import { useBench, type StationFixture } from './fixture';
import { buyForOrder } from './helpers';

/** A second box of an order (its own package, its own label), bought straight through the station. */
async function buySecondBox(f: StationFixture, orderNumber: string): Promise<Shipment> {
  const order = await f.call('orders.lookup', { orderNumber });
  const quote = await f.call('rates.quote', { to: order.recipient, package: { weightOz: 20 }, orderNumber });
  const rate = quote.rates.find((r) => r.rateId);
  if (!rate?.rateId) throw new Error(`no rate to buy for ${orderNumber}`);
  const bought = await f.call('labels.buy', { method: 'rate', quoteId: quote.quoteId, rateId: rate.rateId, orderNumber, packageIndex: 1, print: false });
  return bought.shipment;
}

describe('Tracking, Void and History take order numbers (issue 12 item 10)', () => {
  const bench = useBench();

  it('Void finds the label of an order number typed in place of a tracking number', async () => {
    const shipment = await buyForOrder(bench(), 'DEMO-1003');
    const { page } = bench();
    await page.keyboard.press('Alt+3');
    const field = page.getByRole('textbox', { name: /Tracking number, order number/ });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('class'))).toBe('scan');
    await field.fill('demo-1003');
    await page.keyboard.press('Enter');
    const facts = page.getByRole('definition').filter({ hasText: shipment.trackingNo ?? '' });
    await facts.waitFor();
    await page.getByRole('button', { name: 'Void this label' }).waitFor();
  });

  it('an order with two labels lists both on Void and Tracking; a digit or Enter picks one', async () => {
    const first = await buyForOrder(bench(), 'DEMO-1004');
    const second = await buySecondBox(bench(), 'DEMO-1004');
    const { page } = bench();
    await page.keyboard.press('Alt+3');
    await page.getByRole('textbox', { name: /Tracking number, order number/ }).fill('DEMO-1004');
    await page.keyboard.press('Enter');
    const pick = page.getByRole('region', { name: 'Labels of this order' });
    await pick.getByRole('heading', { name: 'Order DEMO-1004 has 2 labels: pick one' }).waitFor();
    // Newest first: key 2 is the first box's label.
    await expect(pick.getByRole('button').nth(0).textContent()).resolves.toContain(second.trackingNo);
    await expect(pick.getByRole('button').nth(1).textContent()).resolves.toContain(first.trackingNo);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toContain(second.trackingNo ?? '-');
    await page.keyboard.press('2');
    await page.getByRole('definition').filter({ hasText: first.trackingNo ?? '' }).waitFor();
    await expect(pick.count()).resolves.toBe(0);

    await page.keyboard.press('Alt+6');
    await page.getByRole('textbox', { name: /Tracking number, order number/ }).fill('DEMO-1004');
    await page.keyboard.press('Enter');
    await pick.waitFor();
    await page.keyboard.press('Enter');
    const status = page.getByRole('region', { name: 'Tracking status' });
    await status.waitFor();
    await expect(status.textContent()).resolves.toContain(second.trackingNo);
  });

  it('History finds a label by any part of its tracking number, order number, city or ZIP', async () => {
    const shipment = await buyForOrder(bench(), 'DEMO-1005');
    const order = await bench().call('orders.lookup', { orderNumber: 'DEMO-1005' });
    const { page } = bench();
    await page.keyboard.press('Alt+9');
    const search = page.getByRole('searchbox', { name: 'Search' });
    const rows = page.getByRole('table', { name: 'Shipments' }).getByRole('row').filter({ hasText: shipment.trackingNo ?? '' });
    const tracking = shipment.trackingNo ?? '';
    for (const part of [tracking.slice(-7), 'MO-100', order.recipient.city.slice(1, 5).toLowerCase(), order.recipient.zip.slice(1, 5)]) {
      await search.fill(part);
      await rows.waitFor();
    }
    await search.fill('zzqx');
    await page.getByRole('table', { name: 'Shipments' }).getByRole('row').filter({ hasText: tracking }).waitFor({ state: 'detached' });
  });
});
