import { darknessLevel, mediaInches } from '../../../shared/domain/printing';
import type { Raster } from '../raster/raster';
import type { EncodeOptions } from './options';
import { decodeInvertedBitmaps, inkedRowRuns, invertedRows, type BitmapCommand } from './rowRuns';

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

const BITMAP: BitmapCommand = { head: /^BITMAP (\d+),(\d+),(\d+),(\d+),\d+,/, terminatorLength: 2, cutShort: 'These TSPL bytes are cut short inside a BITMAP.' };

/** Our TSPL back to a raster; `size` gives the label's dots (SIZE is in millimetres, not dots). */
export function decodeTspl(bytes: Uint8Array, size?: { width: number; height: number }): Raster {
  return decodeInvertedBitmaps(bytes, BITMAP, (blocks) => ({
    width: size?.width ?? Math.max(0, ...blocks.map((b) => b.x + b.bytesPerRow * 8)),
    height: size?.height ?? Math.max(0, ...blocks.map((b) => b.y + b.rows)),
  }));
}
