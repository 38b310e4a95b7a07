import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { labelBarcodeRegions, renderLabelPng, type LabelInput } from '../../../electron/sandbox/render/labelImage';
import { FNC1, makeTrackingNumber } from '../../../electron/sandbox/render/trackingNumbers';
import { crop, decodeBarcode, decodePngGray } from './decodeBarcode';

const from = { name: 'Parcel Station Demo', company: 'Acme Widgets LLC', street: '1200 Harbor Blvd', city: 'Oakland', state: 'CA', zip: '94607' };
const to = { name: 'Jordan Rivera', street: '4821 N Lincoln Ave', street2: 'Apt 3B', city: 'Chicago', state: 'IL', zip: '60625-2103' };

function label(carrier: string, serviceName: string, extra: Partial<LabelInput> = {}): LabelInput {
  return {
    carrier,
    serviceName,
    trackingNo: makeTrackingNumber(carrier, 1234, { serviceCode: serviceName }),
    from,
    to,
    weightOz: 36,
    shipDate: '2026-11-23',
    reference: 'DEMO-1001',
    ...extra,
  };
}

/** IHDR fields straight from the file: PNG's own header, not a decoder's view of it. */
function header(png: Buffer) {
  expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20), bitDepth: png[24], colorType: png[25] };
}

describe('renderLabelPng', () => {
  it.each([
    [203, 812, 1218],
    [300, 1218, 1827],
  ] as const)('draws a 4x6 label at %i dpi as %ix%i 1-bit grayscale', (dpi, width, height) => {
    const png = renderLabelPng(label('USPS', 'USPS_GROUND_ADVANTAGE', { dpi }));
    expect(header(png)).toEqual({ width, height, bitDepth: 1, colorType: 0 });
  });

  it('defaults to 203 dpi', () => {
    expect(header(renderLabelPng(label('UPS', 'ups_ground')))).toMatchObject({ width: 812, height: 1218 });
  });

  it('decodes to pure black and white pixels only, with ink on both', () => {
    const image = PNG.sync.read(renderLabelPng(label('FEDEX', 'fedex_ground')));
    let black = 0;
    let other = 0;
    for (let i = 0; i < image.data.length; i += 4) {
      const v = image.data[i];
      if ((v !== 0 && v !== 255) || image.data[i + 1] !== v || image.data[i + 2] !== v || image.data[i + 3] !== 255) other++;
      if (v === 0) black++;
    }
    expect(other).toBe(0);
    expect(black).toBeGreaterThan(image.width * image.height * 0.05);
    expect(black).toBeLessThan(image.width * image.height * 0.5);
  });

  it('puts bars in the tracking barcode region', () => {
    const input = label('USPS', 'USPS_PRIORITY_MAIL');
    const gray = crop(decodePngGray(renderLabelPng(input)), labelBarcodeRegions(input).tracking!);
    const black = gray.luma.reduce((n, v) => n + (v === 0 ? 1 : 0), 0);
    expect(black / gray.luma.length).toBeGreaterThan(0.2);
  });

  it.each([203, 300] as const)('scans a USPS IMpb barcode as 420 + ZIP+4, FNC1, PIC at %i dpi', (dpi) => {
    const input = label('USPS', 'USPS_GROUND_ADVANTAGE', { dpi });
    const gray = decodePngGray(renderLabelPng(input));
    const text = decodeBarcode(crop(gray, labelBarcodeRegions(input).tracking!), 'code128', { gs1: true });
    expect(text).toBe(`]C1420606252103${FNC1}${input.trackingNo}`);
  });

  it('routes the IMpb barcode by the zip option when given', () => {
    const input = label('USPS', 'USPS_PRIORITY_MAIL', { zip: '10001' });
    const gray = decodePngGray(renderLabelPng(input));
    expect(decodeBarcode(crop(gray, labelBarcodeRegions(input).tracking!), 'code128', { gs1: true })).toBe(`]C142010001${FNC1}${input.trackingNo}`);
  });

  it.each([
    ['UPS', 'ups_2nd_day_air', 203],
    ['FEDEX', 'fedex_ground', 300],
    ['DHL_EXPRESS', 'dhl_express_worldwide_doc', 203],
    ['SWIFTX', 'SWIFTX_EXP', 203],
  ] as const)('scans %s tracking numbers as Code 128 and a PDF417 with the shipment', (carrier, service, dpi) => {
    const input = label(carrier, service, { dpi });
    const gray = decodePngGray(renderLabelPng(input));
    const regions = labelBarcodeRegions(input);
    expect(decodeBarcode(crop(gray, regions.tracking!), 'code128')).toBe(input.trackingNo);
    expect(decodeBarcode(crop(gray, regions.twoD!), 'pdf417')).toMatch(new RegExp(`^${input.trackingNo}\\|606252103\\|`));
  });

  it.each([203, 300] as const)('scans the QR code of a QR-code label at %i dpi', (dpi) => {
    const input = label('USPS', 'USPS_PRIORITY_MAIL', { kind: 'qrcode', dpi });
    const gray = decodePngGray(renderLabelPng(input));
    expect(decodeBarcode(crop(gray, labelBarcodeRegions(input).twoD!), 'qrcode')).toBe(input.trackingNo);
  });

  it('is deterministic and differs when the content differs', () => {
    const a = renderLabelPng(label('USPS', 'USPS_GROUND_ADVANTAGE'));
    expect(renderLabelPng(label('USPS', 'USPS_GROUND_ADVANTAGE')).equals(a)).toBe(true);
    expect(renderLabelPng(label('USPS', 'USPS_GROUND_ADVANTAGE', { weightOz: 37 })).equals(a)).toBe(false);
  });

  it('survives long and non-ASCII address text', () => {
    const long = { ...to, name: 'Ñandú Øresund-Łódź '.repeat(6), street2: 'x'.repeat(200) };
    const png = renderLabelPng(label('USPS', 'USPS_GROUND_ADVANTAGE', { to: long }));
    expect(header(png).width).toBe(812);
  });
});
