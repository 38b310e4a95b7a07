import type { PrinterLanguage } from '../../../shared/domain/printing';
import type { Raster } from '../raster/raster';
import { decodeEpl, encodeEpl } from './epl';
import { decodeEscpos, encodeEscpos } from './escpos';
import type { EncodeOptions } from './options';
import { decodeTspl, encodeTspl } from './tspl';
import { decodeZpl, encodeZpl } from './zpl';

export type { EncodeOptions } from './options';

/** A full-label raster in a printer's own language. */
export async function encodeRaster(language: PrinterLanguage, raster: Raster, options: EncodeOptions): Promise<Buffer> {
  switch (language) {
    case 'zpl':
      return encodeZpl(raster, options);
    case 'epl':
      return encodeEpl(raster, options);
    case 'tspl':
      return encodeTspl(raster, options);
    case 'escpos':
      return encodeEscpos(raster);
  }
}

/** Printer bytes we produced, back to what the printer will print. `size` (dots) fills in what a language leaves unsaid. */
export function decodePrinterBytes(language: PrinterLanguage, bytes: Uint8Array, size?: { width: number; height: number }): Raster {
  switch (language) {
    case 'zpl':
      return decodeZpl(bytes);
    case 'epl':
      return decodeEpl(bytes, size);
    case 'tspl':
      return decodeTspl(bytes, size);
    case 'escpos':
      return decodeEscpos(bytes, size);
  }
}
