import { createRaster, lastByteMask, type Raster } from './raster';
import { grayImage, type GrayImage } from './gray';
import { sameBytes } from './sameBytes';

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
    for (let b = 0; b < src.bytesPerRow; b += 1) {
      const byte = src.data[row + b]!;
      if (byte === 0) continue;
      for (let k = 0, x = b << 3; k < 8 && x < src.width; k += 1, x += 1) if (byte & (0x80 >> k)) out[o + x] = 0;
    }
  }
  return grayImage(src.width, src.height, out);
}

/** Nearest neighbour up, box average down: real resolution changes only (203 <-> 300 dpi). */
export function resampleGray(src: GrayImage, width: number, height: number): GrayImage {
  return width >= src.width || height >= src.height ? nearest(src, width, height) : boxAverage(src, width, height);
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

/** Weights are in 1/256 of an output dot along each axis, so a product of two fits 16 bits. */
const SHARE_BITS = 8;
const SHARE = 1 << SHARE_BITS;

/**
 * Area-weighted averaging: every output dot is the mean of exactly the
 * source area it covers, partial pixels weighted by their share. Bar edges
 * then land where they belong to a fraction of a dot, and the threshold
 * afterwards keeps bar and space widths in proportion (a whole-pixel box
 * would widen some bars by a full dot and thin others).
 *
 * It runs on ink (255 - gray) in integers, source pixel by source pixel:
 * paper is zero ink and costs one compare, a paper row costs nothing after
 * the native compare, and a row that repeats the one above reuses its sums.
 */
function boxAverage(src: GrayImage, width: number, height: number): GrayImage {
  const xs = shares(src.width, width);
  const ys = shares(src.height, height);
  const out = new Uint8Array(width * height).fill(255);
  // Source rows reach at most two output rows: the one being summed and the next.
  let here = new Int32Array(width + 1);
  let next = new Int32Array(width + 1);
  let hereInked = false;
  let nextInked = false;
  let current = 0;
  const half = 1 << (2 * SHARE_BITS - 1);
  const finish = (): void => {
    if (hereInked) {
      const o = current * width;
      for (let x = 0; x < width; x += 1) out[o + x] = 255 - Math.min(255, (here[x]! + half) >> (2 * SHARE_BITS));
      here.fill(0);
    }
    [here, next] = [next, here];
    hereInked = nextInked;
    nextInked = false;
    current += 1;
  };
  // One spare column takes the second share of the last source pixel, which is always zero.
  const line = new Int32Array(width + 1);
  const paper = new Uint8Array(src.width).fill(255);
  const { data, stride } = src;
  let lineInked = false;
  for (let y = 0; y < src.height; y += 1) {
    const row = src.offset + y * stride;
    if (y === 0 || !sameBytes(data, row, data, row - stride, src.width)) {
      lineInked = !sameBytes(data, row, paper, 0, src.width);
      if (lineInked) {
        line.fill(0);
        for (let x = 0; x < src.width; x += 1) {
          const ink = 255 - data[row + x]!;
          if (ink === 0) continue;
          const to = xs.to[x]!;
          line[to] = line[to]! + ink * xs.first[x]!;
          line[to + 1] = line[to + 1]! + ink * xs.second[x]!;
        }
      }
    }
    while (current < ys.to[y]!) finish();
    if (!lineInked) continue;
    const a = ys.first[y]!;
    const b = ys.second[y]!;
    for (let x = 0; x < width; x += 1) here[x] = here[x]! + line[x]! * a;
    hereInked = true;
    if (b !== 0) {
      for (let x = 0; x < width; x += 1) next[x] = next[x]! + line[x]! * b;
      nextInked = true;
    }
  }
  while (current < height) finish();
  return grayImage(width, height, out);
}

/**
 * For each source pixel on a shrinking axis, the output dot it starts in and
 * its share of that dot and of the next, in 1/256 of a dot. Edges are
 * rounded once, on a shared grid, so each output dot's shares sum to exactly 256.
 */
function shares(sourceLength: number, targetLength: number): { to: Int32Array; first: Int32Array; second: Int32Array } {
  const to = new Int32Array(sourceLength);
  const first = new Int32Array(sourceLength);
  const second = new Int32Array(sourceLength);
  const edge = (i: number): number => Math.round((i * targetLength * SHARE) / sourceLength);
  for (let i = 0; i < sourceLength; i += 1) {
    const start = edge(i);
    const end = edge(i + 1);
    const o = start >> SHARE_BITS;
    const split = Math.min(end, (o + 1) * SHARE);
    to[i] = o;
    first[i] = split - start;
    second[i] = end - split;
  }
  return { to, first, second };
}
