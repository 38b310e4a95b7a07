/**
 * Pure facts about label printers: languages, head resolutions and media.
 * Shared by the main process (encoding) and the renderer (profile forms).
 */
export const printerLanguages = ['zpl', 'epl', 'tspl', 'escpos'] as const;
export type PrinterLanguage = (typeof printerLanguages)[number];

export const printerDpis = [203, 300] as const;
export type PrinterDpi = (typeof printerDpis)[number];

export const mediaSizes = ['4x6', '4x8', '2x7'] as const;
export type MediaSize = (typeof mediaSizes)[number];

/**
 * How a label image is turned onto the media. 'auto' reads the turn from the
 * label's barcodes (and turns a landscape label clockwise when they say
 * nothing); the others force one turn for a printer whose labels come out wrong.
 */
export const labelRotations = ['auto', 'none', 'clockwise', 'upside-down', 'counterclockwise'] as const;
export type LabelRotation = (typeof labelRotations)[number];

export const languageNames: Readonly<Record<PrinterLanguage, string>> = {
  zpl: 'ZPL II (Zebra)',
  epl: 'EPL2 (older Zebra/Eltron)',
  tspl: 'TSPL (Rollo, TSC, MUNBYN)',
  escpos: 'ESC/POS (receipt printers)',
};

/** Width and height in inches, portrait. */
export const mediaInches: Readonly<Record<MediaSize, { readonly width: number; readonly height: number }>> = {
  '4x6': { width: 4, height: 6 },
  '4x8': { width: 4, height: 8 },
  '2x7': { width: 2, height: 7 },
};

/**
 * Dots per millimetre of a head. Zebra's "203 dpi" is 8 dots/mm and its
 * "300 dpi" is 12 dots/mm (304.8 dpi), so a 4 inch head at "300" is 1219 dots.
 */
export function dotsPerMm(dpi: PrinterDpi): number {
  return dpi === 203 ? 8 : 12;
}

/** Printable dots for an inch length; 203 dpi rounds the way renderers do (4x6 = 812x1218). */
export function inchesToDots(inches: number, dpi: PrinterDpi): number {
  return dpi === 203 ? Math.floor(inches * 203) : Math.floor(inches * 25.4 * dotsPerMm(dpi));
}

export function mediaDots(media: MediaSize, dpi: PrinterDpi): { readonly width: number; readonly height: number } {
  const size = mediaInches[media];
  return { width: inchesToDots(size.width, dpi), height: inchesToDots(size.height, dpi) };
}

/** Relative darkness 0-100 % mapped onto a language's own scale (ZPL 0-30, EPL/TSPL 0-15). */
export function darknessLevel(percent: number, language: PrinterLanguage): number {
  const clamped = Math.min(100, Math.max(0, percent));
  return Math.round((clamped * (language === 'zpl' ? 30 : 15)) / 100);
}
