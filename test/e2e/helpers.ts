import type { Page } from 'playwright-core';
import type { Shipment } from '../../shared/contract/shippingTypes';
import type { RunningSandbox } from '../../electron/sandbox';
import type { StationFixture } from './fixture';

/** Buys a label for a demo order straight through the station (setup, not under test). */
export async function buyForOrder(f: StationFixture, orderNumber: string, pick: (serviceLevel: string) => boolean = () => true): Promise<Shipment> {
  const order = await f.call('orders.lookup', { orderNumber });
  const quote = await f.call('rates.quote', { to: order.recipient, package: { weightOz: order.package?.weightOz ?? 12 }, orderNumber });
  const rate = quote.rates.find((r) => pick(r.serviceLevel) && r.rateId) ?? quote.rates.find((r) => r.rateId);
  if (!rate?.rateId) throw new Error(`no rate to buy for ${orderNumber}`);
  const bought = await f.call('labels.buy', { method: 'rate', quoteId: quote.quoteId, rateId: rate.rateId, orderNumber, print: false });
  return bought.shipment;
}

export const isUsps = (serviceLevel: string): boolean => serviceLevel.startsWith('USPS_') && !serviceLevel.includes('MEDIA');

/**
 * Types a barcode the way a wedge scanner does: every key stamped 5 ms after
 * the last, whatever the load on the test machine (Chromium takes the event
 * time from the stamp), then Enter. The page's scanner hook sees a scan.
 */
export async function scannerTypes(page: Page, text: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    // A scan starts apart from any key a person pressed just before it.
    const start = Date.now() / 1000 + 0.1;
    const keys = [...text, '\r'];
    for (const [index, char] of keys.entries()) {
      const timestamp = start + index * 0.005;
      const enter = char === '\r';
      const key = enter ? 'Enter' : char;
      const code = enter ? 'Enter' : /[0-9]/.test(char) ? `Digit${char}` : /[a-z]/i.test(char) ? `Key${char.toUpperCase()}` : '';
      const common = { key, code, windowsVirtualKeyCode: enter ? 13 : char.toUpperCase().charCodeAt(0) };
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', text: char, unmodifiedText: char, timestamp, ...common });
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', timestamp: timestamp + 0.001, ...common });
    }
  } finally {
    await cdp.detach();
  }
}

/** Scans an order on the Ship screen and settles its address check (accepting the service's form), so rates are ready to buy. */
export async function scanAndSettle(f: StationFixture, order: string): Promise<void> {
  const { page } = f;
  await page.getByRole('textbox', { name: 'Scan' }).fill(order);
  await page.keyboard.press('Enter');
  await page.getByRole('region', { name: 'Ship to' }).getByText(`order ${order}`).waitFor();
  await page.getByRole('table', { name: 'Rates' }).waitFor();
  // The demo addresses change only in form: the station applies that at once, with no key to press.
  await page.getByRole('region', { name: 'Ship to' }).getByText(/^(standardized|address confirmed)$/).waitFor();
}

/** The sandbox a `useBench({ ownSandbox: true })` test runs in this process, where faults are set and sales read. */
export function ownSandbox(f: StationFixture): RunningSandbox {
  if (!f.sandbox) throw new Error('this test needs its own sandbox: useBench({ ownSandbox: true })');
  return f.sandbox;
}
