import { createRaster, type Raster } from './raster';

/** Clockwise quarter turns: 1 puts the label's top edge on the right, 3 on the left, 2 upside down. */
export type QuarterTurns = 0 | 1 | 2 | 3;

export const addTurns = (a: QuarterTurns, b: QuarterTurns): QuarterTurns => ((a + b) & 3) as QuarterTurns;

/** Turns a packed raster, visiting only black bytes (most of a label is paper). */
export function turnRaster(src: Raster, turns: QuarterTurns): Raster {
  if (turns === 0) return src;
  const { width: w, height: h } = src;
  const dst = turns === 2 ? createRaster(w, h) : createRaster(h, w);
  const n = dst.bytesPerRow;
  for (let y = 0; y < h; y += 1) {
    const row = y * src.bytesPerRow;
    for (let b = 0; b < src.bytesPerRow; b += 1) {
      const byte = src.data[row + b]!;
      if (byte === 0) continue;
      for (let k = 0; k < 8; k += 1) {
        if (!(byte & (0x80 >> k))) continue;
        const x = (b << 3) + k;
        const [dx, dy] = turns === 1 ? [h - 1 - y, x] : turns === 3 ? [y, w - 1 - x] : [w - 1 - x, h - 1 - y];
        const at = dy * n + (dx >> 3);
        dst.data[at] = dst.data[at]! | (0x80 >> (dx & 7));
      }
    }
  }
  return dst;
}
