import { createRaster, type Raster } from './raster';

/** Clockwise quarter turns: 1 puts the label's top edge on the right, 3 on the left, 2 upside down. */
export type QuarterTurns = 0 | 1 | 2 | 3;

export const addTurns = (a: QuarterTurns, b: QuarterTurns): QuarterTurns => ((a + b) & 3) as QuarterTurns;

/**
 * Turns a packed raster, visiting only black bytes (most of a label is
 * paper). A half turn reverses each row's bytes through a bit-reversal table;
 * a quarter turn writes each black dot into its column of the new rows.
 */
export function turnRaster(src: Raster, turns: QuarterTurns): Raster {
  if (turns === 0) return src;
  if (turns === 2) return halfTurn(src);
  const { width: w, height: h } = src;
  const dst = createRaster(h, w);
  const n = dst.bytesPerRow;
  const out = dst.data;
  for (let y = 0; y < h; y += 1) {
    const row = y * src.bytesPerRow;
    // Clockwise, source row y becomes destination column h-1-y, read top to bottom; counter-clockwise, column y read bottom to top.
    const dx = turns === 1 ? h - 1 - y : y;
    const at = dx >> 3;
    const bit = 0x80 >> (dx & 7);
    for (let b = 0; b < src.bytesPerRow; b += 1) {
      const byte = src.data[row + b]!;
      if (byte === 0) continue;
      for (let k = 0; k < 8; k += 1) {
        if (!(byte & (0x80 >> k))) continue;
        const x = (b << 3) + k;
        const dy = turns === 1 ? x : w - 1 - x;
        out[dy * n + at] = out[dy * n + at]! | bit;
      }
    }
  }
  return dst;
}

const REVERSED = Uint8Array.from({ length: 256 }, (_, v) => {
  let r = 0;
  for (let k = 0; k < 8; k += 1) if (v & (1 << k)) r |= 0x80 >> k;
  return r;
});

function halfTurn(src: Raster): Raster {
  const { width: w, height: h, bytesPerRow: n } = src;
  const dst = createRaster(w, h);
  // The last byte's unused low bits would land first: shift the reversed row left by them.
  const pad = n * 8 - w;
  const reversed = new Uint8Array(n + 1);
  for (let y = 0; y < h; y += 1) {
    const from = y * n;
    const to = (h - 1 - y) * n;
    for (let b = 0; b < n; b += 1) reversed[b] = REVERSED[src.data[from + n - 1 - b]!]!;
    for (let b = 0; b < n; b += 1) dst.data[to + b] = pad === 0 ? reversed[b]! : ((reversed[b]! << pad) | (reversed[b + 1]! >> (8 - pad))) & 0xff;
  }
  return dst;
}
