/**
 * Minimal PNG writer for the two formats labels need: 1-bit grayscale (what a
 * thermal label is) and 8-bit grayscale (sample art with anti-aliasing).
 * pngjs writes only 8- and 16-bit images, so the chunks are assembled here.
 */
import { deflateSync } from 'node:zlib';
import type { Bitmap } from './bitmap';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(buf: Uint8Array, start: number, end: number): number {
  let c = 0xffffffff;
  for (let i = start; i < end; i++) c = (CRC_TABLE[(c ^ (buf[i] ?? 0)) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, body: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + body.length);
  out.writeUInt32BE(body.length, 0);
  out.write(type, 4, 'ascii');
  out.set(body, 8);
  out.writeUInt32BE(crc32(out, 4, 8 + body.length), 8 + body.length);
  return out;
}

function png(width: number, height: number, bitDepth: 1 | 8, scanlines: Uint8Array): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = bitDepth;
  ihdr[9] = 0; // grayscale
  ihdr[10] = 0; // deflate
  ihdr[11] = 0; // adaptive filtering (every row uses filter 0 here)
  ihdr[12] = 0; // no interlace
  return Buffer.concat([SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(scanlines)), chunk('IEND', new Uint8Array(0))]);
}

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
  return png(width, height, 1, out);
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
  return png(width, height, 8, out);
}
