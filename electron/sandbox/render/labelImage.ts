/**
 * 4x6 shipping label artwork as a 1-bit PNG, laid out like a carrier label:
 * service mark and indicia, service banner, sender and recipient, and the
 * tracking barcode (USPS IMpb as GS1-128 with the `(420)ZIP` routing prefix,
 * Code 128 for other carriers), or, for QR-code labels, a Label Broker-style
 * sheet around a QR code of the tracking number.
 *
 * Layout is written in dots of a 203 dpi label and scaled by 1.5 for 300 dpi
 * (812x1218 -> 1218x1827), so both resolutions have the same proportions.
 */
import { Bitmap } from './bitmap';
import { drawLinear, drawMatrix, encodeLinear, encodeMatrix, moduleWidthFor } from './barcodes';
import {
  type Address,
  addressLines,
  carrierBrand,
  formatShipDate,
  formatWeight,
  groupTracking,
  serviceBanner,
  serviceIndicator,
} from './labelText';
import { encodePng1 } from './png';
import { capHeight, drawText, fitText, textWidth, type TextStyle } from './text';
import { imbpBwipText, routingZip } from './trackingNumbers';

export type { Address } from './labelText';

export interface LabelInput {
  carrier: string;
  serviceName: string;
  trackingNo: string;
  from: Address;
  to: Address;
  weightOz: number;
  shipDate: string;
  reference?: string;
  kind?: 'label' | 'qrcode';
  dpi?: 203 | 300;
  /** Routing ZIP for the IMpb barcode; defaults to the recipient's. */
  zip?: string;
}

interface Frame {
  readonly bitmap: Bitmap;
  /** Converts a length in 203 dpi dots to this label's dots. */
  readonly u: (dots: number) => number;
  readonly input: LabelInput;
}

const BASE_WIDTH = 812;
const BASE_HEIGHT = 1218;
const MARGIN = 12;
const CONTENT = BASE_WIDTH - 2 * MARGIN;

export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Where a label's barcodes sit, in its own dots: the tracking barcode, and the
 * 2D code (QR on QR-code labels, PDF417 on non-USPS labels). Lets tests and the
 * print pipeline's checks crop a symbol and scan it as a hand scanner would.
 */
export function labelBarcodeRegions(input: Pick<LabelInput, 'carrier' | 'kind' | 'dpi'>): { tracking?: Region; twoD?: Region } {
  const scale = input.dpi === 300 ? 1.5 : 1;
  const region = (x: number, y: number, width: number, height: number): Region => ({
    x: Math.round(x * scale),
    y: Math.round(y * scale),
    width: Math.round(width * scale),
    height: Math.round(height * scale),
  });
  if (input.kind === 'qrcode') return { twoD: region(MARGIN + 4, 400, CONTENT - 8, 400) };
  const tracking = region(MARGIN + 4, 850, CONTENT - 8, 222);
  return input.carrier.toUpperCase() === 'USPS' ? { tracking } : { tracking, twoD: region(500, 326, BASE_WIDTH - MARGIN - 4 - 500, 180) };
}

export function renderLabelPng(input: LabelInput): Buffer {
  return encodePng1(drawLabel(input));
}

/** The label as a 0/1 bitmap, for callers that post-process pixels (samples, tests). */
export function drawLabel(input: LabelInput): Bitmap {
  const scale = input.dpi === 300 ? 1.5 : 1;
  const u = (dots: number) => Math.round(dots * scale);
  const frame: Frame = { bitmap: new Bitmap(u(BASE_WIDTH), u(BASE_HEIGHT)), u, input };
  frame.bitmap.strokeRect(u(MARGIN), u(MARGIN), u(CONTENT), u(BASE_HEIGHT - 2 * MARGIN), u(4));
  drawHeader(frame);
  if (input.kind === 'qrcode') drawQrBody(frame);
  else drawStandardBody(frame);
  drawCentered(frame, frame.u(1168), 'SANDBOX LABEL - NOT VALID FOR SHIPPING', { size: u(20) });
  return frame.bitmap;
}

/** Centers one line across the label; y is the capitals' top in label dots. */
function drawCentered(frame: Frame, y: number, text: string, style: TextStyle): number {
  const fitted = fitText(text, style, frame.u(CONTENT - 24));
  drawText(frame.bitmap, (frame.bitmap.width - textWidth(fitted, style)) / 2, y, fitted, style);
  return y + capHeight(style.size);
}

/** Service mark box, carrier indicia and shipment facts, then the service banner. */
function drawHeader(frame: Frame): void {
  const { bitmap, u, input } = frame;
  const box = 210;
  bitmap.fillRect(u(MARGIN + box), u(MARGIN), u(4), u(box));
  const mark = serviceIndicator(input.carrier, input.serviceName);
  const markStyle: TextStyle = { size: u(200), bold: true };
  drawText(bitmap, u(MARGIN) + (u(box) - textWidth(mark, markStyle)) / 2, u(MARGIN) + (u(box) - capHeight(u(200))) / 2, mark, markStyle);

  const x = u(MARGIN + box + 22);
  const width = u(CONTENT - box - 34);
  const brand = carrierBrand(input.carrier);
  const brandStyle: TextStyle = { size: u(46), bold: true };
  drawText(bitmap, x, u(34), fitText(brand, brandStyle, width), brandStyle);
  const paid = input.carrier.toUpperCase() === 'USPS' ? 'US POSTAGE PAID' : 'SHIPPER PAID';
  const facts = [paid, `SHIP DATE: ${formatShipDate(input.shipDate)}`, `WEIGHT: ${formatWeight(input.weightOz)}`];
  if (input.reference) facts.push(`REF: ${input.reference}`);
  const factStyle: TextStyle = { size: u(24) };
  facts.forEach((line, i) => drawText(bitmap, x, u(98 + i * 30), fitText(line, factStyle, width), factStyle));

  bitmap.fillRect(u(MARGIN), u(MARGIN + box), u(CONTENT), u(4));
  const banner = input.kind === 'qrcode' ? `${carrierBrand(input.carrier)} LABEL BROKER` : serviceBanner(input.serviceName);
  let size = 52;
  while (size > 24 && textWidth(banner, { size: u(size), bold: true }) > u(CONTENT - 30)) size -= 2;
  const bannerStyle: TextStyle = { size: u(size), bold: true };
  drawCentered(frame, u(270) - capHeight(bannerStyle.size) / 2, banner, bannerStyle);
  bitmap.fillRect(u(MARGIN), u(316), u(CONTENT), u(8));
}

/** Left-aligned lines starting at device (x, y), each fitted to the label's right edge; returns the y below them. */
function drawLines(frame: Frame, x: number, y: number, lines: readonly string[], size: number, spacing: number, maxWidth?: number): number {
  const { bitmap, u } = frame;
  const width = maxWidth ?? bitmap.width - u(MARGIN + 14) - x;
  lines.forEach((line, i) => {
    // A long line first prints smaller (down to 70%), so a city line keeps its ZIP; only then is it cut.
    let style: TextStyle = { size: u(size) };
    while (textWidth(line, style) > width && style.size > u(size) * 0.7) style = { size: style.size - 1 };
    drawText(bitmap, x, y + u(i * spacing), fitText(line, style, width), style);
  });
  return y + u(lines.length * spacing);
}

function drawStandardBody(frame: Frame): void {
  const { bitmap, u, input } = frame;
  const usps = input.carrier.toUpperCase() === 'USPS';
  const from = addressLines(input.from).slice(0, 5);
  drawLines(frame, u(30), u(342), from, 24, 30, usps ? undefined : u(480));
  if (!usps) drawShipmentPdf417(frame);

  drawText(bitmap, u(30), u(522), 'SHIP', { size: u(24), bold: true });
  drawText(bitmap, u(30), u(552), 'TO:', { size: u(24), bold: true });
  const to = addressLines(input.to).slice(0, 6);
  drawLines(frame, u(120), u(522), to, 38, 44);

  bitmap.fillRect(u(MARGIN), u(796), u(CONTENT), u(12));
  const heading = `${carrierBrand(input.carrier)} TRACKING #`;
  drawCentered(frame, u(826), heading, { size: u(28), bold: true });

  const code = usps
    ? encodeLinear('gs1-128', imbpBwipText(routingZip(input.zip ?? input.to.zip), input.trackingNo))
    : encodeLinear('code128', input.trackingNo);
  const available = u(CONTENT - 16);
  const moduleWidth = moduleWidthFor(code, available, 10, input.dpi === 300 ? 3 : 2, input.dpi === 300 ? 6 : 4);
  const barWidth = code.modules * moduleWidth;
  drawLinear(bitmap, code, Math.round((bitmap.width - barWidth) / 2), u(870), moduleWidth, u(190));
  drawCentered(frame, u(1078), groupTracking(input.carrier, input.trackingNo), { size: u(32), bold: true });
  bitmap.fillRect(u(MARGIN), u(1130), u(CONTENT), u(12));
}

/** Carrier-style 2D block (as FedEx and UPS labels carry) with tracking, routing ZIP, service and weight. */
function drawShipmentPdf417(frame: Frame): void {
  const { bitmap, u, input } = frame;
  const data = [input.trackingNo, routingZip(input.zip ?? input.to.zip), serviceBanner(input.serviceName), String(input.weightOz)].join('|');
  // Three data columns keep the symbol within the space right of the sender's address.
  const code = encodeMatrix('pdf417', data, { columns: 3 });
  const moduleWidth = u(2);
  drawMatrix(bitmap, code, u(BASE_WIDTH - MARGIN - 14) - code.columns * moduleWidth, u(340), moduleWidth, moduleWidth * 3);
}

/** Label Broker sheet: a QR code the counter clerk scans to print the real label. */
function drawQrBody(frame: Frame): void {
  const { bitmap, u, input } = frame;
  drawCentered(frame, u(340), 'PRESENT THIS CODE AT A POST OFFICE', { size: u(28), bold: true });
  drawCentered(frame, u(374), `TO PRINT YOUR ${serviceBanner(input.serviceName)} LABEL`, { size: u(22) });

  // The QR code keeps its 4-module quiet zone clear of the text around it.
  const code = encodeMatrix('qrcode', input.trackingNo, { eclevel: 'M' });
  const moduleSize = Math.max(2, Math.floor(u(300) / code.columns));
  const side = code.columns * moduleSize;
  const top = u(452);
  drawMatrix(bitmap, code, Math.round((bitmap.width - side) / 2), top, moduleSize);

  const trackingLine = `TRACKING # ${groupTracking(input.carrier, input.trackingNo)}`;
  const below = drawCentered(frame, top + side + 4 * moduleSize, trackingLine, { size: u(24), bold: true });
  const toTop = below + u(30);
  drawText(bitmap, u(30), toTop, 'SHIP TO:', { size: u(22), bold: true });
  const fromTop = drawLines(frame, u(160), toTop, addressLines(input.to).slice(0, 4), 24, 30) + u(10);
  drawText(bitmap, u(30), fromTop, 'FROM:', { size: u(22), bold: true });
  drawLines(frame, u(160), fromTop, addressLines(input.from).slice(0, 5), 22, 28);
}
