import { createRaster, type Raster } from './raster';
import type { GrayImage } from './gray';

/** Mid-grays beyond this share of all pixels mean photo-like art, not anti-aliased text. */
export const ART_SHARE = 0.08;
export const THRESHOLD = 128;
export const MID_LOW = 48;
export const MID_HIGH = 208;

/** True when the image holds real grayscale art (many mid-gray pixels) that a hard threshold would flatten. */
export function looksLikeGrayArt(gray: GrayImage): boolean {
  const { data } = gray;
  const limit = Math.ceil(data.length * ART_SHARE);
  let mid = 0;
  for (let i = 0; i < data.length; i += 1) {
    const v = data[i]!;
    if (v > MID_LOW && v < MID_HIGH && ++mid > limit) return true;
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

// 8x8 Bayer matrix: ordered dithering keeps pure black and pure white exact, so
// barcodes beside a photo stay sharp (error diffusion would smear into them).
const BAYER = [
  0, 32, 8, 40, 2, 34, 10, 42, 48, 16, 56, 24, 50, 18, 58, 26, 12, 44, 4, 36, 14, 46, 6, 38, 60, 28, 52, 20, 62, 30, 54, 22, 3, 35, 11,
  43, 1, 33, 9, 41, 51, 19, 59, 27, 49, 17, 57, 25, 15, 47, 7, 39, 13, 45, 5, 37, 63, 31, 55, 23, 61, 29, 53, 21,
];
const BAYER_LEVELS = Uint8Array.from(BAYER, (v) => v * 4 + 2);

export function orderedDither(gray: GrayImage): Raster {
  const raster = createRaster(gray.width, gray.height);
  const { data, width } = gray;
  for (let y = 0; y < gray.height; y += 1) {
    const row = y * width;
    const o = y * raster.bytesPerRow;
    const matrixRow = (y & 7) * 8;
    for (let x = 0; x < width; x += 1) {
      if (data[row + x]! < BAYER_LEVELS[matrixRow + (x & 7)]!) raster.data[o + (x >> 3)] = raster.data[o + (x >> 3)]! | (0x80 >> (x & 7));
    }
  }
  return raster;
}

export type ToneMode = 'auto' | 'threshold' | 'dither';

export function toRaster(gray: GrayImage, mode: ToneMode = 'auto'): Raster {
  const dither = mode === 'dither' || (mode === 'auto' && looksLikeGrayArt(gray));
  return dither ? orderedDither(gray) : threshold(gray);
}
