import type { Page } from 'playwright-core';
import { expect } from 'vitest';
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
 * time from the stamp), then Enter (or Tab). The page's scanner hook sees a scan.
 */
export async function scannerTypes(page: Page, text: string, terminator: 'Enter' | 'Tab' = 'Enter'): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    // A scan starts apart from any key a person pressed just before it.
    const start = Date.now() / 1000 + 0.1;
    const end = terminator === 'Enter' ? '\r' : '\t';
    const keys = [...text, end];
    for (const [index, char] of keys.entries()) {
      const timestamp = start + index * 0.005;
      const last = char === end;
      const key = last ? terminator : char;
      const code = last ? terminator : /[0-9]/.test(char) ? `Digit${char}` : /[a-z]/i.test(char) ? `Key${char.toUpperCase()}` : '';
      const common = { key, code, windowsVirtualKeyCode: last ? (terminator === 'Enter' ? 13 : 9) : char.toUpperCase().charCodeAt(0) };
      const typed = last && terminator === 'Tab' ? {} : { text: char, unmodifiedText: char };
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...typed, timestamp, ...common });
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

/** Creates the v1 order E2E-V1-1 through the Account screen, as an operator does. */
export async function createV1Order(page: Page): Promise<void> {
  await page.keyboard.press('Alt+0');
  const create = page.getByRole('region', { name: 'Create a v1 order' });
  await create.getByRole('textbox', { name: 'Store name' }).fill('E2E Store');
  await create.getByRole('textbox', { name: 'Warehouse name' }).fill('Main Warehouse');
  await create.getByRole('textbox', { name: /Order number/ }).fill('E2E-V1-1');
  const to = create.getByRole('group', { name: 'Ship to' });
  await to.getByRole('textbox', { name: 'Name', exact: true }).fill('Ann Lee');
  await to.getByRole('textbox', { name: 'Street', exact: true }).fill('1457 Sunset Boulevard');
  await to.getByRole('textbox', { name: 'City' }).fill('Los Angeles');
  await to.getByRole('textbox', { name: 'State' }).fill('CA');
  await to.getByRole('textbox', { name: 'ZIP code' }).fill('90026');
  await create.getByRole('textbox', { name: 'Weight (oz)' }).fill('12');
  await create.getByRole('textbox', { name: 'Length (in)' }).fill('10');
  await create.getByRole('textbox', { name: 'Width (in)' }).fill('8');
  await create.getByRole('textbox', { name: 'Height (in)' }).fill('4');
  await create.getByRole('button', { name: 'Create order' }).click();
  await create.getByRole('status').getByText('Order E2E-V1-1 created in store E2E Store.').waitFor();
}

/** Rates the order on the label desk and buys the first rate; returns the tracking number. */
export async function buyFirstV1Rate(page: Page): Promise<string> {
  const desk = page.getByRole('region', { name: 'Label desk' });
  await expect(desk.getByRole('textbox', { name: 'Order number' }).inputValue()).resolves.toBe('E2E-V1-1');
  await desk.getByRole('button', { name: 'Get v1 rates' }).click();
  const rates = desk.getByRole('table', { name: 'v1 rates' });
  await rates.waitFor();
  await desk.getByText('Sent as 0.75 lb').waitFor();
  await expect(rates.locator('tbody tr').count()).resolves.toBeGreaterThan(0);
  await rates.locator('tbody tr').first().getByRole('button', { name: /^Buy / }).click();
  const bought = desk.getByRole('status', { name: 'v1 label bought' });
  await bought.waitFor();
  await bought.getByRole('img', { name: 'v1 label preview' }).waitFor();
  const tracking = ((await bought.getByTestId('v1-tracking').textContent()) ?? '').trim();
  return tracking;
}

/** International orders as a shop exports them: a two-item UK order, a Canadian gift, and a UK order without the phone number carriers need. */
export const internationalCsv = [
  'order_number,recipient_name,street,city,state,zip_code,country,phone,weight_oz,length_in,width_in,height_in,contents_type,non_delivery,item_description,item_quantity,item_value_usd,item_weight_oz,item_hs_code,item_origin_country',
  'UK-2001,Olivia Hart,10 Downing St,London,,SW1A 2AA,GB,+44 20 7946 0958,20,10,8,4,merchandise,return,Wool scarf,2,35.00,5,6117.10,GB',
  'UK-2001,,,,,,,,,,,,,,Leather gloves,1,49.50,4,420329,IT',
  'CA-2002,Noah Tremblay,1 Rue Sainte-Catherine,Montreal,QC,H2X 1Y4,CA,514-555-0142,18,8,6,4,gift,abandon,Maple syrup,1,18,16,170220,US',
  'UK-2003,Amy Pond,1 High St,Leadworth,,GL1 1AA,GB,,12,8,6,4,merchandise,,Teacup,1,12,8,691200,GB',
].join('\n');
