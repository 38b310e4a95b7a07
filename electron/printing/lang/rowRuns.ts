import { fail } from '../../../shared/contract/errors';
import { createRaster, type Raster } from '../raster/raster';

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
function paintInverted(dst: Raster, x: number, y: number, bytesPerRow: number, rows: number, data: Uint8Array): void {
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

export interface BitmapCommand {
  /** Matches a graphic command's head at the start of a line; groups 1-4 are x, y, bytes per row and rows. */
  readonly head: RegExp;
  /** Bytes after the image data that end the command (\n in EPL, \r\n in TSPL). */
  readonly terminatorLength: number;
  /** The operator's words when the image data is cut short. */
  readonly cutShort: string;
}

interface BitmapBlock {
  readonly x: number;
  readonly y: number;
  readonly bytesPerRow: number;
  readonly rows: number;
  readonly data: Uint8Array;
}

/**
 * Reads EPL- or TSPL-style printer bytes back: text lines, where a graphic
 * command's head is followed by raw, inverted image bytes. Every other line
 * goes to `onLine`, so a language can pick up what else it needs (EPL's width).
 */
export function decodeInvertedBitmaps(
  bytes: Uint8Array,
  command: BitmapCommand,
  size: (blocks: readonly BitmapBlock[]) => { width: number; height: number },
  onLine?: (line: string) => void,
): Raster {
  const blocks: BitmapBlock[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const found = bytes.indexOf(0x0a, offset);
    const lineEnd = found < 0 ? bytes.length : found;
    // Only the head is text; the image bytes after it may hold anything, newlines included.
    const peek = Buffer.from(bytes.buffer, bytes.byteOffset + offset, Math.min(lineEnd, offset + 48) - offset).toString('latin1');
    const head = command.head.exec(peek);
    if (head) {
      const [text, x, y, bpr, rows] = head;
      const start = offset + text.length;
      const length = Number(bpr) * Number(rows);
      if (start + length > bytes.length) fail('bad_label', command.cutShort);
      blocks.push({ x: Number(x), y: Number(y), bytesPerRow: Number(bpr), rows: Number(rows), data: bytes.subarray(start, start + length) });
      offset = start + length + command.terminatorLength;
      continue;
    }
    onLine?.(peek);
    offset = lineEnd + 1;
  }
  const { width, height } = size(blocks);
  const canvas = createRaster(width, height);
  for (const block of blocks) paintInverted(canvas, block.x, block.y, block.bytesPerRow, block.rows, block.data);
  return canvas;
}
