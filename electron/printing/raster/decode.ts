import { PNG } from 'pngjs';
import { createRaster, lastByteMask, type Raster } from './raster';
import { grayImage, luma, overWhite, type GrayImage } from './gray';
import { LITTLE_ENDIAN, alignedStride, badLabel, inflateImage, readPngChunks, readScanlines, unfilterRow, type PngScanlines } from './png';
import { sameBytes } from './sameBytes';

/** A decoded label: already sharp black and white, or grayscale that still needs toning. */
export type DecodedLabel = { readonly kind: 'bits'; readonly raster: Raster } | { readonly kind: 'gray'; readonly image: GrayImage };

/**
 * PNG bytes to pixels without an RGBA detour for the formats labels come in
 * (1-bit gray, 8-bit gray, palette, RGB, RGBA). Interlaced and 16-bit files
 * are rare enough to go through pngjs's general decoder.
 */
export function decodeLabelPng(bytes: Uint8Array): DecodedLabel {
  const { header } = readPngChunks(bytes);
  if (header.interlaced || header.bitDepth === 16) return viaPngjs(bytes);
  if (header.colorType === 0 || header.colorType === 3) return fromSamples(readScanlines(bytes));
  return { kind: 'gray', image: colourToGray(bytes) };
}

/** Gray or palette samples: a lookup table per sample value decides whether the image is sharp. */
function fromSamples(lines: PngScanlines): DecodedLabel {
  const { header, palette, transparency } = lines;
  const depth = header.bitDepth;
  const levels = 1 << depth;
  const lut = new Uint8Array(levels);
  for (let s = 0; s < levels; s += 1) {
    if (header.colorType === 3) {
      const i = s * 3;
      const value = palette && i + 2 < palette.length ? luma(palette[i]!, palette[i + 1]!, palette[i + 2]!) : 0;
      const alpha = transparency && s < transparency.length ? transparency[s]! : 255;
      lut[s] = overWhite(value, alpha);
    } else {
      const value = Math.round((s * 255) / (levels - 1));
      const transparent = transparency && transparency.length >= 2 && ((transparency[0]! << 8) | transparency[1]!) === s;
      lut[s] = transparent ? 255 : value;
    }
  }
  const sharp = lut.every((v) => v === 0 || v === 255);
  if (sharp && depth === 1) return { kind: 'bits', raster: packedOneBit(lines, lut[0] === 0, lut[1] === 0) };
  const identity = depth === 8 && lut.every((v, i) => v === i);
  // 8-bit gray is used where it lies: the un-filtered scanlines are the gray image.
  if (identity) return { kind: 'gray', image: { width: header.width, height: header.height, data: lines.data, offset: lines.offset, stride: lines.rowStride } };
  return { kind: 'gray', image: samplesToGray(lines, lut) };
}

/** 1-bit rows map byte for byte: 8 pixels per table lookup. */
function packedOneBit(lines: PngScanlines, zeroIsBlack: boolean, oneIsBlack: boolean): Raster {
  const { width, height } = lines.header;
  const raster = createRaster(width, height);
  const mask = lastByteMask(width);
  const n = raster.bytesPerRow;
  const out = raster.data;
  const src = lines.data;
  const kind = zeroIsBlack === oneIsBlack ? (zeroIsBlack ? 'black' : 'white') : zeroIsBlack ? 'invert' : 'copy';
  for (let y = 0; y < height; y += 1) {
    const from = lines.offset + y * lines.rowStride;
    const to = y * n;
    if (kind === 'invert') for (let i = 0; i < n; i += 1) out[to + i] = ~src[from + i]! & 0xff;
    else if (kind === 'copy') out.set(src.subarray(from, from + n), to);
    else if (kind === 'black') out.fill(0xff, to, to + n);
    out[to + n - 1] = out[to + n - 1]! & mask;
  }
  return raster;
}

function samplesToGray(lines: PngScanlines, lut: Uint8Array): GrayImage {
  const { width, height, bitDepth: depth } = lines.header;
  const out = new Uint8Array(width * height);
  const src = lines.data;
  const max = (1 << depth) - 1;
  for (let y = 0; y < height; y += 1) {
    const row = lines.offset + y * lines.rowStride;
    const o = y * width;
    if (depth === 8) {
      for (let x = 0; x < width; x += 1) out[o + x] = lut[src[row + x]!]!;
    } else {
      for (let x = 0; x < width; x += 1) {
        const bit = x * depth;
        out[o + x] = lut[(src[row + (bit >> 3)]! >> (8 - depth - (bit & 7))) & max]!;
      }
    }
  }
  return grayImage(width, height, out);
}

/**
 * RGB, gray+alpha and RGBA rows become gray one at a time, as they are
 * un-filtered, through two word-aligned row slots that stay in cache: the
 * colour image is never held whole. A row the same as the one above (most
 * of a label) copies the gray row above.
 */
function colourToGray(bytes: Uint8Array): GrayImage {
  const { header, transparency: t, raw, stride, bpp } = inflateImage(bytes);
  const { width, height, colorType } = header;
  const key = colorType === 2 && t && t.length >= 6 ? Int32Array.of((t[0]! << 8) | t[1]!, (t[2]! << 8) | t[3]!, (t[4]! << 8) | t[5]!) : null;
  return grayImage(width, height, colourRows(raw, stride, bpp, width, height, colorType, key));
}

/** Apart from the inflating, like unfilterAligned. */
function colourRows(raw: Uint8Array, stride: number, bpp: number, width: number, height: number, colorType: number, key: Int32Array | null): Uint8Array {
  const rowStride = alignedStride(stride);
  const slots = new Uint8Array(2 * rowStride);
  const words = new Uint32Array(slots.buffer);
  const out = new Uint8Array(width * height);
  let above = -1;
  for (let y = 0, o = 0; y < height; y += 1, o += width) {
    const row = above === 0 ? rowStride : 0;
    const fresh = unfilterRow(raw, stride, bpp, y, slots, words, row, above);
    if (!fresh || (y > 0 && sameBytes(slots, row, slots, above, stride))) {
      out.copyWithin(o, o - width, o);
      continue;
    }
    if (colorType === 2) rgbRow(slots, words, row, out, o, width, key);
    else if (colorType === 4) grayAlphaRow(slots, row, out, o, width);
    else rgbaRow(slots, words, row, out, o, width);
    above = row;
  }
  return out;
}

/**
 * `key`: the tRNS colour, which is paper. Without one, four white or four
 * black pixels (most of a label) are three 32-bit compares (rows start on a
 * word, and 4 pixels are 3 words); luma is exact there: 255 and 0.
 */
function rgbRow(src: Uint8Array, words: Uint32Array, at: number, out: Uint8Array, o: number, width: number, key: Int32Array | null): void {
  let x = 0;
  if (!key) {
    for (let w = at >> 2; x + 4 <= width; x += 4, w += 3) {
      const w0 = words[w]!;
      if (w0 !== words[w + 1] || w0 !== words[w + 2] || (w0 !== 0xffffffff && w0 !== 0)) {
        rgbPixels(src, at + x * 3, out, o + x, 4, null);
        continue;
      }
      const v = w0 & 0xff;
      out[o + x] = v;
      out[o + x + 1] = v;
      out[o + x + 2] = v;
      out[o + x + 3] = v;
    }
  }
  rgbPixels(src, at + x * 3, out, o + x, width - x, key);
}

function rgbPixels(src: Uint8Array, at: number, out: Uint8Array, o: number, count: number, key: Int32Array | null): void {
  for (let x = 0, i = at; x < count; x += 1, i += 3) {
    const r = src[i]!;
    const g = src[i + 1]!;
    const b = src[i + 2]!;
    out[o + x] = key && r === key[0] && g === key[1] && b === key[2] ? 255 : luma(r, g, b);
  }
}

function grayAlphaRow(src: Uint8Array, at: number, out: Uint8Array, o: number, width: number): void {
  for (let x = 0, i = at; x < width; x += 1, i += 2) out[o + x] = overWhite(src[i]!, src[i + 1]!);
}

/** Opaque white and opaque black pixels (most of a label) are one 32-bit compare each. */
function rgbaRow(src: Uint8Array, words: Uint32Array, at: number, out: Uint8Array, o: number, width: number): void {
  for (let x = 0, i = at; x < width; x += 1, i += 4) {
    if (LITTLE_ENDIAN) {
      const word = words[i >> 2]!;
      if (word === 0xffffffff) {
        out[o + x] = 255;
        continue;
      }
      if (word === 0xff000000) {
        out[o + x] = 0;
        continue;
      }
    }
    const a = src[i + 3]!;
    const value = luma(src[i]!, src[i + 1]!, src[i + 2]!);
    out[o + x] = a === 255 ? value : overWhite(value, a);
  }
}

/** The general path: pngjs expands anything to 8-bit RGBA. */
export function rgbaToGray(rgba: Uint8Array, width: number, height: number): GrayImage {
  const out = new Uint8Array(width * height);
  for (let p = 0, i = 0; p < out.length; p += 1, i += 4) out[p] = overWhite(luma(rgba[i]!, rgba[i + 1]!, rgba[i + 2]!), rgba[i + 3]!);
  return grayImage(width, height, out);
}

function viaPngjs(bytes: Uint8Array): DecodedLabel {
  let png: PNG;
  try {
    png = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch (error) {
    badLabel(error instanceof Error ? error.message : 'pngjs could not read it');
  }
  return { kind: 'gray', image: rgbaToGray(png.data, png.width, png.height) };
}
