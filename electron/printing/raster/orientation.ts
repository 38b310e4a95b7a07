import type { Raster } from './raster';
import type { QuarterTurns } from './turn';

/**
 * Which way a label reads, from the ends of its barcodes. A barcode's start
 * and stop patterns differ, so each scanline that crosses one tells both its
 * axis and its direction: Code 128 starts 2-1-1-(4|2)-... and its stop ends
 * ...-1-1-2 with a 2-module termination bar; PDF417 starts with an 8-module
 * bar and stops ...-1-2-1. Every end found with a quiet zone beyond it votes;
 * text alone casts no vote.
 */
const START_ENDS: readonly (readonly number[])[] = [
  [2, 1, 1, 4, 1, 2],
  [2, 1, 1, 2, 1, 4],
  [2, 1, 1, 2, 3, 2],
  [8, 1, 1, 1, 1, 1, 1, 3],
];
/** Stop patterns read from their outer end inwards. */
const STOP_ENDS: readonly (readonly number[])[] = [
  [2, 1, 1, 1, 3, 3, 2],
  [1, 2, 1, 1, 1, 3, 1, 1, 7],
];
/** How far a run may stray from its module count (pixels round, renderers anti-alias). */
const TOLERANCE = 0.5;
/** Quiet zones are 10 modules by the specs; labels crowd them, so half of that is asked. */
const QUIET_MODULES = 5;
/** Narrower modules than this (pixels) are noise, not a barcode. */
const MIN_MODULE = 0.8;
/** Barcodes are at least a quarter inch tall, so every 6th line crosses each one many times. */
const SCAN_STEP = 6;
/** Votes needed, and the lead over the next direction, before the content decides. */
const MIN_VOTES = 4;
const LEAD = 3;

/** Votes per reading direction: index = the clockwise quarter turns that make it upright. */
export type DirectionVotes = [number, number, number, number];

/** The turn that makes the label's barcodes read left to right, or null when they do not say. */
export function uprightTurns(raster: Raster): QuarterTurns | null {
  return decisive(directionVotes(raster));
}

function decisive(votes: DirectionVotes): QuarterTurns | null {
  let best = 0;
  for (let i = 1; i < 4; i += 1) if (votes[i]! > votes[best]!) best = i;
  const runnerUp = Math.max(...votes.filter((_, i) => i !== best));
  if (votes[best]! < MIN_VOTES || votes[best]! < runnerUp * LEAD) return null;
  return best as QuarterTurns;
}

export function directionVotes(raster: Raster): DirectionVotes {
  const votes: DirectionVotes = [0, 0, 0, 0];
  const runs = new Int32Array(Math.max(raster.width, raster.height) + 2);
  const n = raster.bytesPerRow;
  const data = raster.data;
  for (let y = 0; y < raster.height; y += SCAN_STEP) {
    const count = scanRuns(runs, data, y * n, 1, raster.width);
    // Reading left to right is upright; right to left means the label is upside down.
    voteLine(runs, count, votes, 0, 2);
  }
  // Most labels arrive upright or upside down: their rows decide, and the slower column scan is spared.
  if (decisive(votes) !== null) return votes;
  for (let x = 0; x < raster.width; x += SCAN_STEP) {
    const count = scanRuns(runs, data, x >> 3, n, raster.height, 7 - (x & 7));
    // Reading top to bottom: the label was turned clockwise, so it turns back three quarters; bottom to top: one quarter.
    voteLine(runs, count, votes, 3, 1);
  }
  return votes;
}

/**
 * Run lengths along a row (bit = -1: whole bytes, 8 dots each, skipping
 * plain white or black bytes) or a column (one bit of every `step`-th byte),
 * starting with a possibly empty white run; returns how many.
 */
function scanRuns(runs: Int32Array, data: Uint8Array, start: number, step: number, length: number, bit = -1): number {
  let count = 0;
  let colour = 0;
  let run = 0;
  if (bit >= 0) {
    for (let i = 0, at = start; i < length; i += 1, at += step) {
      const b = (data[at]! >> bit) & 1;
      if (b === colour) run += 1;
      else {
        runs[count++] = run;
        colour = b;
        run = 1;
      }
    }
  } else {
    for (let i = 0; i < length; i += 8) {
      const byte = data[start + (i >> 3)]!;
      const bits = Math.min(8, length - i);
      if ((byte === 0 && colour === 0) || (byte === 0xff && colour === 1)) {
        run += bits;
        continue;
      }
      for (let k = 0; k < bits; k += 1) {
        const b = (byte >> (7 - k)) & 1;
        if (b === colour) run += 1;
        else {
          runs[count++] = run;
          colour = b;
          run = 1;
        }
      }
    }
  }
  runs[count++] = run;
  return count;
}

/** Black runs sit at odd indexes. */
function voteLine(runs: Int32Array, count: number, votes: DirectionVotes, forward: number, backward: number): void {
  for (let i = 1; i < count; i += 2) {
    // A left (or top) end: a black run after a quiet zone, read onwards.
    if (endsHere(runs, count, i, 1, START_ENDS)) votes[forward] = votes[forward]! + 1;
    else if (endsHere(runs, count, i, 1, STOP_ENDS)) votes[backward] = votes[backward]! + 1;
    // A right (or bottom) end: read backwards.
    if (endsHere(runs, count, i, -1, STOP_ENDS)) votes[forward] = votes[forward]! + 1;
    else if (endsHere(runs, count, i, -1, START_ENDS)) votes[backward] = votes[backward]! + 1;
  }
}

function endsHere(runs: Int32Array, count: number, at: number, step: 1 | -1, patterns: readonly (readonly number[])[]): boolean {
  const quiet = at - step;
  // The image edge is as good as a quiet zone: trimming puts barcodes right at it.
  const beyond = quiet <= 0 || quiet >= count - 1 ? Infinity : runs[quiet]!;
  // Most runs (text strokes) fail here, before any pattern is summed: a
  // module is at least MIN_MODULE, and the first run, within TOLERANCE of its
  // module count, bounds the module from below too.
  if (beyond < QUIET_MODULES * MIN_MODULE) return false;
  const first = runs[at]!;
  for (const pattern of patterns) {
    if (beyond * (pattern[0]! + TOLERANCE) * (1 + 1e-9) < QUIET_MODULES * first) continue;
    const last = at + step * (pattern.length - 1);
    if (last < 1 || last > count - 1) continue;
    let sum = 0;
    let modules = 0;
    for (let k = 0; k < pattern.length; k += 1) {
      sum += runs[at + step * k]!;
      modules += pattern[k]!;
    }
    const module = sum / modules;
    if (module < MIN_MODULE || beyond < QUIET_MODULES * module) continue;
    let ok = true;
    for (let k = 0; k < pattern.length && ok; k += 1) ok = Math.abs(runs[at + step * k]! / module - pattern[k]!) <= TOLERANCE;
    if (ok) return true;
  }
  return false;
}
