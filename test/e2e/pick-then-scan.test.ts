import { describe, expect, it } from 'vitest';
import type { Shipment } from '../../shared/contract/shippingTypes';
import { useBench, type StationFixture } from './fixture';
import { buyForOrder, scannerTypes } from './helpers';

/** A second box of an order on UPS: its tracking number starts with 1, the key that picks the first label. */
async function buyUpsBox(f: StationFixture, orderNumber: string): Promise<Shipment> {
  const order = await f.call('orders.lookup', { orderNumber });
  const quote = await f.call('rates.quote', { to: order.recipient, package: { weightOz: 20 }, orderNumber });
  const rate = quote.rates.find((r) => r.serviceLevel.startsWith('UPS') && r.rateId);
  if (!rate?.rateId) throw new Error(`no UPS rate to buy for ${orderNumber}`);
  const bought = await f.call('labels.buy', { method: 'rate', quoteId: quote.quoteId, rateId: rate.rateId, orderNumber, packageIndex: 1, print: false });
  return bought.shipment;
}

describe('a pick list never eats the next scan (issue 20)', () => {
  const bench = useBench();

  it('on Void and Tracking, a scan typed while the pick list is up arrives whole in the scan field', async () => {
    await buyForOrder(bench(), 'DEMO-1006');
    const ups = await buyUpsBox(bench(), 'DEMO-1006');
    const scanned = ups.trackingNo ?? '';
    expect(scanned).toMatch(/^1Z/);
    const { page } = bench();
    const field = page.getByRole('textbox', { name: /Tracking number, order number/ });
    const pick = page.getByRole('region', { name: 'Labels of this order' });

    await page.keyboard.press('Alt+3');
    await field.fill('DEMO-1006');
    await page.keyboard.press('Enter');
    await pick.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[aria-label="Labels of this order"]') !== null)).toBe(true);
    await scannerTypes(page, scanned);
    await page.getByRole('definition').filter({ hasText: scanned }).waitFor();
    await expect(field.inputValue()).resolves.toBe(scanned);
    await expect(pick.count()).resolves.toBe(0);

    await page.keyboard.press('Alt+6');
    await field.fill('DEMO-1006');
    await page.keyboard.press('Enter');
    await pick.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[aria-label="Labels of this order"]') !== null)).toBe(true);
    await scannerTypes(page, scanned);
    const status = page.getByRole('region', { name: 'Tracking status' });
    await status.waitFor();
    await expect(field.inputValue()).resolves.toBe(scanned);
    await expect(status.textContent()).resolves.toContain(scanned);
    await expect(pick.count()).resolves.toBe(0);
  });
});
