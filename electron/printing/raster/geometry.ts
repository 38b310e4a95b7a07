import { createRaster, lastByteMask, type Raster } from './raster';
import { grayImage, type GrayImage } from './gray';

/** Quarter turn clockwise: the label's top edge ends up on the right. Visits only black bytes. */
export function rotateRasterClockwise(src: Raster): Raster {
  const dst = createRaster(src.height, src.width);
  for (let y = 0; y < src.height; y += 1) {
    const row = y * src.bytesPerRow;
    const dx = src.height - 1 - y;
    const dByte = dx >> 3;
    const dBit = 0x80 >> (dx & 7);
    for (let b = 0; b < src.bytesPerRow; b += 1) {
      const byte = src.data[row + b]!;
      if (byte === 0) continue;
      for (let k = 0; k < 8; k += 1) {
        if (byte & (0x80 >> k)) {
          const x = (b << 3) + k;
          const at = x * dst.bytesPerRow + dByte;
          dst.data[at] = dst.data[at]! | dBit;
        }
      }
    }
  }
  return dst;
}

export function rotateGrayClockwise(src: GrayImage): GrayImage {
  const { width: w, height: h } = src;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y += 1) {
    const row = src.offset + y * src.stride;
    const dx = h - 1 - y;
    for (let x = 0; x < w; x += 1) out[x * h + dx] = src.data[row + x]!;
  }
  return grayImage(h, w, out);
}

/**
 * Centres a smaller `src` on a white canvas; a larger one loses its right and
 * bottom edges, where renderers put their rounding. Horizontal shifts are
 * whole bytes (at most 7 dots off centre), so every row is a plain byte copy
 * and the pixels themselves are never touched.
 */
export function padCrop(src: Raster, width: number, height: number): Raster {
  if (src.width === width && src.height === height) return src;
  const dst = createRaster(width, height);
  const dxBytes = Math.max(0, Math.floor((width - src.width) / 16));
  const dy = Math.max(0, Math.floor((height - src.height) / 2));
  const copyBytes = Math.min(src.bytesPerRow, dst.bytesPerRow - dxBytes);
  const mask = lastByteMask(width);
  for (let y = 0; y < height; y += 1) {
    const sy = y - dy;
    if (sy < 0 || sy >= src.height || copyBytes <= 0) continue;
    const from = sy * src.bytesPerRow;
    const to = y * dst.bytesPerRow + dxBytes;
    dst.data.set(src.data.subarray(from, from + copyBytes), to);
    const last = (y + 1) * dst.bytesPerRow - 1;
    dst.data[last] = dst.data[last]! & mask;
  }
  return dst;
}

export function rasterToGray(src: Raster): GrayImage {
  const out = new Uint8Array(src.width * src.height).fill(255);
  for (let y = 0; y < src.height; y += 1) {
    const row = y * src.bytesPerRow;
    const o = y * src.width;
    for (let x = 0; x < src.width; x += 1) if (src.data[row + (x >> 3)]! & (0x80 >> (x & 7))) out[o + x] = 0;
  }
  return grayImage(src.width, src.height, out);
}

/** Nearest neighbour up, box average down: real resolution changes only (203 <-> 300 dpi). */
export function resampleGray(src: GrayImage, width: number, height: number): GrayImage {
  return width >= src.width && height >= src.height ? nearest(src, width, height) : boxAverage(src, width, height);
}

function nearest(src: GrayImage, width: number, height: number): GrayImage {
  const out = new Uint8Array(width * height);
  const xs = Uint32Array.from({ length: width }, (_, x) => Math.min(src.width - 1, Math.floor(((x + 0.5) * src.width) / width)));
  for (let y = 0; y < height; y += 1) {
    const sy = Math.min(src.height - 1, Math.floor(((y + 0.5) * src.height) / height));
    const row = src.offset + sy * src.stride;
    const o = y * width;
    for (let x = 0; x < width; x += 1) out[o + x] = src.data[row + xs[x]!]!;
  }
  return grayImage(width, height, out);
}

function boxAverage(src: GrayImage, width: number, height: number): GrayImage {
  const out = new Uint8Array(width * height);
  const span = (i: number, n: number, total: number): [number, number] => {
    const a = Math.floor((i * total) / n);
    return [a, Math.max(a + 1, Math.floor(((i + 1) * total) / n))];
  };
  for (let y = 0; y < height; y += 1) {
    const [y0, y1] = span(y, height, src.height);
    for (let x = 0; x < width; x += 1) {
      const [x0, x1] = span(x, width, src.width);
      let sum = 0;
      for (let sy = y0; sy < y1; sy += 1) {
        const row = src.offset + sy * src.stride;
        for (let sx = x0; sx < x1; sx += 1) sum += src.data[row + sx]!;
      }
      out[y * width + x] = Math.round(sum / ((y1 - y0) * (x1 - x0)));
    }
  }
  return grayImage(width, height, out);
}
