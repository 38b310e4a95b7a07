import { createRaster, type Raster } from './raster';
import type { GrayImage } from './gray';

export const THRESHOLD = 128;
export const MID_LOW = 48;
export const MID_HIGH = 208;
/**
 * Share of pixels that must be mid-gray *areas* (a mid-gray pixel whose four
 * neighbours are mid-gray too) before an image counts as grayscale art.
 * Anti-aliased text and barcodes only have one-dot-wide gray fringes, which
 * never pass the neighbour test; a shaded logo or a photo does.
 */
const ART_AREA_SHARE = 0.002;
/** Below this share of mid-gray pixels at all, a label is not worth the area test. */
export const MID_BAIL_SHARE = 0.005;

const isMid = (v: number): boolean => v > MID_LOW && v < MID_HIGH;

function isAreaMid(data: Uint8Array, width: number, height: number, x: number, y: number): boolean {
  const i = y * width + x;
  return (
    x > 0 &&
    y > 0 &&
    x < width - 1 &&
    y < height - 1 &&
    isMid(data[i]!) &&
    isMid(data[i - 1]!) &&
    isMid(data[i + 1]!) &&
    isMid(data[i - width]!) &&
    isMid(data[i + width]!)
  );
}

/** True when the image holds real grayscale art that a hard threshold would flatten. */
export function looksLikeGrayArt(gray: GrayImage): boolean {
  const { data, width, height } = gray;
  const limit = Math.ceil(data.length * ART_AREA_SHARE);
  let area = 0;
  for (let y = 1; y < height - 1; y += 1) {
    for (let x = 1; x < width - 1; x += 1) {
      if (isMid(data[y * width + x]!) && isAreaMid(data, width, height, x, y) && ++area > limit) return true;
    }
  }
  return false;
}

export function threshold(gray: GrayImage): Raster {
  const raster = createRaster(gray.width, gray.height);
  const { data, width } = gray;
  const out = raster.data;
  for (let y = 0; y < gray.height; y += 1) {
    const row = y * width;
    let o = y * raster.bytesPerRow;
    for (let x = 0; x < width; x += 8, o += 1) {
      const end = Math.min(8, width - x);
      let byte = 0;
      for (let k = 0; k < end; k += 1) if (data[row + x + k]! < THRESHOLD) byte |= 0x80 >> k;
      out[o] = byte;
    }
  }
  return raster;
}

// 8x8 Bayer matrix: ordered dithering is local, so error never smears from a
// logo into the barcode beside it the way error diffusion would.
const BAYER = [
  0, 32, 8, 40, 2, 34, 10, 42, 48, 16, 56, 24, 50, 18, 58, 26, 12, 44, 4, 36, 14, 46, 6, 38, 60, 28, 52, 20, 62, 30, 54, 22, 3, 35, 11,
  43, 1, 33, 9, 41, 51, 19, 59, 27, 49, 17, 57, 25, 15, 47, 7, 39, 13, 45, 5, 37, 63, 31, 55, 23, 61, 29, 53, 21,
];
const BAYER_LEVELS = Uint8Array.from(BAYER, (v) => v * 4 + 2);

/**
 * Dithers the gray areas and thresholds everything else: shaded art gets its
 * tones, while text edges and bars (black, white and one-dot gray fringes)
 * stay exactly as sharp as a plain threshold leaves them.
 */
export function ditherArt(gray: GrayImage): Raster {
  const raster = createRaster(gray.width, gray.height);
  const { data, width, height } = gray;
  for (let y = 0; y < height; y += 1) {
    const row = y * width;
    const o = y * raster.bytesPerRow;
    const matrixRow = (y & 7) * 8;
    for (let x = 0; x < width; x += 1) {
      const v = data[row + x]!;
      const level = isMid(v) && isAreaMid(data, width, height, x, y) ? BAYER_LEVELS[matrixRow + (x & 7)]! : THRESHOLD;
      if (v < level) raster.data[o + (x >> 3)] = raster.data[o + (x >> 3)]! | (0x80 >> (x & 7));
    }
  }
  return raster;
}

export type ToneMode = 'auto' | 'threshold' | 'dither';

export function toRaster(gray: GrayImage, mode: ToneMode = 'auto'): Raster {
  const dither = mode === 'dither' || (mode === 'auto' && looksLikeGrayArt(gray));
  return dither ? ditherArt(gray) : threshold(gray);
}
