/**
 * A packed 1-bit image, the one currency of the printing pipeline. Rows are
 * `bytesPerRow` bytes, most significant bit leftmost, 1 = black (as ZPL and
 * ESC/POS want it). Bits past `width` in a row's last byte are always 0.
 */
export interface Raster {
  readonly width: number;
  readonly height: number;
  readonly bytesPerRow: number;
  readonly data: Uint8Array;
}

export function createRaster(width: number, height: number): Raster {
  const bytesPerRow = Math.ceil(width / 8);
  return { width, height, bytesPerRow, data: new Uint8Array(bytesPerRow * height) };
}

/** Mask of the meaningful bits in a row's last byte. */
export function lastByteMask(width: number): number {
  const rest = width & 7;
  return rest === 0 ? 0xff : (0xff << (8 - rest)) & 0xff;
}

export function getPixel(raster: Raster, x: number, y: number): boolean {
  return ((raster.data[y * raster.bytesPerRow + (x >> 3)]! >> (7 - (x & 7))) & 1) === 1;
}

export function setPixel(raster: Raster, x: number, y: number, black: boolean): void {
  const index = y * raster.bytesPerRow + (x >> 3);
  const bit = 0x80 >> (x & 7);
  raster.data[index] = black ? raster.data[index]! | bit : raster.data[index]! & ~bit;
}

/**
 * ORs `src` onto `dst` at a dot position, clipping at the edges. Bit by bit,
 * simple rather than fast: decoders, the test label and a profile's negative
 * offset use it; the label hot path without such an offset does not.
 */
export function paint(dst: Raster, src: Raster, x0: number, y0: number): void {
  for (let y = 0; y < src.height; y += 1) {
    const dy = y + y0;
    if (dy < 0 || dy >= dst.height) continue;
    for (let x = 0; x < src.width; x += 1) {
      const dx = x + x0;
      if (dx < 0 || dx >= dst.width) continue;
      if (src.data[y * src.bytesPerRow + (x >> 3)]! & (0x80 >> (x & 7))) {
        const at = dy * dst.bytesPerRow + (dx >> 3);
        dst.data[at] = dst.data[at]! | (0x80 >> (dx & 7));
      }
    }
  }
}

export function rastersEqual(a: Raster, b: Raster): boolean {
  if (a.width !== b.width || a.height !== b.height || a.bytesPerRow !== b.bytesPerRow) return false;
  const n = a.data.length;
  for (let i = 0; i < n; i += 1) if (a.data[i] !== b.data[i]) return false;
  return true;
}

export function blackPixelCount(raster: Raster): number {
  let count = 0;
  const data = raster.data;
  for (let i = 0; i < data.length; i += 1) count += POPCOUNT[data[i]!]!;
  return count;
}

/** Black dots in one byte of a raster. */
export const popcount = (byte: number): number => POPCOUNT[byte]!;

const POPCOUNT = (() => {
  const table = new Uint8Array(256);
  for (let i = 0; i < 256; i += 1) table[i] = (i & 1) + table[i >> 1]!;
  return table;
})();
