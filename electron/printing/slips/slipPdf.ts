import type { SlipPaper } from '../../../shared/contract/slips';
import type { SlipContent } from './slipContent';

/** A page in PDF points: 4x6 for the label printer, or a sheet of paper. */
interface PageSize {
  readonly width: number;
  readonly height: number;
  readonly margin: number;
  /** Body text size; headings scale from it. */
  readonly text: number;
  /** Width of one Code 128 module in points. */
  readonly module: number;
}

/** 4x6 in points; a module of 3 dots at 203 dpi (288 pt = 812 dots), wide enough for any label printer to keep. */
const LABEL_PAGE: PageSize = { width: 288, height: 432, margin: 14, text: 9, module: (3 * 288) / 812 };
const PAPER: Readonly<Record<SlipPaper, PageSize>> = {
  letter: { width: 612, height: 792, margin: 50, text: 11, module: 1.2 },
  a4: { width: 595.28, height: 841.89, margin: 50, text: 11, module: 1.2 },
};

export type SlipPage = 'label' | SlipPaper;

type Doc = PDFKit.PDFDocument;

/** Code 128 drawn as filled rectangles, so every reader and every raster size sees sharp bars. */
async function drawBarcode(doc: Doc, text: string, x: number, y: number, page: PageSize, height: number): Promise<number> {
  const bwipjs = (await import('bwip-js/node')).default;
  const [symbol] = bwipjs.raw('code128', text);
  // A linear symbol: alternating bar and space widths in modules, bar first.
  const widths: readonly number[] = symbol && 'sbs' in symbol ? symbol.sbs : [];
  const total = widths.reduce((sum, w) => sum + w, 0) * page.module;
  // Centred, and never wider than the page: a long order number shrinks its modules rather than losing its quiet zone.
  const room = page.width - 2 * page.margin;
  const scale = total > room ? room / total : 1;
  let at = x + Math.max(0, (room - total * scale) / 2);
  widths.forEach((w, index) => {
    const width = w * page.module * scale;
    if (index % 2 === 0) doc.rect(at, y, width, height).fill('black');
    at += width;
  });
  return y + height;
}

/**
 * The slip as a PDF: what the template keeps, top to bottom (store, order
 * barcode, ship-to, items with SKU and quantity, note), then which label it
 * belongs to. Streams are left uncompressed so the text stays searchable.
 */
export async function renderSlipPdf(content: SlipContent, pageName: SlipPage): Promise<Buffer> {
  const PDFDocument = (await import('pdfkit')).default;
  const page = pageName === 'label' ? LABEL_PAGE : PAPER[pageName];
  const doc = new PDFDocument({ size: [page.width, page.height], margin: page.margin, compress: false, info: { Title: `Packing slip ${content.orderNumber ?? ''}`.trim(), Author: 'Parcel Station' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = page.margin;
  const width = page.width - 2 * page.margin;
  const gap = page.text * 0.8;

  if (content.storeName) doc.font('Helvetica-Bold').fontSize(page.text * 1.8).text(content.storeName, left, page.margin, { width, align: 'center' });
  doc.font('Helvetica-Bold').fontSize(page.text * 1.3).text('Packing slip', { width, align: 'center' });
  if (content.orderNumber) {
    doc.moveDown(0.4);
    const bottom = await drawBarcode(doc, content.orderNumber, left, doc.y, page, page.text * 4);
    doc.fillColor('black').font('Helvetica').fontSize(page.text).text(`Order ${content.orderNumber}`, left, bottom + 3, { width, align: 'center' });
  }
  if (content.shipTo) {
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(page.text).text('Ship to', left, doc.y, { width });
    doc.font('Helvetica').text(content.shipTo.join('\n'), { width });
  }
  if (content.items) {
    doc.moveDown(0.8);
    const qtyWidth = page.text * 3.5;
    const skuWidth = width * 0.3;
    const header = doc.y;
    doc.font('Helvetica-Bold').text('Qty', left, header, { width: qtyWidth }).text('SKU', left + qtyWidth, header, { width: skuWidth }).text('Item', left + qtyWidth + skuWidth, header, { width: width - qtyWidth - skuWidth });
    doc.moveTo(left, doc.y + 1).lineTo(left + width, doc.y + 1).lineWidth(0.8).stroke();
    doc.font('Helvetica');
    if (content.items.length === 0) doc.text('The order names no items.', left, doc.y + gap / 2, { width });
    for (const item of content.items) {
      const top = doc.y + gap / 4;
      doc.text(String(item.quantity), left, top, { width: qtyWidth });
      const afterQty = doc.y;
      doc.text(item.sku, left + qtyWidth, top, { width: skuWidth });
      const afterSku = doc.y;
      doc.text(item.name, left + qtyWidth + skuWidth, top, { width: width - qtyWidth - skuWidth });
      doc.y = Math.max(afterQty, afterSku, doc.y);
    }
  }
  if (content.note) {
    doc.moveDown(0.8).font('Helvetica-Bold').text('Note', left, doc.y, { width });
    doc.font('Helvetica').text(content.note, { width });
  }
  if (content.tracking) doc.moveDown(0.8).font('Helvetica').fontSize(page.text * 0.8).text(`Label ${content.tracking}`, left, doc.y, { width, align: 'center' });
  doc.end();
  return done;
}
