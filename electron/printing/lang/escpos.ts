import { fail } from '../../../shared/contract/errors';
import { createRaster, type Raster } from '../raster/raster';

/**
 * Receipt printers choke on one tall GS v 0 image (node-thermal-printer
 * issues 130 and 103), so the label goes as bands of this many rows.
 */
export const ESCPOS_BAND_ROWS = 256;
/**
 * No ESC/POS head is wider than 255 bytes (2040 dots; receipt heads are 384-576);
 * anything wider is a label meant for a label printer.
 */
const MAX_BYTES_PER_ROW = 255;

const INIT = [0x1b, 0x40];
/** ESC d 4, twice, then GS V 0 (full cut) and ESC @: the feed-and-cut tail receipt drivers send. */
const FEED_CUT = [0x1b, 0x64, 0x04, 0x1b, 0x64, 0x04, 0x1d, 0x56, 0x00, 0x1b, 0x40];

/**
 * ESC/POS raster straight from the packed rows: ESC @, one `GS v 0` per band
 * (1D 76 30 m xL xH yL yH, 1 prints black, the same bit order as the raster),
 * then feed and cut. The rows are copied as they are; nothing is re-encoded.
 */
export function encodeEscpos(raster: Raster, options: { cut?: boolean } = {}): Buffer {
  const n = raster.bytesPerRow;
  if (n > MAX_BYTES_PER_ROW) {
    fail('bad_label', `This label is ${raster.width} dots wide; ESC/POS receipt printers take at most ${MAX_BYTES_PER_ROW * 8}. Choose a label printer language instead.`);
  }
  const bands = Math.ceil(raster.height / ESCPOS_BAND_ROWS);
  const tail = options.cut === false ? 0 : FEED_CUT.length;
  const out = Buffer.allocUnsafe(INIT.length + bands * 8 + raster.data.length + tail);
  out.set(INIT, 0);
  let o = INIT.length;
  for (let start = 0; start < raster.height; start += ESCPOS_BAND_ROWS) {
    const rows = Math.min(ESCPOS_BAND_ROWS, raster.height - start);
    out.set([0x1d, 0x76, 0x30, 0x30, n & 0xff, n >> 8, rows & 0xff, rows >> 8], o);
    o += 8;
    out.set(raster.data.subarray(start * n, (start + rows) * n), o);
    o += rows * n;
  }
  if (tail > 0) out.set(FEED_CUT, o);
  return out;
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
