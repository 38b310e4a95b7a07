import type { GrayImage } from './gray';
import type { Raster } from './raster';

/**
 * A Code 128 barcode with vertical bars found at the source resolution: where it
 * is, its module width in source pixels, and its bars and spaces in whole
 * modules (a bar first).
 */
export interface BarcodeStripe {
  readonly x0: number;
  readonly x1: number;
  readonly y0: number;
  y1: number;
  readonly module: number;
  readonly modules: readonly number[];
}

/** Bars and spaces one after another, at least this many bars... */
const MIN_BARS = 20;
/** ...none wider than this many modules (Code 128 and most symbologies stop at 4)... */
const MAX_MODULES = 4;
/** ...and every width within this share of a module of a whole number. */
const MODULE_TOLERANCE = 0.3;
/** A gap wider than this (source pixels) ends a barcode: it is its quiet zone. */
const MAX_GAP = 14;
/** Rows with the same bars over at least this many rows make a barcode, not a line of text. */
const MIN_ROWS = 12;
const ROW_STEP = 3;

/**
 * Finds barcodes with vertical bars in a label at its source resolution,
 * with sub-pixel bar edges from the gray image when there is one.
 */
export function findBarcodeStripes(bits: Raster, gray: GrayImage | null): BarcodeStripe[] {
  const done: BarcodeStripe[] = [];
  let open: BarcodeStripe[] = [];
  const runs = new Int32Array(bits.width + 2);
  for (let y = 0; y < bits.height; y += ROW_STEP) {
    const found = rowBarcodes(bits, gray, y, runs);
    const next: BarcodeStripe[] = [];
    for (const stripe of found) {
      const same = open.find((s) => Math.abs(s.x0 - stripe.x0) <= 2 && Math.abs(s.x1 - stripe.x1) <= 2 && sameModules(s.modules, stripe.modules));
      if (same) {
        same.y1 = y;
        next.push(same);
      } else next.push(stripe);
    }
    for (const stripe of open) if (!next.includes(stripe) && stripe.y1 - stripe.y0 + 1 >= MIN_ROWS) done.push(stripe);
    open = next;
  }
  for (const stripe of open) if (stripe.y1 - stripe.y0 + 1 >= MIN_ROWS) done.push(stripe);
  return done;
}

const sameModules = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((m, i) => m === b[i]);

function rowBarcodes(bits: Raster, gray: GrayImage | null, y: number, runs: Int32Array): BarcodeStripe[] {
  // Edges: x of each colour change along the row, starting with white.
  const row = y * bits.bytesPerRow;
  let count = 0;
  let colour = 0;
  for (let b = 0; b < bits.bytesPerRow; b += 1) {
    const byte = bits.data[row + b]!;
    if ((byte === 0 && colour === 0) || (byte === 0xff && colour === 1)) continue;
    for (let k = 0, x = b << 3; k < 8 && x < bits.width; k += 1, x += 1) {
      const bit = (byte >> (7 - k)) & 1;
      if (bit !== colour) {
        runs[count++] = x;
        colour = bit;
      }
    }
  }
  if (colour === 1) runs[count++] = bits.width;
  const stripes: BarcodeStripe[] = [];
  // runs[2i] starts a bar, runs[2i+1] ends it.
  let first = 0;
  for (let i = 0; i + 1 < count; i += 2) {
    const barWide = runs[i + 1]! - runs[i]! > MAX_GAP * 2;
    const gapAfter = i + 2 < count ? runs[i + 2]! - runs[i + 1]! : Infinity;
    if (barWide) {
      first = i + 2;
      continue;
    }
    if (gapAfter > MAX_GAP) {
      const bars = (i - first) / 2 + 1;
      if (bars >= MIN_BARS) {
        const stripe = measure(runs, first, i + 1, gray, y);
        if (stripe) stripes.push(stripe);
      }
      first = i + 2;
    }
  }
  return stripes;
}

/** Sub-pixel edges, then the module width that makes every bar and space a whole number of modules, or null. */
function measure(runs: Int32Array, from: number, to: number, gray: GrayImage | null, y: number): BarcodeStripe | null {
  const edges: number[] = [];
  for (let i = from; i <= to; i += 1) edges.push(subPixel(runs[i]!, gray, y));
  const total = edges[edges.length - 1]! - edges[0]!;
  // Code 128 opens with an 11-module start character: its width gives the module, and text rarely looks like one.
  const guess = (edges[6]! - edges[0]!) / 11;
  if (guess < 1) return null;
  const startModules: number[] = [];
  for (let i = 1; i <= 6; i += 1) startModules.push(Math.round((edges[i]! - edges[i - 1]!) / guess));
  if (!CODE128_STARTS.includes(startModules.join(''))) return null;
  let best: { error: number; modules: number[]; module: number } | null = null;
  for (let count = Math.floor(total / (guess * 1.05)); count <= Math.ceil(total / (guess * 0.95)); count += 1) {
    const module = total / count;
    let error = 0;
    const modules: number[] = [];
    for (let i = 1; i < edges.length; i += 1) {
      const w = (edges[i]! - edges[i - 1]!) / module;
      const whole = Math.round(w);
      if (whole < 1 || whole > MAX_MODULES) {
        error = Infinity;
        break;
      }
      error = Math.max(error, Math.abs(w - whole));
      modules.push(whole);
    }
    if (error <= MODULE_TOLERANCE && (!best || error < best.error)) best = { error, modules, module };
  }
  if (!best || !isCode128(best.modules)) return null;
  return { x0: runs[from]!, x1: runs[to]!, y0: y, y1: y, module: best.module, modules: best.modules };
}

const CODE128_STARTS = ['211412', '211214', '211232'];
const CODE128_STOP = '2331112';

/**
 * Only Code 128 is drawn again: its start, its stop and its length (11
 * modules a character, 13 for the stop) confirm that the module width was
 * read right. Other symbologies keep the resampled bars.
 */
function isCode128(modules: readonly number[]): boolean {
  const text = modules.join('');
  const sum = modules.reduce((a, b) => a + b, 0);
  return modules.length % 6 === 1 && (sum - 13) % 11 === 0 && CODE128_STARTS.some((start) => text.startsWith(start)) && text.endsWith(CODE128_STOP);
}

/** Where gray crosses the threshold between the pixel before x and x (pixel centres at +0.5); x itself without gray. */
function subPixel(x: number, gray: GrayImage | null, y: number): number {
  if (!gray || x <= 0 || x >= gray.width) return x;
  const i = gray.offset + y * gray.stride + x;
  const before = gray.data[i - 1]!;
  const at = gray.data[i]!;
  if (before === at) return x;
  return x - 0.5 + Math.min(1, Math.max(0, (before - 128) / (before - at)));
}

/**
 * Draws each barcode again on the shrunk label with every module a whole
 * number of dots: the number nearest the shrunk module when the paper
 * beside the barcode leaves room, else the whole number below. Averaged
 * and thresholded, modules under two dots come out one or two dots wide at
 * random and the barcode no longer scans.
 */
export function snapBarcodes(out: Raster, stripes: readonly BarcodeStripe[], scaleX: number, scaleY: number): void {
  for (const stripe of stripes) {
    const total = stripe.modules.reduce((a, b) => a + b, 0);
    const left = Math.round(stripe.x0 * scaleX);
    const shrunk = Math.round((stripe.x1 - stripe.x0) * scaleX);
    const top = Math.floor(stripe.y0 * scaleY);
    const bottom = Math.min(out.height, Math.ceil((stripe.y1 + 1) * scaleY));
    const wanted = stripe.module * scaleX;
    const up = Math.ceil(wanted);
    const down = Math.max(1, Math.floor(wanted));
    // Room to the right for the wider barcode and a quiet zone of two modules.
    const k = up <= Math.round(stripe.module) && clear(out, left + shrunk, left + total * up + 2 * up, top, bottom) ? up : down;
    const width = total * k;
    const start = width >= shrunk ? left : left + ((shrunk - width) >> 1);
    paintRows(out, left, Math.max(left + shrunk, start + width), top, bottom, stripe.modules, start, k);
  }
}

function clear(out: Raster, from: number, to: number, top: number, bottom: number): boolean {
  if (to > out.width) return false;
  for (let y = top; y < bottom; y += 1) {
    const row = y * out.bytesPerRow;
    for (let x = from; x < to; x += 1) if (out.data[row + (x >> 3)]! & (0x80 >> (x & 7))) return false;
  }
  return true;
}

function paintRows(out: Raster, clearFrom: number, clearTo: number, top: number, bottom: number, modules: readonly number[], start: number, k: number): void {
  for (let y = top; y < bottom; y += 1) {
    const row = y * out.bytesPerRow;
    for (let x = clearFrom; x < clearTo && x < out.width; x += 1) out.data[row + (x >> 3)] = out.data[row + (x >> 3)]! & ~(0x80 >> (x & 7));
    let x = start;
    modules.forEach((m, i) => {
      const end = x + m * k;
      if (i % 2 === 0) for (let p = x; p < end && p < out.width; p += 1) out.data[row + (p >> 3)] = out.data[row + (p >> 3)]! | (0x80 >> (p & 7));
      x = end;
    });
  }
}
