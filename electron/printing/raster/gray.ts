/** An 8-bit luminance image already composited on white: 0 = black, 255 = white. */
export interface GrayImage {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

/** Rec. 601 luma in fixed point: fast and close enough for label art. */
export function luma(r: number, g: number, b: number): number {
  return (r * 77 + g * 150 + b * 29 + 128) >> 8;
}

/** Composites a luminance over white: what the label would look like on paper stock. */
export function overWhite(value: number, alpha: number): number {
  return 255 - (((255 - value) * alpha + 127) / 255 | 0);
}
