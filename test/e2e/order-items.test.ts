import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeExport } from '../../shared/domain/orderImport/decode';
import { shipFrom, useBench } from './fixture';

const fixtures = path.join(__dirname, '../fixtures/store-exports');
const fixture = (file: string): string => decodeExport(fs.readFileSync(path.join(fixtures, file)));

describe('Ship screen: what goes in the box (issue 22 item 6)', () => {
  const bench = useBench();

  it('a scan of the store number without its # shows the order\'s items and the weight from the catalog; Enter on an inbox row does too', async () => {
    const f = bench();
    const { page } = f;
    await f.call('settings.shipping.set', { shipFrom });
    await f.call('products.importCsv', { csv: fixture('products.csv') });
    expect(await f.call('orders.importCsv', { csv: fixture('shopify-orders_export_1.csv') })).toMatchObject({ format: 'shopify', imported: 3 });

    await page.getByRole('textbox', { name: 'Scan' }).fill('1002');
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Ship to' }).getByText('order #1002').waitFor();
    const box = page.getByRole('region', { name: 'In the box' });
    const rows = box.getByRole('table', { name: 'Order items' }).locator('tbody tr');
    await expect.poll(() => rows.allInnerTexts()).toEqual(['POT-1\tTeapot, stoneware\t1', 'CST-4\tCoaster set (4)\t3']);
    // 1 × 2 lb + 3 × 6 oz, and no tare on the default box.
    await box.getByText('Weight from the catalog: 3 lb 2 oz').waitFor();
    await f.screenshot('order-items');

    await page.keyboard.press('Alt+O');
    const row = page.getByRole('table', { name: 'Orders' }).locator('tbody tr', { hasText: '#1003' });
    await row.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Ship to' }).getByText('order #1003').waitFor();
    await expect.poll(() => rows.allInnerTexts()).toEqual(['NAP-1\tLinen napkin\t2']);
  });

  it('a single-SKU order weighed on the scale offers to remember one unit\'s weight, and the catalog weighs the next such order', async () => {
    const f = bench();
    const { page } = f;
    await f.call('settings.shipping.set', { shipFrom });
    // #1003's one item (2 × NAP-1) is not in the catalog yet.
    await f.call('orders.importCsv', { csv: fixture('shopify-orders_export_1.csv') });
    await page.getByRole('textbox', { name: 'Scan' }).fill('1003');
    await page.keyboard.press('Enter');
    const box = page.getByRole('region', { name: 'In the box' });
    await box.getByText('The catalog has no weight for SKU "NAP-1"').waitFor();
    await f.call('scales.simulate', { weightOz: 3 });
    const offer = box.getByRole('button', { name: 'Remember 1.5 oz as one NAP-1' });
    await offer.focus();
    await page.keyboard.press('Enter');
    await box.getByRole('status').getByText('Remembered: one NAP-1 weighs 1.5 oz.').waitFor();
    expect(await f.call('products.get', { sku: 'NAP-1' })).toMatchObject({ sku: 'NAP-1', name: 'Linen napkin', weightOz: 1.5 });
    expect(await f.call('orders.lookup', { orderNumber: '1003' })).toMatchObject({ weightFrom: 'catalog', package: { weightOz: 3 } });
  });

  it('the inbox maps an unknown file\'s columns once with the keyboard, imports it, and reads the next file with that header by itself', async () => {
    const f = bench();
    const { page } = f;
    await f.call('settings.shipping.set', { shipFrom });
    const header = 'Order ID,Customer,Address,Town,Region,Postcode,Nation,Product SKU,Product,Qty';
    await page.keyboard.press('Alt+O');
    const inbox = page.getByRole('region', { name: 'Orders inbox' });
    await inbox.locator('input[type="file"]').setInputFiles({ name: 'market.csv', mimeType: 'text/csv', buffer: Buffer.from(`${header}\nM-1,Iris Novak,8 Pearl St,Denver,CO,80203,US,MUG-12,Mug,2\n`) });
    const mapper = inbox.getByRole('form', { name: "Map the file's columns" });
    const pick = async (field: string, column: string) => {
      await mapper.getByRole('combobox', { name: field }).focus();
      await mapper.getByRole('combobox', { name: field }).selectOption(column);
    };
    await pick('order number (needed)', 'Order ID');
    await pick('recipient name (needed)', 'Customer');
    await pick('street (needed)', 'Address');
    await pick('city (needed)', 'Town');
    await pick('state', 'Region');
    await pick('zip code', 'Postcode');
    await pick('country', 'Nation');
    await pick('sku', 'Product SKU');
    await pick('item name', 'Product');
    await pick('item quantity', 'Qty');
    await mapper.getByRole('textbox', { name: 'Name of this mapping' }).fill('Market');
    await page.keyboard.press('Enter');
    await inbox.getByRole('status').getByText('Read as a saved column mapping. Imported 1').waitFor();
    expect(await f.call('orders.lookup', { orderNumber: 'M-1' })).toMatchObject({ items: [{ sku: 'MUG-12', name: 'Mug', quantity: 2 }] });
    expect(await f.call('orders.importCsv', { csv: `${header}\nM-2,Owen Tran,12 Cedar Ct,Boise,ID,83702,US,POT-1,Teapot,1\n` })).toMatchObject({ format: 'mapped', imported: 1 });
  });
});
