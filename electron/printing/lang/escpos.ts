import { PrinterTypes, ThermalPrinter } from 'node-thermal-printer';
import { fail } from '../../../shared/contract/errors';
import { createRaster, type Raster } from '../raster/raster';
import { rasterToPng } from '../raster/preview';

/**
 * Receipt printers choke on one tall GS v 0 image (node-thermal-printer
 * issues 130 and 103), so the label goes as bands of this many rows.
 */
export const ESCPOS_BAND_ROWS = 256;
/** node-thermal-printer writes xH = 0, so a band is at most 255 bytes wide. */
const MAX_BYTES_PER_ROW = 255;

/** Collects what node-thermal-printer would send: the runtime accepts any object with execute/isPrinterConnected. */
class CapturingInterface {
  bytes: Buffer = Buffer.alloc(0);
  getPrinterName(): string {
    return 'parcel-station';
  }
  async isPrinterConnected(): Promise<boolean> {
    return true;
  }
  async execute(buffer: Buffer): Promise<Buffer> {
    this.bytes = Buffer.from(buffer);
    return this.bytes;
  }
}

/**
 * ESC/POS through node-thermal-printer's own image path (GS v 0): initialise,
 * one printImageBuffer per band, feed and cut. Bands are handed over as PNGs
 * because that is the library's public image interface.
 */
export async function encodeEscpos(raster: Raster, options: { cut?: boolean } = {}): Promise<Buffer> {
  if (raster.bytesPerRow > MAX_BYTES_PER_ROW) {
    fail('bad_label', `This label is ${raster.width} dots wide; ESC/POS receipt printers take at most ${MAX_BYTES_PER_ROW * 8}. Choose a label printer language instead.`);
  }
  const sink = new CapturingInterface();
  const printer = new ThermalPrinter({
    type: PrinterTypes.EPSON,
    // The typings say string; the runtime takes an interface object as is (lib/interfaces/index.js).
    interface: sink as unknown as string,
  });
  // ESC @ clears modes a previous receipt left behind (initHardware is missing from the typings).
  printer.add(Buffer.from([0x1b, 0x40]));
  for (let start = 0; start < raster.height; start += ESCPOS_BAND_ROWS) {
    const rows = Math.min(ESCPOS_BAND_ROWS, raster.height - start);
    const band = { width: raster.width, height: rows, bytesPerRow: raster.bytesPerRow, data: raster.data.subarray(start * raster.bytesPerRow, (start + rows) * raster.bytesPerRow) };
    await printer.printImageBuffer(rasterToPng(band));
  }
  if (options.cut !== false) printer.cut();
  await printer.execute();
  return sink.bytes;
}

/** Our ESC/POS back to a raster: GS v 0 bands stacked top to bottom; other commands are skipped. */
export function decodeEscpos(bytes: Uint8Array, size?: { width: number; height: number }): Raster {
  const bands: Array<{ bytesPerRow: number; rows: number; data: Uint8Array }> = [];
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b === 0x1d && bytes[i + 1] === 0x76 && bytes[i + 2] === 0x30) {
      const bytesPerRow = bytes[i + 4]! | (bytes[i + 5]! << 8);
      const rows = bytes[i + 6]! | (bytes[i + 7]! << 8);
      const start = i + 8;
      if (start + bytesPerRow * rows > bytes.length) fail('bad_label', 'These ESC/POS bytes are cut short inside an image.');
      bands.push({ bytesPerRow, rows, data: bytes.subarray(start, start + bytesPerRow * rows) });
      i = start + bytesPerRow * rows;
    } else if (b === 0x1b && bytes[i + 1] === 0x40) i += 2;
    else if (b === 0x1b && bytes[i + 1] === 0x64) i += 3;
    else if (b === 0x1d && bytes[i + 1] === 0x56) i += bytes[i + 2] === 65 || bytes[i + 2] === 66 ? 4 : 3;
    else i += 1;
  }
  const width = size?.width ?? Math.max(0, ...bands.map((band) => band.bytesPerRow * 8));
  const height = size?.height ?? bands.reduce((sum, band) => sum + band.rows, 0);
  const canvas = createRaster(width, height);
  let y = 0;
  for (const band of bands) {
    for (let r = 0; r < band.rows && y < height; r += 1, y += 1) {
      const n = Math.min(band.bytesPerRow, canvas.bytesPerRow);
      canvas.data.set(band.data.subarray(r * band.bytesPerRow, r * band.bytesPerRow + n), y * canvas.bytesPerRow);
      const last = (y + 1) * canvas.bytesPerRow - 1;
      const rest = width & 7;
      if (rest) canvas.data[last] = canvas.data[last]! & ((0xff << (8 - rest)) & 0xff);
    }
  }
  return canvas;
}
