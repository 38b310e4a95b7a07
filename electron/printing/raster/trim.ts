import { createRaster, lastByteMask, popcount, type Raster } from './raster';
import type { GrayImage } from './gray';

/** Where the ink is: the box around every black pixel, and how many there are. */
export interface InkBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly blackPixels: number;
}

/** One pass: paper bytes (most of a label) cost a compare; inked ones mark their column, their row and their dots. */
export function rasterInk(src: Raster): InkBox | null {
  const n = src.bytesPerRow;
  const data = src.data;
  const columns = new Uint8Array(n);
  let top = -1;
  let bottom = -1;
  let blackPixels = 0;
  for (let y = 0, row = 0; y < src.height; y += 1, row += n) {
    let any = 0;
    for (let i = 0; i < n; i += 1) {
      const byte = data[row + i]!;
      if (byte === 0) continue;
      any = 1;
      columns[i] = columns[i]! | byte;
      blackPixels += popcount(byte);
    }
    if (any === 0) continue;
    if (top < 0) top = y;
    bottom = y;
  }
  if (top < 0) return null;
  let first = 0;
  while (columns[first] === 0) first += 1;
  let last = n - 1;
  while (columns[last] === 0) last -= 1;
  const left = first * 8 + Math.clz32(columns[first]!) - 24;
  const right = last * 8 + 7 - (31 - Math.clz32(columns[last]! & -columns[last]!));
  return { x: left, y: top, width: right - left + 1, height: bottom - top + 1, blackPixels };
}

/** A window onto the same pixels: no copy. */
export function cropGray(src: GrayImage, box: InkBox): GrayImage {
  return { width: box.width, height: box.height, data: src.data, offset: src.offset + box.y * src.stride + box.x, stride: src.stride };
}

/** Copies the box out of a packed raster, shifting bits when it does not start on a byte. */
export function cropRaster(src: Raster, box: InkBox): Raster {
  if (box.x === 0 && box.y === 0 && box.width === src.width && box.height === src.height) return src;
  const dst = createRaster(box.width, box.height);
  const n = dst.bytesPerRow;
  const first = box.x >> 3;
  const shift = box.x & 7;
  const mask = lastByteMask(box.width);
  for (let y = 0; y < box.height; y += 1) {
    const from = (box.y + y) * src.bytesPerRow + first;
    const to = y * n;
    const end = (box.y + y + 1) * src.bytesPerRow;
    if (shift === 0) dst.data.set(src.data.subarray(from, Math.min(from + n, end)), to);
    else {
      for (let i = 0; i < n; i += 1) {
        const hi = src.data[from + i]! << shift;
        const lo = from + i + 1 < end ? src.data[from + i + 1]! >> (8 - shift) : 0;
        dst.data[to + i] = (hi | lo) & 0xff;
      }
    }
    dst.data[to + n - 1] = dst.data[to + n - 1]! & mask;
  }
  return dst;
}
