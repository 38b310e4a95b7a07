/**
 * A one-byte-per-pixel canvas for label artwork. Labels are drawn as 0 (white)
 * and 1 (black) for 1-bit output; sample art may use 0..255 as darkness.
 * Keeping one byte per pixel makes every primitive a row fill, which is what
 * keeps a whole label under a few milliseconds.
 */
export class Bitmap {
  readonly data: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = new Uint8Array(width * height);
  }

  /** Fills a rectangle clipped to the canvas; ink 1 is black on a 1-bit label. */
  fillRect(x: number, y: number, w: number, h: number, ink = 1): void {
    const x0 = Math.max(0, Math.round(x));
    const y0 = Math.max(0, Math.round(y));
    const x1 = Math.min(this.width, Math.round(x + w));
    const y1 = Math.min(this.height, Math.round(y + h));
    if (x1 <= x0) return;
    for (let row = y0; row < y1; row++) this.data.fill(ink, row * this.width + x0, row * this.width + x1);
  }

  /** A rectangle outline whose stroke lies inside the given bounds. */
  strokeRect(x: number, y: number, w: number, h: number, thickness: number, ink = 1): void {
    this.fillRect(x, y, w, thickness, ink);
    this.fillRect(x, y + h - thickness, w, thickness, ink);
    this.fillRect(x, y, thickness, h, ink);
    this.fillRect(x + w - thickness, y, thickness, h, ink);
  }

  set(x: number, y: number, ink: number): void {
    if (x >= 0 && y >= 0 && x < this.width && y < this.height) this.data[y * this.width + x] = ink;
  }
}
