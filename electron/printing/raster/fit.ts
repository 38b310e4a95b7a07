import { fail } from '../../../shared/contract/errors';
import type { LabelWarning } from '../../../shared/contract/printing';
import type { LabelRotation } from '../../../shared/domain/printing';
import type { DecodedLabel } from './decode';
import { padCrop, resampleBits, resampleGray } from './geometry';
import { labelBlock } from './labelBlock';
import { findBarcodeStripes, snapBarcodes } from './barSnap';
import { uprightTurns } from './orientation';
import type { Raster } from './raster';
import { finishTone, thresholdGray, toneGray, type ToneMode } from './tone';
import { cropGray, cropRaster, rasterInk, type InkBox } from './trim';
import { addTurns, turnRaster, type QuarterTurns } from './turn';

export interface FitResult {
  readonly raster: Raster;
  /** Clockwise quarter turns applied to the image. */
  readonly turns: QuarterTurns;
  readonly rotated: boolean;
  /** What decided the turn: the barcodes' reading direction, the label's shape alone, or the printer profile. */
  readonly turnedBy: 'barcodes' | 'shape' | 'profile';
  /** 1 when the label's pixels were placed as they are. */
  readonly scale: number;
  readonly dithered: boolean;
  readonly warnings: readonly LabelWarning[];
}

export interface FitOptions {
  readonly tone?: ToneMode;
  readonly rotation?: LabelRotation;
}

/**
 * Renderers round (813x1220 for a 4x6 at 8 dots/mm), and Zebra's "300 dpi" is
 * 304.8: an image within this share of the media is placed 1:1, never
 * resampled up, so its bars keep their exact widths.
 */
const SAME_SIZE_TOLERANCE = 0.03;
/** Below this the operator is told: barcodes shrunk further often stop scanning. */
const WARN_SCALE = 0.9;
/** Shrunk further than this to fit, an image is a page that may hold more than the label. */
const PAGE_SCALE = 0.75;
/** Fewer black dots than this share of the media is not a label. */
const BLANK_SHARE = 0.001;
/** The smallest image that can hold a barcode (a 21-module QR code needs 21). */
const MIN_SIDE = 16;

const ROTATION_TURNS: Readonly<Record<Exclude<LabelRotation, 'auto'>, QuarterTurns>> = { none: 0, clockwise: 1, 'upside-down': 2, counterclockwise: 3 };

/**
 * Puts a decoded label on the media: cut away the blank paper around it,
 * turn it so its barcodes read left to right, and place it 1:1 whenever the
 * media allows. It is resampled only for a real resolution change or to
 * shrink a label that would not fit, never cropped.
 */
export function fitLabel(label: DecodedLabel, width: number, height: number, options: FitOptions = {}): FitResult {
  const tone = options.tone ?? 'auto';
  const sourceWidth = label.kind === 'bits' ? label.raster.width : label.image.width;
  const sourceHeight = label.kind === 'bits' ? label.raster.height : label.image.height;
  if (sourceWidth < MIN_SIDE || sourceHeight < MIN_SIDE) {
    fail('bad_label', `The label image is only ${sourceWidth}x${sourceHeight} pixels, too small to hold a label. Download or buy the label again; nothing was printed.`);
  }
  // At the source resolution the pixels are sharpest: the turn is read there, and a 1:1 label keeps these very bits.
  // Thresholded only: art is judged (and dithered) on the pixels that print, so a label that is resampled is judged once, after.
  const thresholded = label.kind === 'bits' ? { raster: label.raster, midRows: [] } : thresholdGray(label.image);
  // The box around every dot that prints: paper-white and faint gray outside it may go, nothing black.
  const inkedPage = rasterInk(thresholded.raster);
  if (!inkedPage) fail('bad_label', 'The label image is blank: there is nothing on it to print. Download or buy the label again; nothing was printed.');
  // A whole page (a label beside a receipt) is cut down to the label first.
  const pageFit = Math.max(Math.min(width / inkedPage.width, height / inkedPage.height), Math.min(width / inkedPage.height, height / inkedPage.width));
  const ink = pageFit < PAGE_SCALE ? labelBlock(thresholded.raster, inkedPage) : inkedPage;
  const inked = cropRaster(thresholded.raster, ink);
  const { turns, turnedBy } = chooseTurns(inked, width, height, options.rotation ?? 'auto');
  const odd = (turns & 1) === 1;
  const [fullW, fullH] = odd ? [sourceHeight, sourceWidth] : [sourceWidth, sourceHeight];
  const [inkW, inkH] = odd ? [ink.height, ink.width] : [ink.width, ink.height];
  const scale = chooseScale(Math.min(width / fullW, height / fullH), Math.min(width / inkW, height / inkH));

  const warnings: LabelWarning[] = [];
  // A whole image of the media's shape shrunk is a finer resolution (300 dpi onto 203), the same physical size.
  const sameShape = Math.abs(fullW / fullH / (width / height) - 1) <= SAME_SIZE_TOLERANCE;
  if (scale < WARN_SCALE && !(sameShape && scale === Math.min(width / fullW, height / fullH))) {
    warnings.push({ kind: 'scaled_down', message: `This label is larger than the printer's labels and was printed at ${Math.round(scale * 100)} % of its size. Check that its barcodes scan, or print it on larger labels.` });
  }
  if (ink.blackPixels * scale * scale < width * height * BLANK_SHARE) {
    warnings.push({ kind: 'looks_blank', message: 'This label looks blank: there is almost no ink on it. Check the label before it goes on a parcel.' });
  }

  if (scale === 1) {
    const final = label.kind === 'bits' ? { raster: label.raster, dithered: false } : finishTone(label.image, thresholded, tone);
    // A label cut from a page is exactly its block: the window must not reach into the receipt beside it.
    const window = ink === inkedPage ? mediaWindow(ink, sourceWidth, sourceHeight, odd ? height : width, odd ? width : height) : ink;
    return { raster: padCrop(turnRaster(cropRaster(final.raster, window), turns), width, height), turns, rotated: turns !== 0, turnedBy, scale, dithered: final.dithered, warnings };
  }
  const gray = label.kind === 'bits' ? null : cropGray(label.image, ink);
  const outW = Math.min(width, Math.max(1, Math.round(inkW * scale)));
  const outH = Math.min(height, Math.max(1, Math.round(inkH * scale)));
  // Resampled before the turn, so only the smaller image is turned, and as bits.
  const [resizedW, resizedH] = odd ? [outH, outW] : [outW, outH];
  const resized = gray ? resampleGray(gray, resizedW, resizedH) : resampleBits(inked, resizedW, resizedH);
  // Judged after resampling: a halftone shrunk becomes a gray area to dither, while bars stay sharp-edged and are thresholded.
  const retoned = toneGray(resized, tone);
  // Shrunk hard, fine bars fall under two dots: each barcode is drawn again with whole dots per module.
  if (warnings.some((w) => w.kind === 'scaled_down')) {
    const stripes = findBarcodeStripes(inked, gray);
    snapBarcodes(retoned.raster, stripes, retoned.raster.width / inked.width, retoned.raster.height / inked.height);
  }
  return { raster: padCrop(turnRaster(retoned.raster, turns), width, height), turns, rotated: turns !== 0, turnedBy, scale, dithered: retoned.dithered, warnings };
}

/**
 * The media-sized part of the image a 1:1 label prints: all of an image that
 * fits, else the window nearest the top left that still holds all the ink, so
 * the label keeps its own layout and renderer rounding is cut from the edges.
 */
function mediaWindow(ink: InkBox, sourceWidth: number, sourceHeight: number, mediaWidth: number, mediaHeight: number): InkBox {
  const x = Math.max(0, ink.x + ink.width - mediaWidth);
  const y = Math.max(0, ink.y + ink.height - mediaHeight);
  return { x, y, width: Math.min(mediaWidth, sourceWidth - x), height: Math.min(mediaHeight, sourceHeight - y), blackPixels: ink.blackPixels };
}

/**
 * `fitFull` fits the whole image, `fitInk` only its inked part. A whole
 * image that fits the media (a 4x6 label on 4x6 stock, 813x1220 included)
 * prints 1:1; a small one grows with its own resolution (203 dpi on a 300 dpi
 * head), by whole factors when it is tiny; a large one shrinks only as far
 * as its ink needs.
 */
function chooseScale(fitFull: number, fitInk: number): number {
  if (fitFull >= 2) return Math.floor(fitFull);
  if (fitFull > 1 + SAME_SIZE_TOLERANCE) return Math.min(fitFull, fitInk);
  return Math.min(1, fitInk);
}

function chooseTurns(bits: Raster, width: number, height: number, rotation: LabelRotation): { turns: QuarterTurns; turnedBy: FitResult['turnedBy'] } {
  if (rotation !== 'auto') return { turns: ROTATION_TURNS[rotation], turnedBy: 'profile' };
  const read = uprightTurns(bits);
  const upright = read ?? 0;
  const [w, h] = (upright & 1) === 1 ? [bits.height, bits.width] : [bits.width, bits.height];
  // A label that is landscape once upright goes on portrait media turned clockwise (and the reverse).
  const sideways = w !== h && width !== height && w > h !== width > height;
  return { turns: addTurns(upright, sideways ? 1 : 0), turnedBy: read === null ? 'shape' : 'barcodes' };
}
