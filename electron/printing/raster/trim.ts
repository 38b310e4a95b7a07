import { createRaster, lastByteMask, blackPixelCount, type Raster } from './raster';
import type { GrayImage } from './gray';
import { THRESHOLD } from './tone';

/** Where the ink is: the box around every pixel that could print a dot, and how many pixels print black. */
export interface InkBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly blackPixels: number;
}

/** Light enough that not even a dither dot would print: paper. */
const PAPER = 208;

export function rasterInk(src: Raster): InkBox | null {
  const n = src.bytesPerRow;
  const columns = new Uint8Array(n);
  let top = -1;
  let bottom = -1;
  for (let y = 0; y < src.height; y += 1) {
    let any = 0;
    const row = y * n;
    for (let i = 0; i < n; i += 1) {
      const byte = src.data[row + i]!;
      any |= byte;
      columns[i] = columns[i]! | byte;
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
  return { x: left, y: top, width: right - left + 1, height: bottom - top + 1, blackPixels: blackPixelCount(src) };
}

export function grayInk(src: GrayImage): InkBox | null {
  let top = -1;
  let bottom = -1;
  let left = src.width;
  let right = -1;
  let black = 0;
  for (let y = 0; y < src.height; y += 1) {
    const row = src.offset + y * src.stride;
    let rowLeft = -1;
    let rowRight = -1;
    for (let x = 0; x < src.width; x += 1) {
      const v = src.data[row + x]!;
      if (v >= PAPER) continue;
      if (rowLeft < 0) rowLeft = x;
      rowRight = x;
      if (v < THRESHOLD) black += 1;
    }
    if (rowLeft < 0) continue;
    if (top < 0) top = y;
    bottom = y;
    left = Math.min(left, rowLeft);
    right = Math.max(right, rowRight);
  }
  if (top < 0) return null;
  return { x: left, y: top, width: right - left + 1, height: bottom - top + 1, blackPixels: black };
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
