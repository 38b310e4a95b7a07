/**
 * Text on label bitmaps, rasterised from the OCR-B outline font that ships
 * inside bwip-js (its documented FontLib.getglyph) and cached per size, so a
 * label's text costs a few row copies per character after the first label.
 */
import bwipjs from 'bwip-js/node';
import type { Bitmap } from './bitmap';

interface Glyph {
  readonly width: number;
  readonly height: number;
  readonly top: number;
  readonly left: number;
  readonly advance: number;
  /** Coverage 0..255, row-major. */
  readonly coverage: Uint8Array;
}

const FONT_ID = bwipjs.FontLib.lookup('OCR-B');
const cache = new Map<string, Glyph>();

function glyph(code: number, size: number): Glyph {
  const key = `${size}:${code}`;
  let g = cache.get(key);
  if (!g) {
    const raw = bwipjs.FontLib.getglyph(FONT_ID, code, size, size);
    g = {
      width: raw.pixels ? raw.width : 0,
      height: raw.pixels ? raw.height : 0,
      top: raw.top,
      left: raw.left,
      advance: raw.advance,
      // Blank glyphs (the space) come back without pixels.
      coverage: raw.pixels ? Uint8Array.from(raw.pixels.subarray(raw.offset, raw.offset + raw.width * raw.height)) : new Uint8Array(0),
    };
    cache.set(key, g);
  }
  return g;
}

/** Characters outside printable ASCII print as '?', so an address never breaks a label. */
function codeAt(text: string, i: number): number {
  const code = text.charCodeAt(i);
  return code >= 32 && code < 127 ? code : 63;
}

export interface TextStyle {
  /** Font size in dots (the em height); capitals are about 0.7 of it. */
  size: number;
  bold?: boolean;
  /** 1 draws black, 0 draws white (text on a black bar). */
  ink?: 0 | 1;
}

/** Height of a capital letter above the baseline, in dots. */
export function capHeight(size: number): number {
  return glyph(72, size).top;
}

function boldExtra(style: TextStyle): number {
  return style.bold ? Math.max(1, Math.round(style.size / 14)) : 0;
}

export function textWidth(text: string, style: TextStyle): number {
  let w = 0;
  for (let i = 0; i < text.length; i++) w += glyph(codeAt(text, i), style.size).advance;
  return w + boldExtra(style);
}

/** Shortens text with a trailing '.' mark until it fits maxWidth. */
export function fitText(text: string, style: TextStyle, maxWidth: number): string {
  if (textWidth(text, style) <= maxWidth) return text;
  let end = text.length;
  while (end > 1 && textWidth(`${text.slice(0, end)}.`, style) > maxWidth) end--;
  return `${text.slice(0, end).trimEnd()}.`;
}

/** Draws 1-bit text whose capitals' tops sit at y; returns the x after the text. */
export function drawText(bitmap: Bitmap, x: number, y: number, text: string, style: TextStyle): number {
  const ink = style.ink ?? 1;
  const extra = boldExtra(style);
  const baseline = Math.round(y) + capHeight(style.size);
  let pen = Math.round(x);
  for (let i = 0; i < text.length; i++) {
    const g = glyph(codeAt(text, i), style.size);
    const gx = pen + g.left;
    const gy = baseline - g.top;
    for (let row = 0; row < g.height; row++) {
      const py = gy + row;
      if (py < 0 || py >= bitmap.height) continue;
      const line = py * bitmap.width;
      for (let col = 0; col < g.width; col++) {
        if ((g.coverage[row * g.width + col] ?? 0) < 112) continue;
        const px0 = gx + col;
        const px1 = Math.min(bitmap.width, px0 + 1 + extra);
        for (let px = Math.max(0, px0); px < px1; px++) bitmap.data[line + px] = ink;
      }
    }
    pen += g.advance;
  }
  return pen + extra;
}

/** Draws anti-aliased text into a darkness (0..255) bitmap, keeping the darker of old and new. */
export function drawTextGray(bitmap: Bitmap, x: number, y: number, text: string, size: number): number {
  const baseline = Math.round(y) + capHeight(size);
  let pen = Math.round(x);
  for (let i = 0; i < text.length; i++) {
    const g = glyph(codeAt(text, i), size);
    for (let row = 0; row < g.height; row++) {
      const py = baseline - g.top + row;
      if (py < 0 || py >= bitmap.height) continue;
      for (let col = 0; col < g.width; col++) {
        const px = pen + g.left + col;
        if (px < 0 || px >= bitmap.width) continue;
        const at = py * bitmap.width + px;
        bitmap.data[at] = Math.max(bitmap.data[at] ?? 0, g.coverage[row * g.width + col] ?? 0);
      }
    }
    pen += g.advance;
  }
  return pen;
}
