import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeExport } from '../../shared/domain/orderImport/decode';
import { readPngBarcodes } from '../support/barcodes';
import { shipFrom, useBench } from './fixture';

const fixtures = path.join(__dirname, '../fixtures/store-exports');
const fixture = (file: string): string => decodeExport(fs.readFileSync(path.join(fixtures, file)));

describe('packing slips (issue 23 item 2)', () => {
  const bench = useBench();

  it('set on demand in Settings, Alt+P after the purchase prints the order\'s slip on the label printer', async () => {
    const f = bench();
    const { page } = f;
    await f.call('settings.shipping.set', { shipFrom });
    await f.call('products.importCsv', { csv: fixture('products.csv') });
    await f.call('orders.importCsv', { csv: fixture('shopify-orders_export_1.csv') });

    await page.keyboard.press('Alt+s');
    const panel = page.getByRole('region', { name: 'Packing slips' });
    await panel.getByRole('combobox', { name: 'Print a packing slip' }).selectOption('onDemand');
    await panel.getByRole('textbox', { name: 'Store name on the slip' }).fill('Kettle & Co');
    await page.keyboard.press('Alt+g');
    await panel.getByRole('status').getByText('Saved.').waitFor();

    await page.keyboard.press('Alt+1');
    await page.getByRole('textbox', { name: 'Scan' }).fill('1002');
    await page.keyboard.press('Enter');
    await page.getByRole('table', { name: 'Rates' }).locator('tbody tr[aria-selected="true"]').waitFor();
    await page.getByRole('region', { name: 'Ship to' }).getByText(/^(standardized|address confirmed)$/).waitFor();
    await page.getByRole('textbox', { name: 'Scan' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status', { name: 'Label bought' }).waitFor();
    // On demand: the label printed alone.
    expect((await f.call('printJobs.list', { limit: 10 })).filter((job) => job.title.startsWith('Packing slip'))).toEqual([]);

    await page.keyboard.press('Alt+p');
    await page.getByRole('status', { name: 'Packing slip printed' }).getByText('The packing slip is in the print queue.').waitFor();
    await expect.poll(async () => (await f.call('printJobs.list', { limit: 10 })).find((job) => job.title === 'Packing slip #1002')?.status, { timeout: 20_000 }).toBe('done');
    const slip = (await f.call('printJobs.list', { limit: 10 })).find((job) => job.title === 'Packing slip #1002')!;
    const preview = await f.call('printJobs.preview', { jobId: slip.id });
    expect(preview.language).toBe('zpl');
    const codes = await readPngBarcodes(Buffer.from(preview.pngBase64, 'base64'));
    expect(codes).toContainEqual(expect.objectContaining({ format: 'Code128', text: '#1002' }));
    await f.screenshot('packing-slip-on-demand');
  }, 90_000);
});
