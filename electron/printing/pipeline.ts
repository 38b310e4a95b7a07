import { mediaDots, type MediaSize, type PrinterDpi, type PrinterLanguage } from '../../shared/domain/printing';
import { encodeRaster } from './lang';
import { paint } from './lang/zpl';
import { decodeLabelPng } from './raster/decode';
import { fitLabel, type FitResult } from './raster/fit';
import { createRaster, type Raster } from './raster/raster';

/** The parts of a printer profile that shape the printer bytes. */
export interface LabelSettings {
  readonly language: PrinterLanguage;
  readonly dpi: PrinterDpi;
  readonly media: MediaSize;
  readonly darkness: number | null;
  readonly offsetX: number;
  readonly offsetY: number;
}

export interface ConvertedLabel {
  readonly bytes: Buffer;
  readonly raster: Raster;
  readonly fit: FitResult;
}

/** PNG bytes to the media's raster, offsets applied. Throws bad_label for anything that is not a PNG. */
export function labelRaster(png: Uint8Array, settings: Pick<LabelSettings, 'dpi' | 'media' | 'offsetX' | 'offsetY'>): { raster: Raster; fit: FitResult } {
  const { width, height } = mediaDots(settings.media, settings.dpi);
  const fit = fitLabel(decodeLabelPng(png), width, height);
  return { raster: shiftBack(fit.raster, settings.offsetX, settings.offsetY), fit };
}

/** The whole hot path: PNG to the bytes a printer takes. */
export async function convertLabel(png: Uint8Array, settings: LabelSettings): Promise<ConvertedLabel> {
  const { raster, fit } = labelRaster(png, settings);
  const bytes = await encodeRaster(settings.language, raster, {
    dpi: settings.dpi,
    media: settings.media,
    darkness: settings.darkness,
    offsetX: Math.max(0, settings.offsetX),
    offsetY: Math.max(0, settings.offsetY),
  });
  return { bytes, raster, fit };
}

/**
 * Languages place graphics at non-negative positions only; a negative offset
 * (label printing too far right or low) moves the raster's content instead.
 */
function shiftBack(raster: Raster, offsetX: number, offsetY: number): Raster {
  if (offsetX >= 0 && offsetY >= 0) return raster;
  const shifted = createRaster(raster.width, raster.height);
  paint(shifted, raster, Math.min(0, offsetX), Math.min(0, offsetY));
  return shifted;
}
