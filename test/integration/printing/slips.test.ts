import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrinterProfile } from '../../../shared/contract/printing';
import { slipSettingsSchema, type SlipSettings } from '../../../shared/contract/slips';
import type { StationContext } from '../../../electron/core/module';
import { createMemoryLogger } from '../../../electron/log/logger';
import { decodePrinterBytes } from '../../../electron/printing/lang';
import { createPrintingModule } from '../../../electron/printing/module';
import { createCupsQueues } from '../../../electron/printing/osqueue/cups';
import { labelRaster } from '../../../electron/printing/pipeline';
import { pdfPagesToPngs } from '../../../electron/printing/raster/pdfPages';
import { itemRow, orderBarcode, receiptPrinter } from '../../../electron/printing/slips/receiptSlip';
import { renderSlipPdf } from '../../../electron/printing/slips/slipPdf';
import { createSlipsModule } from '../../../electron/printing/slips/module';
import { openDatabase } from '../../../electron/store/database';
import { createOrdersRepo } from '../../../electron/store/ordersRepo';
import { createShipmentsRepo } from '../../../electron/store/shipmentsRepo';
import { readRasterBarcodes } from '../../support/barcodes';
import { listenRawPort, startTestCups, type RawPort, type TestCups } from '../../support/cups';
import { pdfText } from '../../support/pdfText';

const ORDER = 'SO-4417';
const ITEMS = [
  { sku: 'MUG-BLUE', name: 'Blue enamel mug', quantity: 2 },
  { sku: 'TEA-EARL', name: 'Earl Grey tin, 100 g', quantity: 1 },
  { sku: 'SPOON-05', name: 'Tea spoon', quantity: 3 },
];

const NOTE = 'Gift: leave out the invoice.';

let cups: TestCups;
let office: RawPort;
beforeAll(async () => {
  cups = await startTestCups();
  office = await listenRawPort();
  cups.addRawQueue('Office_Laser', 'Office laser (takes PDF)', office.device);
}, 30_000);
afterAll(async () => {
  await office?.close();
  await cups?.stop();
});

/** A bench with a real SQLite store, the real printing module (virtual ZPL printer by default, CUPS for pages) and one bought package of an order with three items. */
function bench() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'slips-'));
  const db = openDatabase({ file: path.join(dataDir, 'station.sqlite') });
  const notices: string[] = [];
  const ctx: StationContext = {
    dataDir,
    db,
    emit: (name, payload) => {
      if (name === 'station.notice') notices.push((payload as { message: string }).message);
    },
    log: createMemoryLogger(),
    now: () => new Date(),
  };
  const printing = createPrintingModule(ctx, { usb: null, retryDelayMs: 20, osQueues: createCupsQueues({ server: () => ({ kind: 'tcp', host: '127.0.0.1', port: cups.port }) }) });
  const slips = createSlipsModule(ctx, { print: printing.service, documents: printing.documents });
  createOrdersRepo(db, ctx.now).upsert({
    orderNumber: ORDER,
    source: 'csv',
    recipient: { name: 'Ada Lovelace', street: '12 Analytical Way', city: 'Portland', state: 'OR', zip: '97201', country: 'US' },
    package: null,
    customs: null,
    items: ITEMS,
    note: NOTE,
    recipientName: 'Ada Lovelace',
  });
  const shipments = createShipmentsRepo(db, ctx.now);
  const pending = shipments.insertPending({ packageKey: 'k1', platformUkId: 'ps-k1', backendId: 'sandbox', method: 'direct_buy', requestJson: '{}', chosenJson: null, orderNumber: ORDER, recipientName: 'Ada Lovelace', recipientCity: 'Portland', recipientZip: '97201', insuranceCents: null, isReturn: false });
  shipments.markBought(pending.id, {
    resultJson: '{}', shipmentNo: 'SN-1', trackingNo: '9400111899223344556677', carrierCode: 'USPS', serviceLevel: 'X', serviceName: 'X', costCents: 500, currency: 'USD', duplicateLabel: false, rateMismatchJson: null, note: null,
    labels: [{ kind: 'label', seq: 0, url: null, png: new Uint8Array([1, 2]) }],
  });
  const setSlips = (settings: Partial<SlipSettings>) => slips.handlers['slips.settings.set']({ settings: slipSettingsSchema.parse({ storeName: 'Kettle & Co', ...settings }) });
  return {
    ctx,
    printing,
    slips,
    setSlips,
    shipmentId: pending.id,
    notices,
    async close() {
      await printing.close?.();
      db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe('packing slips on each kind of printer', () => {
  it('a 4x6 slip on the virtual ZPL printer carries the order barcode and is the slip whose text lists the items', async () => {
    const station = bench();
    try {
      await station.setSlips({ when: 'onDemand', format: 'label' });
      const printed = await station.slips.handlers['slips.print']({ shipmentId: station.shipmentId });
      expect(printed.jobId).not.toBeNull();
      const job = await station.printing.service.waitForJob(printed.jobId!, { timeoutMs: 20_000 });
      expect(job.status).toBe('done');
      const folder = path.join(station.ctx.dataDir, 'virtual-printer');
      const zplFile = fs.readdirSync(folder).find((name) => name.endsWith('.zpl'))!;
      const zpl = fs.readFileSync(path.join(folder, zplFile));
      const raster = decodePrinterBytes('zpl', zpl);
      const codes = await readRasterBarcodes(raster);
      expect(codes).toContainEqual(expect.objectContaining({ format: 'Code128', text: ORDER }));

      // What the printer got is, dot for dot, the slip PDF drawn for the label: that PDF's text is the order's.
      const { slipContent: contentOf } = await import('../../../electron/printing/slips/slipContent');
      const settings = station.slips.service.settings();
      const content = contentOf(createShipmentsRepo(station.ctx.db, station.ctx.now).get(station.shipmentId)!, {
        recipient: { name: 'Ada Lovelace', street: '12 Analytical Way', city: 'Portland', state: 'OR', zip: '97201', country: 'US' },
        items: ITEMS,
        note: NOTE,
      }, settings);
      const pdf = await renderSlipPdf(content, 'label');
      const [png] = await pdfPagesToPngs(pdf);
      const expected = labelRaster(png!, { dpi: 203, media: '4x6', offsetX: 0, offsetY: 0 }).raster;
      expect(Buffer.from(raster.data).equals(Buffer.from(expected.data))).toBe(true);
      const text = await pdfText(pdf);
      for (const item of ITEMS) expect(text).toContain(item.sku);
      expect(text).toContain('Kettle & Co');
      expect(text).toContain('Ada Lovelace');
      expect(text).toMatch(/3\s+SPOON-05/);
    } finally {
      await station.close();
    }
  }, 60_000);

  it('an 80 mm slip reaches an ESC/POS printer byte for byte as node-thermal-printer writes it', async () => {
    const station = bench();
    const receipt = await listenRawPort();
    try {
      const port = Number(receipt.device.split(':').pop());
      const profile: PrinterProfile = { id: 'receipt', name: 'Receipt printer', transport: { kind: 'tcp', host: '127.0.0.1', port }, language: 'escpos', dpi: 203, media: '4x6', darkness: null, offsetX: 0, offsetY: 0 };
      await station.printing.handlers['printers.profile.set']({ profile, makeDefault: false });
      await station.setSlips({ when: 'onDemand', format: 'receipt', printerId: 'receipt' });
      const printed = await station.slips.handlers['slips.print']({ shipmentId: station.shipmentId });
      expect(printed.words).toMatch(/went to Receipt printer/);
      const captured = await receipt.nextJob();

      // node-thermal-printer's own bytes for the same text are in the capture: the barcode, and each item's row.
      const oracle = await receiptPrinter();
      orderBarcode(oracle, ORDER);
      expect(captured.includes(Buffer.from(oracle.getBuffer()))).toBe(true);
      for (const item of ITEMS) {
        oracle.clear();
        itemRow(oracle, String(item.quantity), item.sku, item.name);
        expect(captured.includes(Buffer.from(oracle.getBuffer()))).toBe(true);
      }
      // The printer draws the Code 128 itself: GS k 73, length, code set B, the order number.
      const barcode = captured.indexOf(Buffer.from([0x1d, 0x6b, 0x49]));
      expect(captured.subarray(barcode + 6, barcode + 6 + ORDER.length).toString('latin1')).toBe(ORDER);
      const text = captured.toString('latin1');
      expect(text).toContain('Kettle & Co');
      expect(text).toContain('12 Analytical Way');
      expect(text).toContain(NOTE);
      // Ends with node-thermal-printer's full cut and a reset.
      expect(captured.subarray(-5).equals(Buffer.from([0x1d, 0x56, 0x00, 0x1b, 0x40]))).toBe(true);
    } finally {
      await receipt.close();
      await station.close();
    }
  }, 60_000);

  it('a letter page slip goes to a real CUPS queue as a PDF whose text lists the items', async () => {
    const station = bench();
    try {
      await station.setSlips({ when: 'onDemand', format: 'page', queueName: 'Office_Laser', paper: 'letter' });
      const [printed, pdf] = await Promise.all([station.slips.handlers['slips.print']({}), office.nextJob()]);
      expect(printed.words).toMatch(/Office_Laser/);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = await pdfText(pdf);
      expect(text).toContain(`Order ${ORDER}`);
      for (const item of ITEMS) {
        expect(text).toContain(item.sku);
        expect(text).toContain(item.name);
      }
      expect(text).toContain('Portland, OR 97201');
      expect(text).toContain(NOTE);
    } finally {
      await station.close();
    }
  }, 60_000);

  it('refuses a slip for a voided label, and says so when slips are off', async () => {
    const station = bench();
    try {
      await expect(station.slips.handlers['slips.print']({ shipmentId: station.shipmentId })).rejects.toThrow(/Packing slips are off on this bench/);
      await station.setSlips({ when: 'onDemand' });
      createShipmentsRepo(station.ctx.db, station.ctx.now).markVoided(station.shipmentId);
      await expect(station.slips.handlers['slips.print']({ shipmentId: station.shipmentId })).rejects.toThrow(/voided/);
    } finally {
      await station.close();
    }
  }, 30_000);
});
