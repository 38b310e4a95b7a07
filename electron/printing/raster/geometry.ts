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
  const across = new Float32Array(width * src.height);
  const xTaps = areaTaps(src.width, width);
  for (let y = 0; y < src.height; y += 1) {
    const row = src.offset + y * src.stride;
    const o = y * width;
    for (const tap of xTaps) across[o + tap.out] = across[o + tap.out]! + src.data[row + tap.from]! * tap.weight;
  }
  const sums = new Float32Array(width * height);
  for (const tap of areaTaps(src.height, height)) {
    const from = tap.from * width;
    const to = tap.out * width;
    for (let x = 0; x < width; x += 1) sums[to + x] = sums[to + x]! + across[from + x]! * tap.weight;
  }
  const out = new Uint8Array(width * height);
  for (let i = 0; i < out.length; i += 1) out[i] = Math.min(255, Math.round(sums[i]!));
  return grayImage(width, height, out);
}

interface Tap {
  readonly out: number;
  readonly from: number;
  readonly weight: number;
}

/** For each source pixel, the output pixels it overlaps and by how much (weights of one output sum to 1). */
function areaTaps(sourceLength: number, targetLength: number): Tap[] {
  const ratio = sourceLength / targetLength;
  const taps: Tap[] = [];
  for (let o = 0; o < targetLength; o += 1) {
    const start = o * ratio;
    const end = Math.min(sourceLength, (o + 1) * ratio);
    for (let i = Math.floor(start); i < end; i += 1) {
      const overlap = Math.min(end, i + 1) - Math.max(start, i);
      if (overlap > 0) taps.push({ out: o, from: i, weight: overlap / ratio });
    }
  }
  return taps;
}
