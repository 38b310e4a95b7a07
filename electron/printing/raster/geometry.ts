import { createRaster, lastByteMask, type Raster } from './raster';
import { grayImage, type GrayImage } from './gray';
import { sameBytes } from './sameBytes';

/**
 * Centres a smaller `src` on a white canvas; a larger one loses its right and
 * bottom edges, where renderers put their rounding. Horizontal shifts are
 * whole bytes (at most 7 dots off centre), so every row is a plain byte copy
 * and the pixels themselves are never touched.
 */
export function padCrop(src: Raster, width: number, height: number): Raster {
  if (src.width === width && src.height === height) return src;
  const dst = createRaster(width, height);
  const dxBytes = Math.max(0, Math.floor((width - src.width) / 16));
  const dy = Math.max(0, Math.floor((height - src.height) / 2));
  const copyBytes = Math.min(src.bytesPerRow, dst.bytesPerRow - dxBytes);
  const mask = lastByteMask(width);
  for (let y = 0; y < height; y += 1) {
    const sy = y - dy;
    if (sy < 0 || sy >= src.height || copyBytes <= 0) continue;
    const from = sy * src.bytesPerRow;
    const to = y * dst.bytesPerRow + dxBytes;
    dst.data.set(src.data.subarray(from, from + copyBytes), to);
    const last = (y + 1) * dst.bytesPerRow - 1;
    dst.data[last] = dst.data[last]! & mask;
  }
  return dst;
}

export function rasterToGray(src: Raster): GrayImage {
  const out = new Uint8Array(src.width * src.height).fill(255);
  for (let y = 0; y < src.height; y += 1) {
    const row = y * src.bytesPerRow;
    const o = y * src.width;
    for (let b = 0; b < src.bytesPerRow; b += 1) {
      const byte = src.data[row + b]!;
      if (byte === 0) continue;
      for (let k = 0, x = b << 3; k < 8 && x < src.width; k += 1, x += 1) if (byte & (0x80 >> k)) out[o + x] = 0;
    }
  }
  return grayImage(src.width, src.height, out);
}

/** Nearest neighbour up, box average down: real resolution changes only (203 <-> 300 dpi). */
export function resampleGray(src: GrayImage, width: number, height: number): GrayImage {
  return width >= src.width || height >= src.height ? nearest(src, width, height) : boxAverage(src, width, height);
}

/** The same for a 1-bit label: shrunk straight from its packed bits, identical to shrinking its gray image. */
export function resampleBits(src: Raster, width: number, height: number): GrayImage {
  return width >= src.width || height >= src.height ? nearest(rasterToGray(src), width, height) : boxAverageBits(src, width, height);
}

function nearest(src: GrayImage, width: number, height: number): GrayImage {
  const out = new Uint8Array(width * height);
  const xs = Uint32Array.from({ length: width }, (_, x) => Math.min(src.width - 1, Math.floor(((x + 0.5) * src.width) / width)));
  for (let y = 0; y < height; y += 1) {
    const sy = Math.min(src.height - 1, Math.floor(((y + 0.5) * src.height) / height));
    const row = src.offset + sy * src.stride;
    const o = y * width;
    for (let x = 0; x < width; x += 1) out[o + x] = src.data[row + xs[x]!]!;
  }
  return grayImage(width, height, out);
}

/** Weights are in 1/256 of an output dot along each axis, so a product of two fits 16 bits. */
const SHARE_BITS = 8;
const SHARE = 1 << SHARE_BITS;

/**
 * Area-weighted averaging: every output dot is the mean of exactly the
 * source area it covers, partial pixels weighted by their share. Bar edges
 * then land where they belong to a fraction of a dot, and the threshold
 * afterwards keeps bar and space widths in proportion (a whole-pixel box
 * would widen some bars by a full dot and thin others).
 *
 * It runs on ink (255 - gray) in integers, source pixel by source pixel:
 * paper is zero ink and costs one compare, a paper row costs nothing after
 * the native compare, and a row that repeats the one above reuses its sums.
 */
function boxAverage(src: GrayImage, width: number, height: number): GrayImage {
  const { xs: { to, first, second }, ys, out, sums, state } = shrinking(src.width, src.height, width, height);
  const paper = new Uint8Array(src.width).fill(255);
  const { data, stride } = src;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  for (let y = 0, row = src.offset; y < src.height; y += 1, row += stride) {
    if (y === 0 || !sameBytes(data, row, data, row - stride, src.width)) spreadGray(data, view, row, src.width, paper, to, first, second, sums, state);
    addLine(sums, state, out, width, ys.to[y]!, ys.first[y]!, ys.second[y]!);
  }
  return grayImage(width, height, finishRows(sums, state, out, width, height));
}

/** boxAverage over a packed 1-bit raster: white bytes are skipped eight dots at a time, each black dot is full ink. */
function boxAverageBits(src: Raster, width: number, height: number): GrayImage {
  const { xs: { to, first, second }, ys, out, sums, state } = shrinking(src.width, src.height, width, height);
  const { data, bytesPerRow: n } = src;
  for (let y = 0, row = 0; y < src.height; y += 1, row += n) {
    if (y === 0 || !sameBytes(data, row, data, row - n, n)) spreadBits(data, row, n, to, first, second, sums, state);
    addLine(sums, state, out, width, ys.to[y]!, ys.first[y]!, ys.second[y]!);
  }
  return grayImage(width, height, finishRows(sums, state, out, width, height));
}

/*
 * The box averages keep their state in typed arrays and pass it to plain
 * functions rather than in objects of a class: the maps V8 gives a class's
 * instances die with the last instance at a full garbage collection, and
 * every piece of code optimised for them is thrown away with them.
 *
 * `sums` holds three rows of width + 1 columns (the spare column takes the
 * second share of the last source pixel, which is always zero): the line
 * (one source row's ink over the output columns), then the two output rows
 * being summed, in the slot of their row number's parity (a source row
 * reaches at most two). `state` holds the span of columns with ink of each
 * (from < 0: none), the output row being summed and the line's runs of
 * inked columns (from, to pairs), which are all that is added to a row.
 */
function shrinking(sourceWidth: number, sourceHeight: number, width: number, height: number) {
  return {
    xs: shares(sourceWidth, width),
    ys: shares(sourceHeight, height),
    out: new Uint8Array(width * height).fill(255),
    sums: new Int32Array(3 * (width + 1)),
    // Every span empty, summing output row 0, no runs.
    state: Int32Array.from({ length: RUNS + 2 * (width + 1) }, (_, i) => (i < CURRENT && i % 2 === 0 ? -1 : 0)),
  };
}

const LINE = 0;
const CURRENT = 6;
const RUN_COUNT = 7;
const RUNS = 8;
const fromOf = (slot: number): number => slot * 2;
const toOf = (slot: number): number => slot * 2 + 1;
/** The output row of this parity: slot 1 or 2. */
const rowSlot = (row: number): number => 1 + (row & 1);

function spreadGray(data: Uint8Array, view: DataView, row: number, length: number, paper: Uint8Array, to: Int32Array, first: Int32Array, second: Int32Array, sums: Int32Array, state: Int32Array): void {
  clearSlot(sums, state, LINE);
  if (sameBytes(data, row, paper, 0, length)) return;
  let runs = RUNS;
  let right = -1;
  for (let x = 0; x < length; x += 1) {
    // Four paper pixels at a time are one unaligned 32-bit read.
    if (x + 4 <= length && view.getUint32(row + x) === 0xffffffff) {
      x += 3;
      continue;
    }
    const ink = 255 - data[row + x]!;
    if (ink === 0) continue;
    const at = to[x]!;
    sums[at] = sums[at]! + ink * first[x]!;
    sums[at + 1] = sums[at + 1]! + ink * second[x]!;
    runs = extendRuns(state, runs, right, at);
    right = at + 2;
  }
  closeRuns(state, runs, right);
}

function spreadBits(data: Uint8Array, row: number, bytes: number, to: Int32Array, first: Int32Array, second: Int32Array, sums: Int32Array, state: Int32Array): void {
  clearSlot(sums, state, LINE);
  let runs = RUNS;
  let right = -1;
  for (let b = 0; b < bytes; b += 1) {
    const byte = data[row + b]!;
    if (byte === 0) continue;
    for (let k = 0, x = b << 3; k < 8; k += 1, x += 1) {
      if (!(byte & (0x80 >> k))) continue;
      const at = to[x]!;
      sums[at] = sums[at]! + 255 * first[x]!;
      sums[at + 1] = sums[at + 1]! + 255 * second[x]!;
      runs = extendRuns(state, runs, right, at);
      right = at + 2;
    }
  }
  closeRuns(state, runs, right);
}

/**
 * Ink spread to column `at` (columns only grow along a row) continues the
 * open run of inked columns, which ends before `right`, or, past a gap,
 * closes it and opens one at `at`. Returns where the next run goes.
 */
function extendRuns(state: Int32Array, runs: number, right: number, at: number): number {
  if (at <= right) return runs;
  if (right >= 0) {
    state[runs + 1] = right;
    runs += 2;
  }
  state[runs] = at;
  return runs;
}

/** Closes the last run and sets the line's span (from < 0: no ink). */
function closeRuns(state: Int32Array, runs: number, right: number): void {
  if (right >= 0) {
    state[runs + 1] = right;
    runs += 2;
  }
  state[RUN_COUNT] = (runs - RUNS) >> 1;
  state[fromOf(LINE)] = right >= 0 ? state[RUNS]! : -1;
  state[toOf(LINE)] = right >= 0 ? right : 0;
}

/** Adds the line to output row `target` with weight `a` and to the row after it with weight `b`, finishing the rows before it. */
function addLine(sums: Int32Array, state: Int32Array, out: Uint8Array, width: number, target: number, a: number, b: number): void {
  finishRows(sums, state, out, width, target);
  const from = state[fromOf(LINE)]!;
  if (from < 0) return;
  const to = state[toOf(LINE)]!;
  addWeighted(sums, state, width, rowSlot(target), from, to, a);
  if (b !== 0) addWeighted(sums, state, width, rowSlot(target + 1), from, to, b);
}

function addWeighted(sums: Int32Array, state: Int32Array, width: number, slot: number, from: number, to: number, weight: number): void {
  const base = slot * (width + 1);
  for (let r = RUNS, end = RUNS + 2 * state[RUN_COUNT]!; r < end; r += 2) {
    for (let x = state[r]!, last = state[r + 1]!; x < last; x += 1) sums[base + x] = sums[base + x]! + sums[x]! * weight;
  }
  const f = fromOf(slot);
  if (state[f]! < 0 || from < state[f]!) state[f] = from;
  if (to > state[toOf(slot)]!) state[toOf(slot)] = to;
}

/** Writes out every output row before `end` (only its inked span: the rest stays paper) and clears its sums. */
function finishRows(sums: Int32Array, state: Int32Array, out: Uint8Array, width: number, end: number): Uint8Array {
  const half = 1 << (2 * SHARE_BITS - 1);
  for (let row = state[CURRENT]!; row < end; row += 1) {
    const slot = rowSlot(row);
    const from = state[fromOf(slot)]!;
    if (from >= 0) {
      const base = slot * (width + 1);
      const o = row * width;
      for (let x = from, last = Math.min(state[toOf(slot)]!, width); x < last; x += 1) out[o + x] = 255 - Math.min(255, (sums[base + x]! + half) >> (2 * SHARE_BITS));
      clearSlot(sums, state, slot);
    }
    state[CURRENT] = row + 1;
  }
  return out;
}

function clearSlot(sums: Int32Array, state: Int32Array, slot: number): void {
  const from = state[fromOf(slot)]!;
  if (from >= 0) {
    const base = (slot * sums.length) / 3;
    sums.fill(0, base + from, base + state[toOf(slot)]!);
  }
  state[fromOf(slot)] = -1;
  state[toOf(slot)] = 0;
}

interface Shares {
  readonly to: Int32Array;
  readonly first: Int32Array;
  readonly second: Int32Array;
}

/**
 * For each source pixel on a shrinking axis, the output dot it starts in and
 * its share of that dot and of the next, in 1/256 of a dot. Edges are
 * rounded once, on a shared grid, so each output dot's shares sum to exactly 256.
 */
function shares(sourceLength: number, targetLength: number): Shares {
  const to = new Int32Array(sourceLength);
  const first = new Int32Array(sourceLength);
  const second = new Int32Array(sourceLength);
  const edge = (i: number): number => Math.round((i * targetLength * SHARE) / sourceLength);
  for (let i = 0; i < sourceLength; i += 1) {
    const start = edge(i);
    const end = edge(i + 1);
    const o = start >> SHARE_BITS;
    const split = Math.min(end, (o + 1) * SHARE);
    to[i] = o;
    first[i] = split - start;
    second[i] = end - split;
  }
  return { to, first, second };
}
