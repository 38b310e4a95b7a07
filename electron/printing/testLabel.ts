import bwipjs from 'bwip-js/node';
import type { PrinterProfile } from '../../shared/contract/printing';
import { languageNames, mediaDots } from '../../shared/domain/printing';
import { decodeLabelPng } from './raster/decode';
import { rasterToPng } from './raster/preview';
import { createRaster, paint, setPixel, type Raster } from './raster/raster';
import { toneGray } from './raster/tone';

async function symbol(options: Parameters<typeof bwipjs.toBuffer>[0]): Promise<Raster> {
  const decoded = decodeLabelPng(await bwipjs.toBuffer(options));
  return decoded.kind === 'bits' ? decoded.raster : toneGray(decoded.image, 'threshold').raster;
}

function box(canvas: Raster, x0: number, y0: number, w: number, h: number): void {
  for (let y = Math.max(0, y0); y < Math.min(canvas.height, y0 + h); y += 1) {
    for (let x = Math.max(0, x0); x < Math.min(canvas.width, x0 + w); x += 1) setPixel(canvas, x, y, true);
  }
}

/**
 * A test label drawn at the printer's own size: a frame to check offsets and
 * media size, a Code 128 and a QR code to check that barcodes scan, and line
 * pairs 1-4 dots wide to check darkness and the print head.
 */
export async function renderTestLabel(profile: PrinterProfile): Promise<Buffer> {
  const { width, height } = mediaDots(profile.media, profile.dpi);
  const canvas = createRaster(width, height);
  const unit = profile.dpi === 203 ? 1 : 1.5;
  const margin = Math.round(12 * unit);
  const line = Math.round(4 * unit);
  box(canvas, margin, margin, width - 2 * margin, line);
  box(canvas, margin, height - margin - line, width - 2 * margin, line);
  box(canvas, margin, margin, line, height - 2 * margin);
  box(canvas, width - margin - line, margin, line, height - 2 * margin);

  const scale = profile.dpi === 203 ? 2 : 3;
  const barcode = await symbol({ bcid: 'code128', text: 'PARCEL STATION TEST', scale, height: 14, includetext: true, textxalign: 'center' });
  paint(canvas, barcode, Math.max(margin * 2, Math.floor((width - barcode.width) / 2)), margin * 3);
  const qr = await symbol({ bcid: 'qrcode', text: `Parcel Station test: ${profile.name}, ${languageNames[profile.language]}, ${profile.dpi} dpi, ${profile.media}`, scale: scale + 1 });
  paint(canvas, qr, Math.floor((width - qr.width) / 2), margin * 4 + barcode.height);

  let y = margin * 5 + barcode.height + qr.height;
  for (let weight = 1; weight <= 4 && y + 20 * weight < height - margin * 2; weight += 1) {
    for (let x = margin * 3; x + weight < width - margin * 3; x += weight * 2) box(canvas, x, y, weight, Math.round(30 * unit));
    y += Math.round(40 * unit);
  }
  return rasterToPng(canvas);
}
