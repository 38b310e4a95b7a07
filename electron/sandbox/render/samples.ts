/**
 * Realistic sample labels for the printing pipeline's tests and benchmark:
 * 4x6 at 203 and 300 dpi, 1-bit with text, boxes, 1D and 2D barcodes, one
 * 8-bit grayscale label with anti-aliased logo art and a gradient (the case
 * that needs dithering), and one a few dots off the nominal size (813x1220,
 * as renderers that round 8 dots/mm produce). Deterministic; the PNGs in
 * resources/sample-labels/ are these, committed as fixed fixtures.
 */
import { Bitmap } from './bitmap';
import { drawLabel, type LabelInput } from './labelImage';
import type { Address } from './labelText';
import { encodePng1, encodePngGray8 } from './png';
import { drawTextGray } from './text';
import { makeTrackingNumber } from './trackingNumbers';

export interface SampleLabel {
  name: string;
  dpi: 203 | 300;
  png: Buffer;
}

const from: Address = {
  name: 'Shipping Dept',
  company: 'Acme Widgets LLC',
  street: '1200 Harbor Blvd',
  street2: 'Ste 4',
  city: 'Oakland',
  state: 'CA',
  zip: '94607',
};

const recipients: readonly Address[] = [
  { name: 'Jordan Rivera', street: '4821 N Lincoln Ave', street2: 'Apt 3B', city: 'Chicago', state: 'IL', zip: '60625-2103' },
  { name: 'Priya Natarajan', company: 'Lakeside Dental Group', street: '77 Massachusetts Ave', street2: 'Bldg 7 Rm 210', city: 'Cambridge', state: 'MA', zip: '02139' },
  { name: 'Samuel Okafor', street: '2600 Benjamin Franklin Pkwy', city: 'Philadelphia', state: 'PA', zip: '19130-1302' },
  { name: 'Mei-Ling Chen', street: 'PO Box 4417', city: 'Honolulu', state: 'HI', zip: '96812' },
];

function input(carrier: string, serviceName: string, serial: number, extra: Partial<LabelInput>): LabelInput {
  return {
    carrier,
    serviceName,
    trackingNo: makeTrackingNumber(carrier, serial, { serviceCode: serviceName }),
    from,
    to: recipients[serial % recipients.length] ?? recipients[0]!,
    weightOz: 13 + serial * 7,
    shipDate: '2026-11-23',
    reference: `DEMO-${1000 + serial}`,
    ...extra,
  };
}

/** The same label on a canvas a few dots larger, content at the top left, the rest white. */
function padded(bitmap: Bitmap, width: number, height: number): Bitmap {
  const out = new Bitmap(width, height);
  for (let y = 0; y < Math.min(height, bitmap.height); y++) {
    out.data.set(bitmap.data.subarray(y * bitmap.width, y * bitmap.width + Math.min(width, bitmap.width)), y * width);
  }
  return out;
}

/** A 1-bit label turned into darkness 0..255 with a shaded logo where a USPS label has free space. */
function withGrayLogo(label: Bitmap): Bitmap {
  const art = new Bitmap(label.width, label.height);
  for (let i = 0; i < label.data.length; i++) art.data[i] = label.data[i] === 1 ? 255 : 0;
  const x0 = 540;
  const y0 = 338;
  const w = 248;
  const h = 150;
  // Left-to-right gradient panel from light to mid gray.
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) art.data[(y0 + y) * art.width + x0 + x] = Math.round(24 + (x / w) * 110);
  }
  // Anti-aliased disc: coverage falls off over one dot at the edge.
  const cx = x0 + 60;
  const cy = y0 + 75;
  const r = 46;
  for (let y = cy - r - 2; y <= cy + r + 2; y++) {
    for (let x = cx - r - 2; x <= cx + r + 2; x++) {
      const coverage = Math.min(1, Math.max(0, r + 0.5 - Math.hypot(x - cx, y - cy)));
      const at = y * art.width + x;
      art.data[at] = Math.max(art.data[at] ?? 0, Math.round(coverage * 230));
    }
  }
  drawTextGray(art, x0 + 118, y0 + 44, 'ACME', 44);
  drawTextGray(art, x0 + 118, y0 + 92, 'WIDGETS', 28);
  return art;
}

export function sampleLabels(): SampleLabel[] {
  const uspsGround = drawLabel(input('USPS', 'USPS_GROUND_ADVANTAGE', 1, { dpi: 203 }));
  return [
    { name: 'usps-ground-advantage-203', dpi: 203, png: encodePng1(uspsGround) },
    { name: 'usps-priority-mail-300', dpi: 300, png: encodePng1(drawLabel(input('USPS', 'USPS_PRIORITY_MAIL', 2, { dpi: 300 }))) },
    { name: 'ups-2nd-day-air-pdf417-203', dpi: 203, png: encodePng1(drawLabel(input('UPS', 'UPS_2ND_DAY_AIR', 3, { dpi: 203 }))) },
    { name: 'fedex-ground-pdf417-300', dpi: 300, png: encodePng1(drawLabel(input('FEDEX', 'FEDEX_GROUND', 4, { dpi: 300 }))) },
    { name: 'usps-qrcode-203', dpi: 203, png: encodePng1(drawLabel(input('USPS', 'USPS_PRIORITY_MAIL', 5, { dpi: 203, kind: 'qrcode' }))) },
    { name: 'usps-gray-logo-203', dpi: 203, png: encodePngGray8(withGrayLogo(uspsGround)) },
    { name: 'usps-offsize-813x1220-203', dpi: 203, png: encodePng1(padded(uspsGround, 813, 1220)) },
  ];
}
