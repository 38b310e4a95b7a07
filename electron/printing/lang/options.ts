import type { MediaSize, PrinterDpi } from '../../../shared/domain/printing';

/** What every encoder needs from the printer profile. */
export interface EncodeOptions {
  readonly dpi: PrinterDpi;
  readonly media: MediaSize;
  /** Relative darkness 0-100 %, or null to leave the printer's own setting. */
  readonly darkness: number | null;
  /** Non-negative shift in dots; the pipeline folds negative offsets into the raster. */
  readonly offsetX: number;
  readonly offsetY: number;
  readonly copies?: number;
}

export const defaultEncodeOptions: EncodeOptions = { dpi: 203, media: '4x6', darkness: null, offsetX: 0, offsetY: 0 };
