import { directionVotes } from './orientation';
import { cropRaster, rasterInk, type InkBox } from './trim';
import type { Raster } from './raster';

/** A cut line: at least this many dashes... */
const MIN_DASHES = 20;
/** ...across at least this share of the inked width... */
const MIN_SPAN = 0.6;
/** ...every dash and every gap within this share of the typical one (text and bars vary far more). */
const DASH_SPREAD = 0.35;
/** Parts thinner than this share of the page are the margins beside a cut line, not a label. */
const MIN_PART = 0.15;

/**
 * Pages that carry a label and something else (a receipt, instructions)
 * mark where to cut with a dashed line across the page. When the whole page
 * would have to shrink hard to fit the media, the page is cut at such lines
 * and the part whose barcodes the label's are (the most barcode ends) is
 * the label; a page without cut lines, or whose parts hold no barcode, is
 * kept whole. Returns the inked box of the part, in page coordinates.
 */
export function labelBlock(page: Raster, ink: InkBox): InkBox {
  const cuts = dashedRows(page, ink);
  if (cuts.length === 0) return ink;
  const parts: Array<{ y: number; height: number }> = [];
  let top = ink.y;
  for (const cut of [...cuts, { from: ink.y + ink.height, to: ink.y + ink.height }]) {
    if (cut.from - top >= ink.height * MIN_PART) parts.push({ y: top, height: cut.from - top });
    top = cut.to + 1;
  }
  let best: InkBox | null = null;
  let bestVotes = 0;
  for (const part of parts) {
    const box = { x: ink.x, y: part.y, width: ink.width, height: part.height, blackPixels: 0 };
    const crop = cropRaster(page, box);
    const votes = directionVotes(crop).reduce((a, b) => a + b, 0);
    const partInk = rasterInk(crop);
    if (!partInk || votes <= bestVotes) continue;
    bestVotes = votes;
    best = { ...partInk, x: partInk.x + box.x, y: partInk.y + box.y };
  }
  return best ?? ink;
}

/** Colour changes between neighbouring bits inside each byte value. */
const CHANGES = Uint8Array.from({ length: 256 }, (_, v) => {
  let n = 0;
  for (let k = 0; k < 7; k += 1) if (((v >> k) & 1) !== ((v >> (k + 1)) & 1)) n += 1;
  return n;
});

/** The dashed cut lines inside the ink box, each as its first and last row. */
function dashedRows(page: Raster, ink: InkBox): Array<{ from: number; to: number }> {
  const rows: Array<{ from: number; to: number }> = [];
  const runs: number[] = [];
  for (let y = ink.y; y < ink.y + ink.height; y += 1) {
    const row = y * page.bytesPerRow;
    // A cut line changes colour twice per dash: most rows are ruled out byte by byte, before any bit is looked at.
    let changes = 0;
    let previous = 0;
    for (let b = ink.x >> 3, end = (ink.x + ink.width - 1) >> 3; b <= end; b += 1) {
      const byte = page.data[row + b]!;
      changes += CHANGES[byte]! + ((byte >> 7) !== previous ? 1 : 0);
      previous = byte & 1;
    }
    if (changes < MIN_DASHES * 2) continue;
    runs.length = 0;
    let colour = 0;
    let run = 0;
    let first = -1;
    let last = -1;
    for (let x = ink.x; x < ink.x + ink.width; x += 1) {
      const bit = (page.data[row + (x >> 3)]! >> (7 - (x & 7))) & 1;
      if (bit === colour) {
        run += 1;
        continue;
      }
      if (colour === 1 || first >= 0) runs.push(run);
      if (bit === 1 && first < 0) first = x;
      if (bit === 0) last = x;
      colour = bit;
      run = 1;
    }
    if (colour === 1) {
      runs.push(run);
      last = ink.x + ink.width;
    }
    // runs: dash, gap, dash, gap, ... (a trailing gap after the last dash is not counted)
    if (runs.length < MIN_DASHES * 2 - 1 || last - first < ink.width * MIN_SPAN) continue;
    if (!regular(runs, 0) || !regular(runs, 1)) continue;
    const line = rows[rows.length - 1];
    if (line && line.to === y - 1) line.to = y;
    else rows.push({ from: y, to: y });
  }
  return rows;
}

/** Whether every other run from `start` (the dashes, or the gaps) is within DASH_SPREAD of their median. */
function regular(runs: readonly number[], start: number): boolean {
  const picked: number[] = [];
  for (let i = start; i < runs.length; i += 2) picked.push(runs[i]!);
  const sorted = [...picked].sort((a, b) => a - b);
  const median = sorted[sorted.length >> 1]!;
  return picked.every((r) => Math.abs(r - median) <= Math.max(1, median * DASH_SPREAD));
}
