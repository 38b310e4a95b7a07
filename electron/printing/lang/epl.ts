import { fail } from '../../../shared/contract/errors';
import { darknessLevel } from '../../../shared/domain/printing';
import { createRaster, type Raster } from '../raster/raster';
import type { EncodeOptions } from './options';
import { inkedRowRuns, invertedRows, paintInverted } from './rowRuns';

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

/** Our EPL back to a raster; `size` gives the label's dots (EPL states only the width). */
export function decodeEpl(bytes: Uint8Array, size?: { width: number; height: number }): Raster {
  const blocks: Array<{ x: number; y: number; bytesPerRow: number; rows: number; data: Uint8Array }> = [];
  let width = size?.width ?? 0;
  let offset = 0;
  while (offset < bytes.length) {
    const lineEnd = indexOf(bytes, 0x0a, offset);
    const peek = latin1(bytes, offset, Math.min(lineEnd < 0 ? bytes.length : lineEnd, offset + 40));
    const gw = /^GW(\d+),(\d+),(\d+),(\d+),/.exec(peek);
    if (gw) {
      const [head, x, y, bpr, rows] = gw;
      const start = offset + head.length;
      const length = Number(bpr) * Number(rows);
      if (start + length > bytes.length) fail('bad_label', 'These EPL bytes are cut short inside a GW graphic.');
      blocks.push({ x: Number(x), y: Number(y), bytesPerRow: Number(bpr), rows: Number(rows), data: bytes.subarray(start, start + length) });
      offset = start + length + 1;
      continue;
    }
    const q = /^q(\d+)/.exec(peek);
    if (q && size === undefined) width = Number(q[1]);
    offset = lineEnd < 0 ? bytes.length : lineEnd + 1;
  }
  const height = size?.height ?? Math.max(0, ...blocks.map((b) => b.y + b.rows));
  if (width === 0) fail('bad_label', 'These EPL bytes do not state a label width (q).');
  const canvas = createRaster(width, height);
  for (const block of blocks) paintInverted(canvas, block.x, block.y, block.bytesPerRow, block.rows, block.data);
  return canvas;
}

export function indexOf(bytes: Uint8Array, value: number, from: number): number {
  for (let i = from; i < bytes.length; i += 1) if (bytes[i] === value) return i;
  return -1;
}

export function latin1(bytes: Uint8Array, start: number, end: number): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset + start, Math.max(0, end - start)).toString('latin1');
}
