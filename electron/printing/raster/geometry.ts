import { createRaster, lastByteMask, type Raster } from './raster';
import { grayImage, type GrayImage } from './gray';

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

/**
 * Area-weighted averaging, one axis at a time: every output dot is the mean
 * of exactly the source area it covers, partial pixels weighted by their
 * share. Bar edges then land where they belong to a fraction of a dot, and
 * the threshold afterwards keeps bar and space widths in proportion (a
 * whole-pixel box would widen some bars by a full dot and thin others).
 */
function boxAverage(src: GrayImage, width: number, height: number): GrayImage {
  const xs = spans(src.width, width);
  const across = new Float32Array(width * src.height);
  for (let y = 0; y < src.height; y += 1) {
    const row = src.offset + y * src.stride;
    const o = y * width;
    for (let x = 0; x < width; x += 1) {
      const first = xs.first[x]!;
      const last = xs.last[x]!;
      let sum = src.data[row + first]! * xs.firstWeight[x]!;
      if (last > first) {
        for (let i = first + 1; i < last; i += 1) sum += src.data[row + i]! * xs.inner;
        sum += src.data[row + last]! * xs.lastWeight[x]!;
      }
      across[o + x] = sum;
    }
  }
  const ys = spans(src.height, height);
  const out = new Uint8Array(width * height);
  const acc = new Float32Array(width);
  for (let y = 0; y < height; y += 1) {
    const first = ys.first[y]!;
    const last = ys.last[y]!;
    addRow(acc, across, first * width, ys.firstWeight[y]!, true);
    for (let i = first + 1; i < last; i += 1) addRow(acc, across, i * width, ys.inner, false);
    if (last > first) addRow(acc, across, last * width, ys.lastWeight[y]!, false);
    const o = y * width;
    for (let x = 0; x < width; x += 1) out[o + x] = Math.min(255, Math.round(acc[x]!));
  }
  return grayImage(width, height, out);
}

function addRow(acc: Float32Array, rows: Float32Array, from: number, weight: number, reset: boolean): void {
  const n = acc.length;
  if (reset) for (let x = 0; x < n; x += 1) acc[x] = rows[from + x]! * weight;
  else for (let x = 0; x < n; x += 1) acc[x] = acc[x]! + rows[from + x]! * weight;
}

/**
 * For each output pixel, the source pixels it covers: `first` and `last`
 * weighted by the share of them it covers, whole ones between by `inner`
 * (all weights of one output sum to 1).
 */
function spans(sourceLength: number, targetLength: number): { first: Int32Array; last: Int32Array; firstWeight: Float32Array; lastWeight: Float32Array; inner: number } {
  const ratio = sourceLength / targetLength;
  const first = new Int32Array(targetLength);
  const last = new Int32Array(targetLength);
  const firstWeight = new Float32Array(targetLength);
  const lastWeight = new Float32Array(targetLength);
  for (let o = 0; o < targetLength; o += 1) {
    const start = o * ratio;
    const end = Math.min(sourceLength, (o + 1) * ratio);
    const a = Math.floor(start);
    const b = Math.min(sourceLength - 1, Math.ceil(end) - 1);
    first[o] = a;
    last[o] = b;
    if (b === a) firstWeight[o] = (end - start) / ratio;
    else {
      firstWeight[o] = (a + 1 - start) / ratio;
      lastWeight[o] = (end - b) / ratio;
    }
  }
  return { first, last, firstWeight, lastWeight, inner: 1 / ratio };
}
