import { fail } from '../../../shared/contract/errors';
import { darknessLevel } from '../../../shared/domain/printing';
import type { Raster } from '../raster/raster';
import type { EncodeOptions } from './options';
import { decodeInvertedBitmaps, inkedRowRuns, invertedRows, type BitmapCommand } from './rowRuns';

/**
 * EPL2: clear the image buffer (N), set darkness (D) and width (q), one GW
 * per run of inked rows, print (P). In GW a 0 bit prints black.
 */
export function encodeEpl(raster: Raster, options: EncodeOptions): Buffer {
  const parts: Buffer[] = [Buffer.from('\nN\n', 'latin1')];
  if (options.darkness !== null) parts.push(Buffer.from(`D${darknessLevel(options.darkness, 'epl')}\n`, 'latin1'));
  parts.push(Buffer.from(`q${raster.width}\n`, 'latin1'));
  for (const run of inkedRowRuns(raster)) {
    parts.push(Buffer.from(`GW${options.offsetX},${options.offsetY + run.start},${raster.bytesPerRow},${run.count},`, 'latin1'));
    parts.push(invertedRows(raster, run.start, run.count), Buffer.from('\n', 'latin1'));
  }
  parts.push(Buffer.from(`P${options.copies ?? 1}\n`, 'latin1'));
  return Buffer.concat(parts);
}

const GW: BitmapCommand = { head: /^GW(\d+),(\d+),(\d+),(\d+),/, terminatorLength: 1, cutShort: 'These EPL bytes are cut short inside a GW graphic.' };

/** Our EPL back to a raster; `size` gives the label's dots (EPL states only the width). */
export function decodeEpl(bytes: Uint8Array, size?: { width: number; height: number }): Raster {
  let stated = 0;
  return decodeInvertedBitmaps(
    bytes,
    GW,
    (blocks) => {
      const width = size?.width ?? stated;
      if (width === 0) fail('bad_label', 'These EPL bytes do not state a label width (q).');
      return { width, height: size?.height ?? Math.max(0, ...blocks.map((b) => b.y + b.rows)) };
    },
    (line) => {
      const q = /^q(\d+)/.exec(line);
      if (q) stated = Number(q[1]);
    },
  );
}
