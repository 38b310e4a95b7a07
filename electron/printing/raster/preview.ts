import { PNG } from 'pngjs';
import type { Raster } from './raster';

/** Renders a raster as an 8-bit gray PNG (pngjs writes no 1-bit files); for previews and the virtual printer. */
export function rasterToPng(raster: Raster): Buffer {
  const png = new PNG({ width: raster.width, height: raster.height, colorType: 0, inputColorType: 0, inputHasAlpha: false });
  const gray = Buffer.alloc(raster.width * raster.height, 255);
  for (let y = 0; y < raster.height; y += 1) {
    const row = y * raster.bytesPerRow;
    const o = y * raster.width;
    for (let x = 0; x < raster.width; x += 1) if (raster.data[row + (x >> 3)]! & (0x80 >> (x & 7))) gray[o + x] = 0;
  }
  png.data = gray;
  return PNG.sync.write(png, { colorType: 0, inputColorType: 0, inputHasAlpha: false });
}
