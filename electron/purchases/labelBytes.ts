import { StationFailure } from '../../shared/contract/errors';
import { readPngChunks } from '../printing/raster/png';

/**
 * Why these label bytes are not a PNG the station can print (its signature
 * and header must read), in the operator's words; null when they are one.
 * Checked before a label is stored, written to a file or printed.
 */
export function labelPngProblem(bytes: Uint8Array): string | null {
  try {
    readPngChunks(bytes);
    return null;
  } catch (error) {
    if (error instanceof StationFailure) return error.error.message;
    throw error;
  }
}
