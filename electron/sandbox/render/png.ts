/**
 * Label artwork as PNG in the two formats labels need: 1-bit grayscale (what
 * a thermal label is) and 8-bit grayscale (sample art with anti-aliasing).
 */
import { grayPng } from '../../printing/raster/pngWrite';
import type { Bitmap } from './bitmap';

/**
 * 1-bit grayscale PNG of a 0/1 bitmap. In PNG gray a set bit is white, so
 * label ink (1) becomes a cleared bit.
 */
export function encodePng1(bitmap: Bitmap): Buffer {
  const { width, height, data } = bitmap;
  const stride = Math.ceil(width / 8);
  const whole = width >> 3;
  const out = new Uint8Array((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    let o = y * (stride + 1) + 1;
    let i = y * width;
    // Unrolled: ink is exactly 0 or 1, so eight pixels pack with shifts and one inversion.
    for (let xb = 0; xb < whole; xb++, i += 8) {
      const ink =
        ((data[i] as number) << 7) |
        ((data[i + 1] as number) << 6) |
        ((data[i + 2] as number) << 5) |
        ((data[i + 3] as number) << 4) |
        ((data[i + 4] as number) << 3) |
        ((data[i + 5] as number) << 2) |
        ((data[i + 6] as number) << 1) |
        (data[i + 7] as number);
      out[o++] = ~ink & 0xff;
    }
    if (whole < stride) {
      // Padding bits past the right edge stay white, so code that copies rows verbatim prints nothing there.
      let ink = 0;
      for (let bit = 0; bit < width - whole * 8; bit++) ink |= (data[i + bit] as number) << (7 - bit);
      out[o] = ~ink & 0xff;
    }
  }
  return grayPng(width, height, 1, out);
}

/** 8-bit grayscale PNG of a bitmap holding darkness 0 (white) .. 255 (black). */
export function encodePngGray8(bitmap: Bitmap): Buffer {
  const { width, height, data } = bitmap;
  const out = new Uint8Array((width + 1) * height);
  for (let y = 0; y < height; y++) {
    const rowOut = y * (width + 1) + 1;
    const rowIn = y * width;
    for (let x = 0; x < width; x++) out[rowOut + x] = 255 - (data[rowIn + x] ?? 0);
  }
  return grayPng(width, height, 8, out);
}
