import { crc32, deflateSync } from 'node:zlib';
import { createRaster, setPixel, type Raster } from '../../../electron/printing/raster/raster';

/**
 * A tiny PNG writer for test inputs pngjs cannot write (1-bit, palette,
 * tRNS, chosen filters). Rows are given already packed in the PNG's format.
 */
export function writePng(options: {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  rows: Uint8Array[];
  palette?: number[];
  transparency?: number[];
  filter?: number;
}): Buffer {
  const chunk = (type: string, body: Uint8Array): Buffer => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(body.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), body])) >>> 0, 0);
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(options.width, 0);
  ihdr.writeUInt32BE(options.height, 4);
  ihdr[8] = options.bitDepth;
  ihdr[9] = options.colorType;
  const filter = options.filter ?? 0;
  const bpp = Math.max(1, Math.ceil(({ 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[options.colorType] ?? 1) * options.bitDepth / 8));
  const raw = Buffer.concat(
    options.rows.map((row, y) => Buffer.concat([Buffer.from([filter]), filterRow(row, y > 0 ? options.rows[y - 1]! : null, filter, bpp)])),
  );
  const parts = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr)];
  if (options.palette) parts.push(chunk('PLTE', Buffer.from(options.palette)));
  if (options.transparency) parts.push(chunk('tRNS', Buffer.from(options.transparency)));
  const data = deflateSync(raw);
  // Two IDAT chunks, as large encoders write them.
  const half = data.length >> 1;
  parts.push(chunk('IDAT', data.subarray(0, half)), chunk('IDAT', data.subarray(half)), chunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}

function filterRow(row: Uint8Array, prior: Uint8Array | null, filter: number, bpp: number): Uint8Array {
  const out = new Uint8Array(row.length);
  for (let i = 0; i < row.length; i += 1) {
    const a = i >= bpp ? row[i - bpp]! : 0;
    const b = prior ? prior[i]! : 0;
    const c = prior && i >= bpp ? prior[i - bpp]! : 0;
    let predictor = 0;
    if (filter === 1) predictor = a;
    else if (filter === 2) predictor = b;
    else if (filter === 3) predictor = (a + b) >> 1;
    else if (filter === 4) {
      const p = a + b - c;
      const pa = Math.abs(p - a);
      const pb = Math.abs(p - b);
      const pc = Math.abs(p - c);
      predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
    }
    out[i] = (row[i]! - predictor) & 0xff;
  }
  return out;
}

/** A deterministic pseudo-random raster (LCG), dense enough to exercise every byte value. */
export function randomRaster(width: number, height: number, seed = 1): Raster {
  const raster = createRaster(width, height);
  let state = seed;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      state = (state * 1103515245 + 12345) & 0x7fffffff;
      if (state & 0x10000) setPixel(raster, x, y, true);
    }
  }
  return raster;
}

/** A label-like raster: a frame, a few boxes, and barcode-like bars with runs of white rows. */
export function labelLikeRaster(width: number, height: number): Raster {
  const raster = createRaster(width, height);
  const box = (x0: number, y0: number, w: number, h: number): void => {
    for (let y = y0; y < Math.min(height, y0 + h); y += 1) for (let x = x0; x < Math.min(width, x0 + w); x += 1) setPixel(raster, x, y, true);
  };
  box(0, 0, width, 4);
  box(0, height - 4, width, 4);
  box(0, 0, 4, height);
  box(width - 4, 0, 4, height);
  for (let i = 0; i < 40; i += 1) box(20 + i * 9, Math.floor(height / 2), 1 + (i % 4), Math.floor(height / 5));
  box(30, 30, Math.floor(width / 3), 10);
  return raster;
}

/** 1 = black raster rows to PNG 1-bit gray rows (where 0 = black). */
export function rasterToOneBitRows(raster: Raster): Uint8Array[] {
  return Array.from({ length: raster.height }, (_, y) =>
    raster.data.subarray(y * raster.bytesPerRow, (y + 1) * raster.bytesPerRow).map((b) => ~b & 0xff),
  );
}

export function rasterToGrayRows(raster: Raster, black = 0, white = 255): Uint8Array[] {
  return Array.from({ length: raster.height }, (_, y) =>
    Uint8Array.from({ length: raster.width }, (_, x) => ((raster.data[y * raster.bytesPerRow + (x >> 3)]! >> (7 - (x & 7))) & 1 ? black : white)),
  );
}
