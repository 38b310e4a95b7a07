import { crc32, deflateSync } from 'node:zlib';
import type { Raster } from './raster';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, body: Buffer): Buffer {
  const out = Buffer.alloc(body.length + 12);
  out.writeUInt32BE(body.length, 0);
  out.write(type, 4, 'latin1');
  body.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + body.length)) >>> 0, 8 + body.length);
  return out;
}

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
  const header = Buffer.alloc(13);
  header.writeUInt32BE(raster.width, 0);
  header.writeUInt32BE(raster.height, 4);
  header[8] = 1;
  header[9] = 0;
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(lines)), chunk('IEND', Buffer.alloc(0))]);
}
