import { mediaDots, type LabelRotation, type MediaSize, type PrinterDpi, type PrinterLanguage } from '../../shared/domain/printing';
import { encodeRaster } from './lang';
import { decodeLabelPng } from './raster/decode';
import { fitLabel, type FitResult } from './raster/fit';
import { createRaster, paint, type Raster } from './raster/raster';

/** The parts of a printer profile that shape the printer bytes. */
export interface LabelSettings {
  readonly language: PrinterLanguage;
  readonly dpi: PrinterDpi;
  readonly media: MediaSize;
  readonly darkness: number | null;
  readonly offsetX: number;
  readonly offsetY: number;
  /** The profile's forced turn; absent or 'auto' lets the label's barcodes decide. */
  readonly rotation?: LabelRotation;
}

export interface ConvertedLabel {
  readonly bytes: Buffer;
  readonly raster: Raster;
  readonly fit: FitResult;
}

/**
 * PNG bytes to the media's raster. ZPL, EPL and TSPL place the graphic at a
 * non-negative position themselves, so only negative offsets (label too far
 * right or low) move the raster's content; ESC/POS has no position at all, so
 * every offset moves the content there.
 */
export function labelRaster(
  png: Uint8Array,
  settings: Pick<LabelSettings, 'dpi' | 'media' | 'offsetX' | 'offsetY' | 'rotation'> & { language?: PrinterLanguage },
): { raster: Raster; fit: FitResult } {
  const { width, height } = mediaDots(settings.media, settings.dpi);
  const fit = fitLabel(decodeLabelPng(png), width, height, { rotation: settings.rotation ?? 'auto' });
  const positioned = settings.language === 'escpos';
  const dx = positioned ? settings.offsetX : Math.min(0, settings.offsetX);
  const dy = positioned ? settings.offsetY : Math.min(0, settings.offsetY);
  return { raster: shift(fit.raster, dx, dy), fit };
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

function shift(raster: Raster, dx: number, dy: number): Raster {
  if (dx === 0 && dy === 0) return raster;
  const shifted = createRaster(raster.width, raster.height);
  paint(shifted, raster, dx, dy);
  return shifted;
}
