import type { DecodedLabel } from './decode';
import { padCrop, rasterToGray, resampleGray, rotateGrayClockwise, rotateRasterClockwise } from './geometry';
import type { Raster } from './raster';
import { looksLikeGrayArt, toneGray, type ToneMode } from './tone';

export interface FitResult {
  readonly raster: Raster;
  readonly rotated: boolean;
  /** 1 when the label was only padded or cropped. */
  readonly scale: number;
  readonly dithered: boolean;
}

/**
 * Renderers round (813x1220 for a 4x6 at 8 dots/mm), and Zebra's "300 dpi" is
 * 304.8: a label within this share of the media is padded or cropped, never
 * resampled, so its bars keep their exact widths.
 */
const SAME_SIZE_TOLERANCE = 0.03;

/** Puts a decoded label on the media: rotate when orientations differ, resample only for real resolution changes. */
export function fitLabel(label: DecodedLabel, width: number, height: number, tone: ToneMode = 'auto'): FitResult {
  const sourceWidth = label.kind === 'bits' ? label.raster.width : label.image.width;
  const sourceHeight = label.kind === 'bits' ? label.raster.height : label.image.height;
  const rotated = sourceWidth !== sourceHeight && width !== height && sourceWidth > sourceHeight !== width > height;
  const [w, h] = rotated ? [sourceHeight, sourceWidth] : [sourceWidth, sourceHeight];
  const fitting = Math.min(width / w, height / h);
  // A small image (a QR code for drop-off) grows by a whole factor, so every module stays the same width.
  const scale = fitting >= 2 ? Math.floor(fitting) : fitting;

  if (Math.abs(scale - 1) <= SAME_SIZE_TOLERANCE) {
    const toned = label.kind === 'bits' ? { raster: label.raster, dithered: false } : toneGray(label.image, tone);
    const upright = rotated ? rotateRasterClockwise(toned.raster) : toned.raster;
    return { raster: padCrop(upright, width, height), rotated, scale: 1, dithered: toned.dithered };
  }
  // Art is judged at the source resolution: resampling blurs sharp edges into gray.
  const art = label.kind === 'gray' && (tone === 'dither' || (tone === 'auto' && looksLikeGrayArt(label.image)));
  const gray = label.kind === 'bits' ? rasterToGray(label.raster) : label.image;
  const turned = rotated ? rotateGrayClockwise(gray) : gray;
  const resized = resampleGray(turned, Math.max(1, Math.round(w * scale)), Math.max(1, Math.round(h * scale)));
  const toned = toneGray(resized, art ? 'dither' : 'threshold');
  return { raster: padCrop(toned.raster, width, height), rotated, scale, dithered: toned.dithered };
}
