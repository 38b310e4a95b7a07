/**
 * A customs declaration on 4x6 label stock, as carriers print it after an
 * international label: CN22 for light, low-value packages, CN23 otherwise
 * (UPU rule: up to 300 SDR, about $400, and 2 kg for CN22). 1-bit PNG at
 * 203 dpi, with the tracking number as Code 128 so the form can be matched
 * to its label by scanning.
 */
import { Bitmap } from './bitmap';
import { drawLinear, encodeLinear, moduleWidthFor } from './barcodes';
import { encodePng1 } from './png';
import { drawText, fitText, type TextStyle } from './text';

export interface CustomsFormInput {
  readonly trackingNo: string;
  readonly from: { readonly name: string; readonly street: string; readonly city: string; readonly state: string; readonly zip: string; readonly country: string };
  readonly to: { readonly name: string; readonly street: string; readonly city: string; readonly state: string; readonly zip: string; readonly country: string; readonly phone: string };
  readonly contentsType: string;
  readonly nonDelivery: string;
  readonly exportFiling: string;
  readonly items: ReadonlyArray<{ readonly description: string; readonly quantity: number; readonly value: number; readonly weight: number; readonly hs_tariff_number?: string | undefined; readonly origin_country: string }>;
}

const WIDTH = 812;
const HEIGHT = 1218;
const M = 16;

export function customsFormKind(input: Pick<CustomsFormInput, 'items'>): 'CN22' | 'CN23' {
  const value = input.items.reduce((sum, i) => sum + i.value * i.quantity, 0);
  const pounds = input.items.reduce((sum, i) => sum + i.weight * i.quantity, 0);
  return value <= 400 && pounds <= 4.4 && input.items.length <= 4 ? 'CN22' : 'CN23';
}

export function renderCustomsFormPng(input: CustomsFormInput): Buffer {
  const bitmap = new Bitmap(WIDTH, HEIGHT);
  const kind = customsFormKind(input);
  const big: TextStyle = { size: 56, bold: true };
  const head: TextStyle = { size: 26, bold: true };
  const body: TextStyle = { size: 24 };
  const small: TextStyle = { size: 20 };
  const line = (y: number, thickness = 3) => bitmap.fillRect(M, y, WIDTH - 2 * M, thickness);
  const text = (x: number, y: number, value: string, style: TextStyle, width = WIDTH - x - M) => drawText(bitmap, x, y, fitText(value, style, width), style);

  bitmap.strokeRect(M, M, WIDTH - 2 * M, HEIGHT - 2 * M, 4);
  text(M + 20, M + 22, kind, big);
  text(M + 220, M + 24, 'CUSTOMS DECLARATION', head);
  text(M + 220, M + 60, kind === 'CN22' ? 'May be opened officially' : 'Customs declaration and dispatch note', small);
  line(M + 110);

  let y = M + 126;
  text(M + 14, y, 'FROM', head);
  text(M + 400, y, 'TO', head);
  y += 36;
  const fromLines = [input.from.name, input.from.street, `${input.from.city} ${input.from.state} ${input.from.zip}`.trim(), input.from.country];
  const toLines = [input.to.name, input.to.street, `${input.to.city} ${input.to.state} ${input.to.zip}`.replace(/\s+/g, ' ').trim(), input.to.country, `Tel ${input.to.phone}`];
  toLines.forEach((l, i) => text(M + 400, y + i * 30, l, body, 370));
  fromLines.forEach((l, i) => text(M + 14, y + i * 30, l, body, 370));
  y += 5 * 30 + 10;
  line(y);

  y += 14;
  const box = (label: string, on: boolean, x: number) => {
    bitmap.strokeRect(x, y, 26, 26, 3);
    if (on) bitmap.fillRect(x + 6, y + 6, 14, 14);
    text(x + 36, y + 2, label, small, 200);
  };
  const type = input.contentsType.toUpperCase();
  box('Gift', type === 'GIFT', M + 14);
  box('Documents', type === 'DOCUMENTS', M + 200);
  box('Commercial sample', type === 'SAMPLE', M + 420);
  y += 36;
  box('Merchandise', type === 'MERCHANDISE', M + 14);
  box('Returned goods', type === 'RETURNED_GOODS', M + 200);
  y += 44;
  line(y, 2);

  y += 12;
  text(M + 14, y, 'Qty  Description', head, 420);
  text(M + 450, y, 'HS / Origin', head, 160);
  text(M + 620, y, 'lb    USD', head, 150);
  y += 36;
  for (const item of input.items.slice(0, 12)) {
    text(M + 14, y, `${String(item.quantity).padStart(3, ' ')}  ${item.description}`, body, 420);
    text(M + 450, y, `${item.hs_tariff_number ?? '-'} ${item.origin_country}`, small, 160);
    text(M + 620, y, `${(item.weight * item.quantity).toFixed(2)} ${(item.value * item.quantity).toFixed(2)}`, small, 150);
    y += 32;
  }
  if (input.items.length > 12) {
    text(M + 14, y, `... and ${input.items.length - 12} more items (see CN23 continuation)`, small);
    y += 32;
  }
  line(y + 6, 2);
  y += 20;
  const totalValue = input.items.reduce((sum, i) => sum + i.value * i.quantity, 0);
  const totalLb = input.items.reduce((sum, i) => sum + i.weight * i.quantity, 0);
  text(M + 14, y, `Total weight ${totalLb.toFixed(2)} lb    Total value USD ${totalValue.toFixed(2)}`, head);
  y += 40;
  text(M + 14, y, `AES: ${input.exportFiling}`, body);
  y += 34;
  text(M + 14, y, `If undeliverable: ${input.nonDelivery.toUpperCase() === 'ABANDON' ? 'treat as abandoned' : 'return to sender'}`, body);
  y += 44;
  text(M + 14, y, 'I certify that the particulars given in this declaration are correct and that', small);
  text(M + 14, y + 26, 'this item does not contain any dangerous article prohibited by postal regulations.', small);

  const code = encodeLinear('code128', input.trackingNo);
  const moduleWidth = moduleWidthFor(code, WIDTH - 2 * M - 80, 10, 2, 4);
  const barcodeWidth = code.modules * moduleWidth;
  drawLinear(bitmap, code, (WIDTH - barcodeWidth) / 2, HEIGHT - M - 170, moduleWidth, 120);
  text((WIDTH - 360) / 2, HEIGHT - M - 40, input.trackingNo, body, 420);
  return encodePng1(bitmap);
}
