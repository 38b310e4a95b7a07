import { grayPng } from './pngWrite';
import type { Raster } from './raster';

/**
 * A raster as a 1-bit grayscale PNG (pngjs writes only 8 and 16 bits): what a
 * thermal label is, a tenth of the size of 8-bit gray, and decoded back
 * byte for byte by the pipeline's 1-bit path. In PNG gray a 1 bit is white.
 */
export function rasterToPng(raster: Raster): Buffer {
  const n = raster.bytesPerRow;
  const lines = Buffer.alloc((n + 1) * raster.height);
  for (let y = 0; y < raster.height; y += 1) {
    const o = y * (n + 1) + 1;
    for (let i = 0; i < n; i += 1) lines[o + i] = ~raster.data[y * n + i]! & 0xff;
  }
  return grayPng(raster.width, raster.height, 1, lines);
}
