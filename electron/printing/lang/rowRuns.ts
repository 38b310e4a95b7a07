import type { Raster } from '../raster/raster';

/** Consecutive runs of rows holding ink; EPL and TSPL start from a cleared (white) image, so blank rows need not be sent. */
export function inkedRowRuns(raster: Raster): Array<{ start: number; count: number }> {
  const runs: Array<{ start: number; count: number }> = [];
  const n = raster.bytesPerRow;
  let start = -1;
  for (let y = 0; y <= raster.height; y += 1) {
    let inked = false;
    if (y < raster.height) {
      const row = y * n;
      for (let i = 0; i < n; i += 1) {
        if (raster.data[row + i] !== 0) {
          inked = true;
          break;
        }
      }
    }
    if (inked && start < 0) start = y;
    if (!inked && start >= 0) {
      runs.push({ start, count: y - start });
      start = -1;
    }
  }
  return runs;
}

/** The rows of a run with every bit flipped, for languages where a 0 bit prints black. */
export function invertedRows(raster: Raster, start: number, count: number): Buffer {
  const n = raster.bytesPerRow;
  const out = Buffer.allocUnsafe(n * count);
  const from = start * n;
  for (let i = 0; i < out.length; i += 1) out[i] = ~raster.data[from + i]! & 0xff;
  return out;
}

/** Paints inverted (0 = black) rows into a 1 = black raster. */
export function paintInverted(dst: Raster, x: number, y: number, bytesPerRow: number, rows: number, data: Uint8Array): void {
  for (let r = 0; r < rows; r += 1) {
    const dy = y + r;
    if (dy < 0 || dy >= dst.height) continue;
    for (let b = 0; b < bytesPerRow; b += 1) {
      const byte = ~data[r * bytesPerRow + b]! & 0xff;
      if (byte === 0) continue;
      for (let k = 0; k < 8; k += 1) {
        const dx = x + b * 8 + k;
        if (dx >= dst.width || dx < 0 || !(byte & (0x80 >> k))) continue;
        const at = dy * dst.bytesPerRow + (dx >> 3);
        dst.data[at] = dst.data[at]! | (0x80 >> (dx & 7));
      }
    }
  }
}
