import { inflateSync } from 'node:zlib';
import { fail } from '../../../shared/contract/errors';
import { allZero } from './sameBytes';

export interface PngHeader {
  readonly width: number;
  readonly height: number;
  readonly bitDepth: number;
  /** 0 gray, 2 RGB, 3 palette, 4 gray+alpha, 6 RGBA. */
  readonly colorType: number;
  readonly interlaced: boolean;
}

/** Scanlines after un-filtering, still in the PNG's own pixel format. */
export interface PngScanlines {
  readonly header: PngHeader;
  /** Row y's pixels start at offset + y * rowStride and run for `stride` bytes. */
  readonly data: Uint8Array;
  readonly offset: number;
  readonly rowStride: number;
  readonly stride: number;
  readonly palette: Uint8Array | null;
  readonly transparency: Uint8Array | null;
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** The bit depths the PNG spec allows for each colour type; the decoders rely on nothing else arriving. */
const BIT_DEPTHS: Readonly<Record<number, readonly number[]>> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };
/**
 * A letter page at 400 dpi is 15 megapixels; nothing a carrier sends is
 * larger. Checked on the header, before a byte is inflated, so an image that
 * only claims to be huge costs neither time nor memory (24 megapixels decode
 * within about 150 MB even as RGBA).
 */
const MAX_PIXELS = 24_000_000;

export function badLabel(detail: string): never {
  fail('bad_label', `The label is not a readable PNG image (${detail}). Download or buy the label again; nothing was printed.`);
}

/** Reads the chunk structure; cheap, so callers can pick a decoding path from the header. */
export function readPngChunks(bytes: Uint8Array): {
  header: PngHeader;
  idat: Uint8Array[];
  palette: Uint8Array | null;
  transparency: Uint8Array | null;
} {
  if (bytes.length < 8 + 25 || SIGNATURE.some((b, i) => bytes[i] !== b)) badLabel('it does not start with a PNG signature');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let header: PngHeader | null = null;
  let palette: Uint8Array | null = null;
  let transparency: Uint8Array | null = null;
  const idat: Uint8Array[] = [];
  let offset = 8;
  let ended = false;
  while (offset + 8 <= bytes.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(bytes[offset + 4]!, bytes[offset + 5]!, bytes[offset + 6]!, bytes[offset + 7]!);
    const start = offset + 8;
    if (start + length + 4 > bytes.length) badLabel(`the ${type} chunk is cut short`);
    const body = bytes.subarray(start, start + length);
    if (type === 'IHDR') {
      if (length !== 13) badLabel('its header is malformed');
      header = {
        width: view.getUint32(start),
        height: view.getUint32(start + 4),
        bitDepth: body[8]!,
        colorType: body[9]!,
        interlaced: body[12] === 1,
      };
    } else if (type === 'PLTE') palette = body;
    else if (type === 'tRNS') transparency = body;
    else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') {
      ended = true;
      break;
    }
    offset = start + length + 4;
  }
  if (!header) badLabel('it has no header');
  if (!ended && idat.length === 0) badLabel('it is cut short');
  if (idat.length === 0) badLabel('it has no image data');
  if (header.width === 0 || header.height === 0) badLabel('it is empty');
  if (header.width * header.height > MAX_PIXELS) {
    badLabel(`it claims to be ${header.width}x${header.height} pixels, ${Math.round((header.width * header.height) / 1e6)} megapixels, far larger than any label page`);
  }
  if (!BIT_DEPTHS[header.colorType]?.includes(header.bitDepth)) badLabel('its pixel format is not valid PNG');
  if (header.colorType === 3 && !palette) badLabel('its palette is missing');
  return { header, idat, palette, transparency };
}

/** Inflates and un-filters a non-interlaced PNG. */
export function readScanlines(bytes: Uint8Array): PngScanlines {
  const { header, palette, transparency, raw, stride, bpp } = inflateImage(bytes);
  return { header, data: unfilterAligned(raw, stride, header.height, bpp), offset: 0, rowStride: alignedStride(stride), stride, palette, transparency };
}

/**
 * Rows un-filtered into word-aligned rows. Apart from the inflating:
 * optimised code that inlines zlib's stream objects is thrown away whenever
 * a garbage collection finds none of them left.
 */
function unfilterAligned(raw: Uint8Array, stride: number, height: number, bpp: number): Uint8Array {
  const rowStride = alignedStride(stride);
  const data = new Uint8Array(rowStride * height);
  const words = new Uint32Array(data.buffer);
  for (let y = 0, row = 0; y < height; y += 1, row += rowStride) {
    if (!unfilterRow(raw, stride, bpp, y, data, words, row, row - rowStride)) data.copyWithin(row, row - rowStride, row);
  }
  return data;
}

/** A PNG inflated, its rows still filtered: `stride` bytes of pixels after each row's filter byte. */
export interface FilteredImage {
  readonly header: PngHeader;
  readonly palette: Uint8Array | null;
  readonly transparency: Uint8Array | null;
  readonly raw: Uint8Array;
  readonly stride: number;
  /** Bytes per pixel, at least 1: how far back Sub, Average and Paeth look. */
  readonly bpp: number;
}

export function inflateImage(bytes: Uint8Array): FilteredImage {
  const { header, idat, palette, transparency } = readPngChunks(bytes);
  const bitsPerPixel = CHANNELS[header.colorType]! * header.bitDepth;
  const stride = Math.ceil((header.width * bitsPerPixel) / 8);
  let raw: Uint8Array;
  try {
    // Bounded by what the header promises, so a zlib bomb fails instead of filling memory.
    // One output chunk the size the header promises: zlib's default 16 KB chunks are glued together with a second copy.
    const expected = (stride + 1) * header.height;
    raw = inflateSync(idat.length === 1 ? idat[0]! : Buffer.concat(idat), { maxOutputLength: expected + 65536, chunkSize: Math.max(1024, expected + 1) });
  } catch {
    badLabel('its image data is corrupt');
  }
  if (raw.length < (stride + 1) * header.height) badLabel('its image data is cut short');
  return { header, palette, transparency, raw, stride, bpp: Math.max(1, bitsPerPixel >> 3) };
}

/** Rows padded to whole 32-bit words. */
export const alignedStride = (stride: number): number => (stride + 3) & ~3;

export const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(0x01020304).buffer)[0] === 0x04;

/** Byte-wise a + b in each of four lanes, without carries crossing lanes. */
const addLanes = (a: number, b: number): number => ((a & 0x7f7f7f7f) + (b & 0x7f7f7f7f)) ^ ((a ^ b) & 0x80808080);

/**
 * Un-filters row y of an image into data[row], a word-aligned place
 * (`words` views the same buffer), against the row above at data[prior].
 * The row is copied there first (a native memcpy) so that Up, which
 * encoders pick for most label rows, adds four bytes at a time, and so does
 * Sub for RGBA; the other filters stay byte by byte. Returns false, having
 * written nothing, when the row is byte for byte the one above.
 */
export function unfilterRow(raw: Uint8Array, stride: number, bpp: number, y: number, data: Uint8Array, words: Uint32Array, row: number, prior: number): boolean {
  const from = y * (stride + 1);
  const filter = raw[from];
  if (filter === 2 && y > 0 && allZero(raw, from + 1, stride)) return false;
  data.set(raw.subarray(from + 1, from + 1 + stride), row);
  const w = row >> 2;
  const n = alignedStride(stride) >> 2;
  switch (filter) {
    case 0:
      break;
    case 1:
      if (bpp === 4) for (let j = w + 1; j < w + n; j += 1) words[j] = addLanes(words[j]!, words[j - 1]!);
      else unSub(data, row, stride, bpp);
      break;
    case 2:
      // Padding bytes past `stride` add up garbage that nothing reads.
      if (y > 0) for (let j = w, up = prior >> 2; j < w + n; j += 1, up += 1) words[j] = addLanes(words[j]!, words[up]!);
      break;
    case 3:
      if (y > 0) unAverage(data, row, prior, stride, bpp);
      else unAverageFirst(data, row, stride, bpp);
      break;
    case 4:
      if (y === 0) unSub(data, row, stride, bpp);
      else if (bpp === 4) unPaethWords(data, words, row, prior, n);
      else unPaeth(data, row, prior, stride, bpp);
      break;
    default:
      badLabel(`row ${y} has an unknown filter`);
  }
  return true;
}

/** Paeth over 4-byte pixels; a zero residual in flat paper (left = up = up-left) is the left pixel itself. */
function unPaethWords(d: Uint8Array, words: Uint32Array, row: number, prior: number, n: number): void {
  const w = row >> 2;
  // From a byte (or word) of the row to the one above it.
  const upBytes = prior - row;
  const up = upBytes >> 2;
  words[w] = addLanes(words[w]!, words[w + up]!);
  for (let j = w + 1; j < w + n; j += 1) {
    const left = words[j - 1]!;
    if (words[j] === 0 && left === words[j + up] && left === words[j + up - 1]) {
      words[j] = left;
      continue;
    }
    const i = j << 2;
    for (let k = i; k < i + 4; k += 1) d[k] = d[k]! + paeth(d[k - 4]!, d[k + upBytes]!, d[k + upBytes - 4]!);
  }
}

// One small function per filter keeps each loop monomorphic and branch-free,
// which is most of the decoding time for 8-bit labels.
function unSub(d: Uint8Array, row: number, stride: number, bpp: number): void {
  if (bpp === 3) unSubRgb(d, row, stride);
  else for (let i = row + bpp, end = row + stride; i < end; i += 1) d[i] = d[i]! + d[i - bpp]!;
}

/**
 * The RGB filters keep the left pixel in locals: reading back the byte just
 * written makes every step wait on the store before it.
 */
function unSubRgb(d: Uint8Array, row: number, stride: number): void {
  let a0 = d[row]!;
  let a1 = d[row + 1]!;
  let a2 = d[row + 2]!;
  for (let i = row + 3, end = row + stride; i < end; i += 3) {
    a0 = (d[i]! + a0) & 0xff;
    a1 = (d[i + 1]! + a1) & 0xff;
    a2 = (d[i + 2]! + a2) & 0xff;
    d[i] = a0;
    d[i + 1] = a1;
    d[i + 2] = a2;
  }
}

function unAverageFirst(d: Uint8Array, row: number, stride: number, bpp: number): void {
  for (let i = row + bpp, end = row + stride; i < end; i += 1) d[i] = d[i]! + (d[i - bpp]! >> 1);
}

function unAverage(d: Uint8Array, row: number, prior: number, stride: number, bpp: number): void {
  for (let i = 0; i < bpp; i += 1) d[row + i] = d[row + i]! + (d[prior + i]! >> 1);
  for (let i = bpp; i < stride; i += 1) d[row + i] = d[row + i]! + ((d[row + i - bpp]! + d[prior + i]!) >> 1);
}

/**
 * Paeth's predictor from the left (a), up (b) and up-left (c) samples. In
 * flat paper or ink and along straight edges up equals up-left (the left
 * sample wins) or left equals up-left (up wins): two compares decide.
 */
function paeth(a: number, b: number, c: number): number {
  if (b === c) return a;
  if (a === c) return b;
  const pa = b > c ? b - c : c - b;
  const pb = a > c ? a - c : c - a;
  const pcRaw = a + b - c - c;
  const pc = pcRaw < 0 ? -pcRaw : pcRaw;
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

function unPaeth(d: Uint8Array, row: number, prior: number, stride: number, bpp: number): void {
  if (bpp === 3) return unPaethRgb(d, row, prior, stride);
  if (bpp === 1) return unPaethGray(d, row, prior, stride);
  for (let i = 0; i < bpp; i += 1) d[row + i] = d[row + i]! + d[prior + i]!;
  for (let i = bpp; i < stride; i += 1) d[row + i] = d[row + i]! + paeth(d[row + i - bpp]!, d[prior + i]!, d[prior + i - bpp]!);
}

/** Left and up-left in locals (see unSubRgb); before the first pixel both are zero, so it adds the pixel above. */
function unPaethRgb(d: Uint8Array, row: number, prior: number, stride: number): void {
  let a0 = 0;
  let a1 = 0;
  let a2 = 0;
  let c0 = 0;
  let c1 = 0;
  let c2 = 0;
  for (let i = 0; i < stride; i += 3) {
    const b0 = d[prior + i]!;
    const b1 = d[prior + i + 1]!;
    const b2 = d[prior + i + 2]!;
    a0 = (d[row + i]! + paeth(a0, b0, c0)) & 0xff;
    a1 = (d[row + i + 1]! + paeth(a1, b1, c1)) & 0xff;
    a2 = (d[row + i + 2]! + paeth(a2, b2, c2)) & 0xff;
    d[row + i] = a0;
    d[row + i + 1] = a1;
    d[row + i + 2] = a2;
    c0 = b0;
    c1 = b1;
    c2 = b2;
  }
}

function unPaethGray(d: Uint8Array, row: number, prior: number, stride: number): void {
  let a = 0;
  let c = 0;
  for (let i = 0; i < stride; i += 1) {
    const b = d[prior + i]!;
    a = (d[row + i]! + paeth(a, b, c)) & 0xff;
    d[row + i] = a;
    c = b;
  }
}
