/**
 * The SCAN form PDF: a PS Form 5630-style Shipment Confirmation Acceptance
 * Notice that a clerk scans once to accept every listed package. Page one
 * carries the mailer, date, piece counts by service, the form's barcode and
 * the postmark box; the manifest of tracking numbers follows, paginated.
 *
 * Deterministic for the same input (the PDF's dates and file id come from
 * createdAt), and streams are left uncompressed: the form is small, and its
 * text stays searchable by tests and tools.
 */
import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import { type Address, addressLines, formatShipDate, formatWeight, serviceBanner } from './labelText';

export interface ScanFormShipment {
  trackingNo: string;
  serviceName: string;
  weightOz: number;
  zip: string;
}

export interface ScanFormInput {
  formId: string;
  createdAt: string;
  from: Address;
  shipments: ScanFormShipment[];
}

const PAGE = { width: 612, height: 792, margin: 40 } as const;
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const ROW_HEIGHT = 16;
const COLUMNS = [
  { title: '#', x: 0, width: 34 },
  { title: 'TRACKING NUMBER', x: 34, width: 190 },
  { title: 'SERVICE', x: 224, width: 170 },
  { title: 'WEIGHT', x: 394, width: 80 },
  { title: 'DEST. ZIP', x: 474, width: 58 },
] as const;

export async function renderScanFormPdf(input: ScanFormInput): Promise<Buffer> {
  const created = new Date(input.createdAt);
  const when = Number.isNaN(created.getTime()) ? new Date(0) : created;
  const barcode = await bwipjs.toBuffer({ bcid: 'code128', text: input.formId, scale: 3, height: 12, includetext: false });

  const doc = new PDFDocument({
    size: 'LETTER',
    margin: PAGE.margin,
    compress: false,
    info: { Title: `PS Form 5630 ${input.formId}`, Author: 'Parcel Station sandbox', CreationDate: when, ModDate: when },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  drawFirstPage(doc, input, when, barcode);
  drawManifest(doc, input.formId, input.shipments);
  doc.end();
  return done;
}

function drawFirstPage(doc: PDFKit.PDFDocument, input: ScanFormInput, when: Date, barcode: Buffer): void {
  const left = PAGE.margin;
  doc.font('Helvetica-Bold').fontSize(16).text('UNITED STATES POSTAL SERVICE', left, 40);
  doc.fontSize(12).text('SHIPMENT CONFIRMATION ACCEPTANCE NOTICE', left, 60);
  doc.font('Helvetica').fontSize(9).text('PS Form 5630 (SCAN Form) - sandbox copy, not valid for acceptance', left, 76);
  doc.lineWidth(2).moveTo(left, 92).lineTo(left + CONTENT_WIDTH, 92).stroke();

  doc.font('Helvetica-Bold').fontSize(9).text("A. MAILER'S NAME AND ADDRESS", left, 104);
  doc.font('Helvetica').fontSize(11);
  addressLines(input.from).forEach((line, i) => doc.text(line, left, 118 + i * 14, { width: 280, lineBreak: false, ellipsis: true }));

  const right = left + 300;
  const date = formatShipDate(when.toISOString());
  const facts: Array<[string, string]> = [
    ['B. FORM ID (ELECTRONIC FILE NUMBER)', input.formId],
    ['C. DATE OF MAILING', date],
    ['D. TOTAL NUMBER OF PACKAGES', String(input.shipments.length)],
    ['E. TOTAL WEIGHT', formatWeight(input.shipments.reduce((sum, s) => sum + s.weightOz, 0))],
  ];
  facts.forEach(([label, value], i) => {
    doc.font('Helvetica-Bold').fontSize(8).text(label, right, 104 + i * 30);
    doc.font('Helvetica').fontSize(11).text(value, right, 114 + i * 30, { width: CONTENT_WIDTH - 300, lineBreak: false });
  });

  doc.image(barcode, left + 60, 232, { fit: [CONTENT_WIDTH - 120, 60], align: 'center' });
  doc.font('Helvetica').fontSize(10).text(input.formId, left, 298, { width: CONTENT_WIDTH, align: 'center' });

  doc.font('Helvetica-Bold').fontSize(9).text('PACKAGES BY SERVICE', left, 324);
  const counts = countByService(input.shipments);
  doc.font('Helvetica').fontSize(10);
  counts.forEach(([service, count], i) => {
    doc.text(service, left, 338 + i * 14, { width: 300, lineBreak: false });
    doc.text(String(count), left + 300, 338 + i * 14, { width: 40, align: 'right', lineBreak: false });
  });

  const boxTop = Math.max(338 + counts.length * 14 + 20, 420);
  doc.lineWidth(1).rect(left, boxTop, 250, 110).stroke();
  doc.font('Helvetica-Bold').fontSize(8).text('POSTMARK OF ACCEPTING OFFICE', left + 8, boxTop + 6);
  doc.rect(left + 270, boxTop, CONTENT_WIDTH - 270, 110).stroke();
  doc.text('USPS EMPLOYEE: SIGNATURE AND DATE OF RECEIPT', left + 278, boxTop + 6);
  doc.font('Helvetica').fontSize(8).text(
    `By scanning the barcode above, the acceptance clerk records all ${input.shipments.length} packages listed on the manifest page(s) as received.`,
    left,
    boxTop + 124,
    { width: CONTENT_WIDTH },
  );
}

function countByService(shipments: readonly ScanFormShipment[]): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const s of shipments) counts.set(serviceBanner(s.serviceName), (counts.get(serviceBanner(s.serviceName)) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => a[0].localeCompare(b[0]));
}

function drawTableHeader(doc: PDFKit.PDFDocument, y: number): number {
  doc.font('Helvetica-Bold').fontSize(8);
  for (const column of COLUMNS) doc.text(column.title, PAGE.margin + column.x, y, { width: column.width, lineBreak: false });
  doc.lineWidth(1).moveTo(PAGE.margin, y + 12).lineTo(PAGE.margin + CONTENT_WIDTH, y + 12).stroke();
  return y + 16;
}

const MANIFEST_TOP = PAGE.margin + 38;
const ROWS_PER_PAGE = Math.floor((PAGE.height - PAGE.margin - MANIFEST_TOP) / ROW_HEIGHT);

/** Manifest pages after the notice, each headed with the form id and "page n of m" as the clerk checks them. */
function drawManifest(doc: PDFKit.PDFDocument, formId: string, shipments: readonly ScanFormShipment[]): void {
  const pages = Math.ceil(shipments.length / ROWS_PER_PAGE);
  for (let page = 0; page < pages; page++) {
    doc.addPage();
    doc.font('Helvetica-Bold').fontSize(11).text('PS FORM 5630 - PACKAGE MANIFEST', PAGE.margin, PAGE.margin, { lineBreak: false });
    doc.font('Helvetica').fontSize(9).text(`FORM ${formId}    PAGE ${page + 2} OF ${pages + 1}`, PAGE.margin, PAGE.margin + 2, {
      width: CONTENT_WIDTH,
      align: 'right',
      lineBreak: false,
    });
    let y = drawTableHeader(doc, PAGE.margin + 22);
    const first = page * ROWS_PER_PAGE;
    shipments.slice(first, first + ROWS_PER_PAGE).forEach((s, i) => {
      const cells = [String(first + i + 1), s.trackingNo, serviceBanner(s.serviceName), formatWeight(s.weightOz), s.zip];
      doc.font('Helvetica').fontSize(9);
      cells.forEach((cell, c) => {
        const column = COLUMNS[c];
        if (column) doc.text(cell, PAGE.margin + column.x, y, { width: column.width, lineBreak: false, ellipsis: true });
      });
      y += ROW_HEIGHT;
    });
  }
}
