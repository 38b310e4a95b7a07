import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PrinterProfile } from '../../shared/contract/printing';
import { decodeExport } from '../../shared/domain/orderImport/decode';
import { itemRow, orderBarcode, receiptPrinter } from '../../electron/printing/slips/receiptSlip';
import { readPngBarcodes } from '../support/barcodes';
import { listenRawPort, useInstalledPrinter } from '../support/cups';
import { pdfText } from '../support/pdfText';
import { shipFrom, useBench, type StationFixture } from './fixture';

const fixtures = path.join(__dirname, '../fixtures/store-exports');
const fixture = (file: string): string => decodeExport(fs.readFileSync(path.join(fixtures, file)));

/** Order #1002 of the Shopify export: the packed items, and the name it ships to. */
const ITEMS = [
  { sku: 'POT-1', name: 'Teapot, stoneware', quantity: 1 },
  { sku: 'CST-4', name: 'Coaster set (4)', quantity: 3 },
];
const SHIP_TO = 'José Müller';

async function importOrders(f: StationFixture): Promise<void> {
  await f.call('settings.shipping.set', { shipFrom });
  await f.call('products.importCsv', { csv: fixture('products.csv') });
  await f.call('orders.importCsv', { csv: fixture('shopify-orders_export_1.csv') });
}

/** Settings → Packing slips, as the operator sets them: on demand, the store's name, and whatever `choose` picks; saved with Alt+G. */
async function setSlips(page: Page, choose: (panel: Locator) => Promise<void>): Promise<void> {
  await page.keyboard.press('Alt+s');
  const panel = page.getByRole('region', { name: 'Packing slips' });
  await panel.getByRole('combobox', { name: 'Print a packing slip' }).selectOption('onDemand');
  await choose(panel);
  await panel.getByRole('textbox', { name: 'Store name on the slip' }).fill('Kettle & Co');
  await page.keyboard.press('Alt+g');
  await panel.getByRole('status').getByText('Saved.').waitFor();
}

/** Ship: scan order #1002, wait for its rates and checked address, buy with Enter. */
async function buyOrder1002(page: Page): Promise<void> {
  await page.keyboard.press('Alt+1');
  await page.getByRole('textbox', { name: 'Scan' }).fill('1002');
  await page.keyboard.press('Enter');
  await page.getByRole('table', { name: 'Rates' }).locator('tbody tr[aria-selected="true"]').waitFor();
  await page.getByRole('region', { name: 'Ship to' }).getByText(/^(standardized|address confirmed)$/).waitFor();
  await page.getByRole('textbox', { name: 'Scan' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('status', { name: 'Label bought' }).waitFor();
}

describe('packing slips (issue 23 item 2)', () => {
  const bench = useBench();

  it('set on demand in Settings, Alt+P after the purchase prints the order\'s slip on the label printer', async () => {
    const f = bench();
    const { page } = f;
    await importOrders(f);
    await setSlips(page, async () => undefined);

    await buyOrder1002(page);
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

  it('an 80 mm slip chosen in Settings reaches the ESC/POS receipt printer byte for byte as node-thermal-printer writes it', async () => {
    const f = bench();
    const { page } = f;
    // The receipt printer's port 9100, on loopback: every byte the station sends it.
    const receipt = await listenRawPort();
    try {
      const port = Number(receipt.device.split(':').pop());
      const profile: PrinterProfile = { id: 'receipt', name: 'Receipt printer', transport: { kind: 'tcp', host: '127.0.0.1', port }, language: 'escpos', dpi: 203, media: '4x6', darkness: null, offsetX: 0, offsetY: 0 };
      await f.call('printers.profile.set', { profile, makeDefault: false });
      await importOrders(f);
      await setSlips(page, async (panel) => {
        await panel.getByRole('combobox', { name: 'Slip', exact: true }).selectOption('receipt');
        await panel.getByRole('combobox', { name: 'Printer', exact: true }).selectOption({ label: 'Receipt printer' });
      });

      await buyOrder1002(page);
      // On demand: the label went to the label printer, nothing to the receipt printer.
      expect(receipt.received).toEqual([]);

      await page.keyboard.press('Alt+p');
      const captured = await receipt.nextJob();
      await page.getByRole('status', { name: 'Packing slip printed' }).getByText(/Receipt printer/).waitFor();

      // node-thermal-printer's own bytes for the same text are in the capture: the order number's barcode, and each item's row.
      const oracle = await receiptPrinter();
      orderBarcode(oracle, '#1002');
      expect(captured.includes(Buffer.from(oracle.getBuffer()))).toBe(true);
      for (const item of ITEMS) {
        oracle.clear();
        itemRow(oracle, String(item.quantity), item.sku, item.name);
        expect(captured.includes(Buffer.from(oracle.getBuffer()))).toBe(true);
      }
      expect(captured.toString('latin1')).toContain('Kettle & Co');
      // Ends with node-thermal-printer's full cut and a reset.
      expect(captured.subarray(-5).equals(Buffer.from([0x1d, 0x56, 0x00, 0x1b, 0x40]))).toBe(true);
      expect(receipt.received).toHaveLength(1);
      await f.screenshot('packing-slip-receipt');
    } finally {
      await receipt.close();
    }
  }, 90_000);

  describe('on an installed page printer', () => {
    const installed = useInstalledPrinter('Slip_Laser', 'Office laser (takes PDF)');

    it('a letter page slip chosen in Settings reaches the CUPS queue\'s printer as a PDF with the order, its items and the ship-to name', async () => {
      const f = bench();
      const { page } = f;
      await importOrders(f);
      await setSlips(page, async (panel) => {
        await panel.getByRole('combobox', { name: 'Slip', exact: true }).selectOption('page');
        const queue = panel.getByRole('combobox', { name: 'Installed printer' });
        await queue.locator('option', { hasText: 'Slip_Laser' }).waitFor({ state: 'attached' });
        await queue.selectOption('Slip_Laser');
        await panel.getByRole('combobox', { name: 'Paper' }).selectOption('letter');
      });

      await buyOrder1002(page);
      await page.keyboard.press('Alt+p');
      const pdf = await installed().port.nextJob();
      await page.getByRole('status', { name: 'Packing slip printed' }).getByText(/"Slip_Laser"/).waitFor();

      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = await pdfText(pdf);
      expect(text).toContain('Order #1002');
      for (const item of ITEMS) expect(text).toMatch(new RegExp(`${item.quantity}\\s+${item.sku}`));
      expect(text).toContain(SHIP_TO);
      expect(text).toContain('Kettle & Co');
      await f.screenshot('packing-slip-page');
    }, 90_000);
  });
});
