import { fail } from '../../../shared/contract/errors';
import { darknessLevel, mediaInches } from '../../../shared/domain/printing';
import { createRaster, type Raster } from '../raster/raster';
import { indexOf, latin1 } from './epl';
import type { EncodeOptions } from './options';
import { inkedRowRuns, invertedRows, paintInverted } from './rowRuns';

const millimetres = (inches: number): string => String(Math.round(inches * 254) / 10);

/**
 * TSPL for Rollo/TSC-class printers: SIZE, GAP, DIRECTION, CLS, one BITMAP
 * per run of inked rows (mode 0, overwrite), PRINT. In BITMAP a 0 bit prints black.
 */
export function encodeTspl(raster: Raster, options: EncodeOptions): Buffer {
  const size = mediaInches[options.media];
  const lines = [`SIZE ${millimetres(size.width)} mm,${millimetres(size.height)} mm`, 'GAP 3 mm,0 mm', 'DIRECTION 0,0', 'REFERENCE 0,0'];
  if (options.darkness !== null) lines.push(`DENSITY ${darknessLevel(options.darkness, 'tspl')}`);
  lines.push('CLS');
  const parts: Buffer[] = [Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1')];
  for (const run of inkedRowRuns(raster)) {
    parts.push(Buffer.from(`BITMAP ${options.offsetX},${options.offsetY + run.start},${raster.bytesPerRow},${run.count},0,`, 'latin1'));
    parts.push(invertedRows(raster, run.start, run.count), Buffer.from('\r\n', 'latin1'));
  }
  parts.push(Buffer.from(`PRINT 1,${options.copies ?? 1}\r\n`, 'latin1'));
  return Buffer.concat(parts);
}

/** Our TSPL back to a raster; `size` gives the label's dots (SIZE is in millimetres, not dots). */
export function decodeTspl(bytes: Uint8Array, size?: { width: number; height: number }): Raster {
  const blocks: Array<{ x: number; y: number; bytesPerRow: number; rows: number; data: Uint8Array }> = [];
  let offset = 0;
  while (offset < bytes.length) {
    const lineEnd = indexOf(bytes, 0x0a, offset);
    const peek = latin1(bytes, offset, Math.min(lineEnd < 0 ? bytes.length : lineEnd, offset + 48));
    const bitmap = /^BITMAP (\d+),(\d+),(\d+),(\d+),(\d+),/.exec(peek);
    if (bitmap) {
      const [head, x, y, bpr, rows] = bitmap;
      const start = offset + head.length;
      const length = Number(bpr) * Number(rows);
      if (start + length > bytes.length) fail('bad_label', 'These TSPL bytes are cut short inside a BITMAP.');
      blocks.push({ x: Number(x), y: Number(y), bytesPerRow: Number(bpr), rows: Number(rows), data: bytes.subarray(start, start + length) });
      offset = start + length + 2;
      continue;
    }
    offset = lineEnd < 0 ? bytes.length : lineEnd + 1;
  }
  const width = size?.width ?? Math.max(0, ...blocks.map((b) => b.x + b.bytesPerRow * 8));
  const height = size?.height ?? Math.max(0, ...blocks.map((b) => b.y + b.rows));
  const canvas = createRaster(width, height);
  for (const block of blocks) paintInverted(canvas, block.x, block.y, block.bytesPerRow, block.rows, block.data);
  return canvas;
}
