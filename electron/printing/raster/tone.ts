import { createRaster, type Raster } from './raster';
import type { GrayImage } from './gray';
import { sameBytes } from './sameBytes';

export const THRESHOLD = 128;
const MID_LOW = 48;
const MID_HIGH = 208;
/**
 * Share of pixels that must be mid-gray *areas* before an image counts as
 * grayscale art. An area pixel is mid-gray, and so is everything within two
 * dots of it along its row and column, with no step between neighbours
 * sharper than SMOOTH_STEP. Anti-aliased text and barcodes have gray fringes
 * at most a couple of dots wide next to black or white, and a 2-bit gray copy
 * steps 85 levels between its grays: neither passes. A shaded logo, a photo or
 * a halftone averaged down by resampling does.
 */
const ART_AREA_SHARE = 0.002;
const SMOOTH_STEP = 48;

const isMid = (v: number): boolean => v > MID_LOW && v < MID_HIGH;
/** 1 for a mid-gray level, by level. */
const MID = Uint8Array.from({ length: 256 }, (_, v) => (isMid(v) ? 1 : 0));
/** A neighbour that is mid-gray too, with no sharp step from `v`. */
const smoothMid = (n: number, v: number): boolean => isMid(n) && Math.abs(n - v) <= SMOOTH_STEP;

function isAreaMid(g: GrayImage, x: number, y: number): boolean {
  if (x <= 1 || y <= 1 || x >= g.width - 2 || y >= g.height - 2) return false;
  const i = g.offset + y * g.stride + x;
  const d = g.data;
  const s = g.stride;
  const v = d[i]!;
  if (!isMid(v)) return false;
  return (
    smoothMid(d[i - 1]!, v) &&
    smoothMid(d[i + 1]!, v) &&
    smoothMid(d[i - s]!, v) &&
    smoothMid(d[i + s]!, v) &&
    isMid(d[i - 2]!) &&
    isMid(d[i + 2]!) &&
    isMid(d[i - 2 * s]!) &&
    isMid(d[i + 2 * s]!)
  );
}

/** Counts area mid-grays in the given rows, stopping once past `limit`. */
function areaMidCount(g: GrayImage, rows: Iterable<number>, limit: number): number {
  let area = 0;
  // Four paper (or ink) pixels at a time are one unaligned 32-bit read.
  const view = new DataView(g.data.buffer, g.data.byteOffset, g.data.byteLength);
  const end = g.width - 2;
  for (const y of rows) {
    const row = g.offset + y * g.stride;
    for (let x = 2; x < end; x += 1) {
      if (x + 4 <= end) {
        const four = view.getUint32(row + x);
        if (four === 0xffffffff || four === 0) {
          x += 3;
          continue;
        }
      }
      if (MID[g.data[row + x]!] && isAreaMid(g, x, y) && ++area > limit) return area;
    }
  }
  return area;
}

const allRows = function* (height: number): Generator<number> {
  for (let y = 0; y < height; y += 1) yield y;
};

/** True when the image holds real grayscale art that a hard threshold would flatten. */
export function looksLikeGrayArt(gray: GrayImage): boolean {
  const limit = Math.ceil(gray.width * gray.height * ART_AREA_SHARE);
  return areaMidCount(gray, allRows(gray.height), limit) > limit;
}

// 8x8 Bayer matrix: ordered dithering is local, so error never smears from a
// logo into the barcode beside it the way error diffusion would.
const BAYER = [
  0, 32, 8, 40, 2, 34, 10, 42, 48, 16, 56, 24, 50, 18, 58, 26, 12, 44, 4, 36, 14, 46, 6, 38, 60, 28, 52, 20, 62, 30, 54, 22, 3, 35, 11,
  43, 1, 33, 9, 41, 51, 19, 59, 27, 49, 17, 57, 25, 15, 47, 7, 39, 13, 45, 5, 37, 63, 31, 55, 23, 61, 29, 53, 21,
];
const BAYER_LEVELS = Uint8Array.from(BAYER, (v) => v * 4 + 2);

/**
 * Re-tones one row: gray *areas* are dithered, everything else (black,
 * white, one-dot gray fringes of text and bars) keeps the plain threshold.
 */
function ditherRow(g: GrayImage, raster: Raster, y: number): void {
  const row = g.offset + y * g.stride;
  const o = y * raster.bytesPerRow;
  const matrixRow = (y & 7) * 8;
  raster.data.fill(0, o, o + raster.bytesPerRow);
  for (let x = 0; x < g.width; x += 1) {
    const v = g.data[row + x]!;
    const level = isMid(v) && isAreaMid(g, x, y) ? BAYER_LEVELS[matrixRow + (x & 7)]! : THRESHOLD;
    if (v < level) raster.data[o + (x >> 3)] = raster.data[o + (x >> 3)]! | (0x80 >> (x & 7));
  }
}

export type ToneMode = 'auto' | 'threshold' | 'dither';

export interface Toned {
  readonly raster: Raster;
  readonly dithered: boolean;
}

/** A hard threshold and the rows that hold mid-grays: what toning decides on. */
export interface Thresholded {
  readonly raster: Raster;
  readonly midRows: readonly number[];
}

/**
 * Gray to bits in one pass over the pixels, 8 at a time through two 32-bit
 * words: all-white and all-black runs (most of a label) cost one compare.
 * The pass notes which rows hold mid-grays; only those rows are examined for
 * art and, if it is art, dithered again (finishTone).
 */
export function thresholdGray(g: GrayImage): Thresholded {
  const { width, height } = g;
  const raster = createRaster(width, height);
  const out = raster.data;
  const n = raster.bytesPerRow;
  const padded = new Uint8Array(n * 8).fill(255);
  const words = new Uint32Array(padded.buffer);
  const midRows: number[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = g.offset + y * g.stride;
    const o = y * n;
    if (y > 0 && sameBytes(g.data, row, g.data, row - g.stride, width)) {
      out.copyWithin(o, o - n, o);
      if (midRows[midRows.length - 1] === y - 1) midRows.push(y);
      continue;
    }
    padded.set(g.data.subarray(row, row + width));
    let mid = 0;
    for (let b = 0; b < n; b += 1) {
      const w0 = words[b * 2]!;
      const w1 = words[b * 2 + 1]!;
      if (w0 === 0xffffffff && w1 === 0xffffffff) continue;
      if (w0 === 0 && w1 === 0) {
        out[o + b] = 0xff;
        continue;
      }
      // Branch-free: in anti-aliased art neither test is predictable.
      let byte = 0;
      for (let i = b * 8, end = i + 8; i < end; i += 1) {
        const v = padded[i]!;
        byte = (byte << 1) | ((v - THRESHOLD) >>> 31);
        mid |= MID[v]!;
      }
      out[o + b] = byte;
    }
    if (mid > 0) midRows.push(y);
  }
  // A padded last byte reads 255 (white) past the width, so padding bits are already 0.
  return { raster, midRows };
}

/** Dithers the gray art areas of a thresholded image when the mode asks for it (in place). */
export function finishTone(g: GrayImage, thresholded: Thresholded, mode: ToneMode = 'auto'): Toned {
  const { raster, midRows } = thresholded;
  if (mode === 'threshold' || midRows.length === 0) return { raster, dithered: false };
  if (mode === 'auto') {
    const limit = Math.ceil(g.width * g.height * ART_AREA_SHARE);
    if (areaMidCount(g, midRows, limit) <= limit) return { raster, dithered: false };
  }
  for (const y of midRows) ditherRow(g, raster, y);
  return { raster, dithered: true };
}

export function toneGray(g: GrayImage, mode: ToneMode = 'auto'): Toned {
  return finishTone(g, thresholdGray(g), mode);
}
