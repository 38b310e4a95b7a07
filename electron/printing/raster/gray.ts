/**
 * An 8-bit luminance image already composited on white: 0 = black, 255 =
 * white. Pixel (x, y) is data[offset + y * stride + x], so a PNG's own
 * un-filtered 8-bit gray scanlines can be used in place, without a copy.
 */
export interface GrayImage {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
  readonly offset: number;
  readonly stride: number;
}

export function grayImage(width: number, height: number, data: Uint8Array = new Uint8Array(width * height)): GrayImage {
  return { width, height, data, offset: 0, stride: width };
}

/** The pixels as one tight array (for tests and tools). */
export function grayPixels(image: GrayImage): Uint8Array {
  if (image.offset === 0 && image.stride === image.width) return image.data.subarray(0, image.width * image.height);
  const out = new Uint8Array(image.width * image.height);
  for (let y = 0; y < image.height; y += 1) out.set(image.data.subarray(image.offset + y * image.stride, image.offset + y * image.stride + image.width), y * image.width);
  return out;
}

/** Rec. 601 luma in fixed point: fast and close enough for label art. */
export function luma(r: number, g: number, b: number): number {
  return (r * 77 + g * 150 + b * 29 + 128) >> 8;
}

/** Composites a luminance over white: what the label would look like on paper stock. */
export function overWhite(value: number, alpha: number): number {
  return 255 - (((255 - value) * alpha + 127) / 255 | 0);
}
