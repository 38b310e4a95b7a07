import { deflateSync, inflateSync } from 'node:zlib';
import { fail } from '../../../shared/contract/errors';
import { createRaster, type Raster } from '../raster/raster';
import { crc16Xmodem, crcHex } from './crc16';

/** The data argument of ^GFA: Z64 or ZPL ASCII compression, whichever is shorter. */
export interface GraphicData {
  readonly encoding: 'z64' | 'acs';
  readonly text: string;
}

/**
 * zlib's defaults (level 6): level 9 costs 5x the time for 3 %, and memLevel 9
 * came out a few bytes larger than the defaults on half the real-label corpus.
 */
const DEFLATE = { level: 6 } as const;

export function z64(raster: Raster): string {
  const base64 = deflateSync(raster.data, DEFLATE).toString('base64');
  return `:Z64:${base64}:${crcHex(crc16Xmodem(base64))}`;
}

const HEX = '0123456789ABCDEF';
const HEX_CODES = Uint8Array.from(HEX, (c) => c.charCodeAt(0));
const COMMA = 0x2c;
const COLON = 0x3a;

/**
 * ZPL's ASCII compression: G..Y repeat the next digit 1..19 times, g..z add
 * 20..400, ',' ends a row with zeros and ':' repeats the row above.
 */
export function acs(raster: Raster): string {
  const { bytesPerRow: n, height, data } = raster;
  const out = new Uint8Array(height * (n * 2 + 1) + 16);
  const digits = new Uint8Array(n * 2);
  let o = 0;
  for (let y = 0; y < height; y += 1) {
    const row = y * n;
    if (y > 0 && sameRow(data, row, row - n, n)) {
      out[o++] = COLON;
      continue;
    }
    let end = n;
    while (end > 0 && data[row + end - 1] === 0) end -= 1;
    for (let i = 0; i < end; i += 1) {
      const byte = data[row + i]!;
      digits[i * 2] = byte >> 4;
      digits[i * 2 + 1] = byte & 15;
    }
    // ',' zero-fills at digit granularity, so a trailing 0 nibble is dropped too.
    const count = end > 0 && digits[end * 2 - 1] === 0 ? end * 2 - 1 : end * 2;
    let i = 0;
    while (i < count) {
      const digit = digits[i]!;
      let run = 1;
      while (i + run < count && digits[i + run] === digit) run += 1;
      i += run;
      if (run <= 2) {
        out[o++] = HEX_CODES[digit]!;
        if (run === 2) out[o++] = HEX_CODES[digit]!;
        continue;
      }
      let rest = run;
      // Longer runs restart with a fresh count rather than rely on stacked z's.
      while (rest > 400) {
        out[o++] = 0x7a; // z
        out[o++] = HEX_CODES[digit]!;
        rest -= 400;
      }
      if (rest <= 2) {
        for (; rest > 0; rest -= 1) out[o++] = HEX_CODES[digit]!;
        continue;
      }
      if (rest >= 20) {
        out[o++] = 0x66 + Math.floor(rest / 20); // g = 20
        rest %= 20;
      }
      if (rest > 0) out[o++] = 0x46 + rest; // G = 1
      out[o++] = HEX_CODES[digit]!;
    }
    if (count < n * 2) out[o++] = COMMA;
  }
  return Buffer.from(out.buffer, 0, o).toString('latin1');
}

function sameRow(data: Uint8Array, a: number, b: number, n: number): boolean {
  for (let i = 0; i < n; i += 1) if (data[a + i] !== data[b + i]) return false;
  return true;
}

/** Z64 nearly always wins on labels; ACS is tried when the Z64 text is large (dense or noisy art). */
export function graphicData(raster: Raster): GraphicData {
  const zipped = z64(raster);
  if (zipped.length < raster.data.length / 8) return { encoding: 'z64', text: zipped };
  const ascii = acs(raster);
  return ascii.length < zipped.length ? { encoding: 'acs', text: ascii } : { encoding: 'z64', text: zipped };
}

function badZpl(detail: string): never {
  fail('bad_label', `These ZPL bytes cannot be read back (${detail}).`);
}

/** Reverses `graphicData` (and plain hex): the ^GFA data field to a raster. */
export function decodeGraphicData(text: string, totalBytes: number, bytesPerRow: number): Raster {
  if (bytesPerRow <= 0 || totalBytes % bytesPerRow !== 0) badZpl('its graphic size fields disagree');
  const height = totalBytes / bytesPerRow;
  const raster = createRaster(bytesPerRow * 8, height);
  const trimmed = text.trim();
  const packed = /^:(Z64|B64):/.exec(trimmed);
  if (packed) {
    const [, kind] = packed;
    const end = trimmed.lastIndexOf(':');
    const base64 = trimmed.slice(5, end);
    const crc = trimmed.slice(end + 1);
    if (crc.length === 4 && parseInt(crc, 16) !== crc16Xmodem(base64)) badZpl('its Z64 CRC does not match');
    const raw = Buffer.from(base64, 'base64');
    const bytes = kind === 'Z64' ? inflated(raw, totalBytes) : raw;
    if (bytes.length !== totalBytes) badZpl(`its graphic holds ${bytes.length} bytes, not ${totalBytes}`);
    raster.data.set(bytes);
    return raster;
  }
  decodeAscii(trimmed, raster.data, bytesPerRow, height);
  return raster;
}

function inflated(raw: Buffer, totalBytes: number): Buffer {
  try {
    // One byte over the promised size is enough to tell a graphic too large.
    return inflateSync(raw, { maxOutputLength: totalBytes + 1 });
  } catch {
    return badZpl('its Z64 data is corrupt or larger than its size fields say');
  }
}

function decodeAscii(text: string, out: Uint8Array, bytesPerRow: number, height: number): void {
  const rowDigits = bytesPerRow * 2;
  let y = 0;
  let col = 0;
  let repeat = 0;
  const putDigit = (value: number): void => {
    if (y >= height) return;
    const index = y * bytesPerRow + (col >> 1);
    out[index] = col & 1 ? out[index]! | value : value << 4;
    col += 1;
    if (col === rowDigits) {
      col = 0;
      y += 1;
    }
  };
  const finishRow = (fill: number): void => {
    while (col !== 0) putDigit(fill);
  };
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    if (ch === ',') {
      if (col === 0) for (let i = 0; i < rowDigits; i += 1) putDigit(0);
      else finishRow(0);
    } else if (ch === '!') {
      if (col === 0) for (let i = 0; i < rowDigits; i += 1) putDigit(15);
      else finishRow(15);
    } else if (ch === ':') {
      if (y > 0 && y < height) out.copyWithin(y * bytesPerRow, (y - 1) * bytesPerRow, y * bytesPerRow);
      y += 1;
    } else if (code >= 0x47 && code <= 0x59) repeat += code - 0x46;
    else if (code >= 0x67 && code <= 0x7a) repeat += (code - 0x66) * 20;
    else {
      const value = HEX.indexOf(ch.toUpperCase());
      if (value < 0) {
        if (/\s/.test(ch)) continue;
        badZpl(`unexpected "${ch}" in its graphic data`);
      }
      for (let i = 0; i < Math.max(1, repeat); i += 1) putDigit(value);
      repeat = 0;
    }
  }
}
