import type { SlipContent } from './slipContent';

/** Characters on a line of an 80 mm receipt (576 dots, font A). */
export const RECEIPT_COLUMNS = 48;

type Thermal = InstanceType<(typeof import('node-thermal-printer'))['ThermalPrinter']>;

/**
 * A printer object used only to build bytes: the station's own transports
 * (USB, network, OS queue) send them, so the library's interface is never
 * asked to print and says so if it ever is.
 */
const bytesOnly = {
  getPrinterName: () => 'Parcel Station bytes',
  isPrinterConnected: async () => false,
  execute: async () => {
    throw new Error('The receipt slip is sent by the station\'s own printer transport.');
  },
};

/** An EPSON-type (ESC/POS) printer of node-thermal-printer with an empty buffer. */
export async function receiptPrinter(): Promise<Thermal> {
  const { ThermalPrinter, PrinterTypes } = await import('node-thermal-printer');
  // The library takes an interface object in place of the URI string its types name.
  return new ThermalPrinter({ type: PrinterTypes.EPSON, interface: bytesOnly as unknown as string, width: RECEIPT_COLUMNS, removeSpecialCharacters: true });
}

/** Quantity, SKU and name in three columns; a long name wraps onto the next line, which the library does. */
export function itemRow(printer: Thermal, quantity: string, sku: string, name: string): void {
  printer.tableCustom([
    { text: quantity, align: 'LEFT', cols: 5 },
    { text: sku, align: 'LEFT', cols: 16 },
    { text: name, align: 'LEFT', cols: RECEIPT_COLUMNS - 21 },
  ]);
}

/** Dots across an 80 mm head. */
const HEAD_DOTS = 576;
/** The module width node-thermal-printer asks the printer for (GS w 3). */
const PRINTER_MODULE_DOTS = 3;

/** The Code 128 of the order number as the slip prints it (no human-readable line from the printer: the slip prints its own). */
export function orderBarcode(printer: Thermal, orderNumber: string): void {
  printer.code128(orderNumber, { height: 80 });
}

/**
 * The printer draws the barcode when it fits the head at its module width;
 * a longer order number would be cut off there, so it goes as an image with
 * the widest whole-dot modules that fit.
 */
async function fittedOrderBarcode(printer: Thermal, orderNumber: string): Promise<void> {
  const bwipjs = (await import('bwip-js/node')).default;
  const [symbol] = bwipjs.raw('code128', orderNumber);
  const modules = symbol && 'sbs' in symbol ? symbol.sbs.reduce((sum, w) => sum + w, 0) : 0;
  if (modules * PRINTER_MODULE_DOTS <= HEAD_DOTS) return orderBarcode(printer, orderNumber);
  const scale = Math.max(1, Math.floor(HEAD_DOTS / modules));
  await printer.printImageBuffer(await bwipjs.toBuffer({ bcid: 'code128', text: orderNumber, scale, height: 10, includetext: false }));
}

/**
 * The 80 mm slip in ESC/POS, built with node-thermal-printer for what it does
 * well: text, alignment, a printer-drawn Code 128, and the cut.
 */
export async function renderReceiptSlip(content: SlipContent): Promise<Buffer> {
  const printer = await receiptPrinter();
  printer.add(Buffer.from([0x1b, 0x40]));
  printer.alignCenter();
  if (content.storeName) {
    printer.setTextDoubleHeight();
    printer.bold(true);
    printer.println(content.storeName);
    printer.bold(false);
    printer.setTextNormal();
  }
  printer.println('Packing slip');
  if (content.orderNumber) {
    printer.newLine();
    await fittedOrderBarcode(printer, content.orderNumber);
    printer.newLine();
    printer.println(`Order ${content.orderNumber}`);
  }
  printer.alignLeft();
  if (content.shipTo) {
    printer.newLine();
    printer.bold(true);
    printer.println('Ship to');
    printer.bold(false);
    for (const line of content.shipTo) printer.println(line);
  }
  if (content.items) {
    printer.newLine();
    printer.bold(true);
    itemRow(printer, 'Qty', 'SKU', 'Item');
    printer.bold(false);
    printer.drawLine();
    if (content.items.length === 0) printer.println('The order names no items.');
    for (const item of content.items) itemRow(printer, String(item.quantity), item.sku, item.name);
    printer.drawLine();
  }
  if (content.note) {
    printer.bold(true);
    printer.println('Note');
    printer.bold(false);
    printer.println(content.note);
  }
  if (content.tracking) {
    printer.alignCenter();
    printer.println(`Label ${content.tracking}`);
  }
  printer.cut();
  return Buffer.from(printer.getBuffer());
}
