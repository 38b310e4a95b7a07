/**
 * Barcodes drawn straight into a label bitmap from bwip-js's raw encodings
 * (bar/space widths for linear symbols, a module matrix for 2D ones), so no
 * intermediate PNG is encoded and decoded again.
 */
import bwipjs from 'bwip-js/node';
import type { Bitmap } from './bitmap';

export interface LinearCode {
  /** Bar, space, bar... widths in modules, starting with a bar. */
  readonly widths: readonly number[];
  readonly modules: number;
}

export interface MatrixCode {
  readonly columns: number;
  readonly rows: number;
  /** Row-major, 1 = dark module. */
  readonly cells: readonly number[];
}

/** Linear symbols: 'gs1-128' takes bracketed AIs, 'code128' plain text. */
export function encodeLinear(bcid: 'gs1-128' | 'code128', text: string): LinearCode {
  const [symbol] = bwipjs.raw({ bcid, text });
  if (!symbol || !('sbs' in symbol)) throw new Error(`bwip-js returned no bars for ${bcid}`);
  const widths = symbol.sbs;
  return { widths, modules: widths.reduce((sum, w) => sum + w, 0) };
}

/** 2D symbols; options are bwip-js's, e.g. `{ eclevel: 'M' }` or `{ columns: 3 }`. */
export function encodeMatrix(bcid: 'qrcode' | 'pdf417' | 'datamatrix', text: string, options: Record<string, string | number> = {}): MatrixCode {
  const opts = Object.entries(options)
    .map(([key, value]) => `${key}=${value}`)
    .join(' ');
  const [symbol] = bwipjs.raw(bcid, text, opts);
  if (!symbol || !('pixs' in symbol)) throw new Error(`bwip-js returned no matrix for ${bcid}`);
  return { columns: symbol.pixx, rows: symbol.pixy, cells: symbol.pixs };
}

/** Draws bars of moduleWidth dots each; returns the drawn width. */
export function drawLinear(bitmap: Bitmap, code: LinearCode, x: number, y: number, moduleWidth: number, height: number): number {
  let pen = Math.round(x);
  code.widths.forEach((w, i) => {
    const dots = Math.round(w * moduleWidth);
    if (i % 2 === 0) bitmap.fillRect(pen, y, dots, height);
    pen += dots;
  });
  return pen - Math.round(x);
}

/** Largest whole module width (at least minimum) that fits the symbol plus quiet zones into maxWidth. */
export function moduleWidthFor(code: LinearCode, maxWidth: number, quietModules: number, minimum: number, maximum: number): number {
  const fit = Math.floor(maxWidth / (code.modules + 2 * quietModules));
  return Math.max(minimum, Math.min(maximum, fit));
}

export function drawMatrix(bitmap: Bitmap, code: MatrixCode, x: number, y: number, moduleWidth: number, moduleHeight = moduleWidth): void {
  for (let row = 0; row < code.rows; row++) {
    let col = 0;
    while (col < code.columns) {
      if (code.cells[row * code.columns + col] !== 1) {
        col++;
        continue;
      }
      // Runs of dark modules become one rectangle.
      const start = col;
      while (col < code.columns && code.cells[row * code.columns + col] === 1) col++;
      bitmap.fillRect(x + start * moduleWidth, y + row * moduleHeight, (col - start) * moduleWidth, moduleHeight);
    }
  }
}
