import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { inflateSync } from 'node:zlib';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { sampleLabels } from '../../../electron/sandbox/render/samples';
import { FNC1 } from '../../../electron/sandbox/render/trackingNumbers';
import { crop, decodeBarcode, decodePngGray } from './decodeBarcode';

const fixtures = fileURLToPath(new URL('../../../resources/sample-labels/', import.meta.url));
const samples = sampleLabels();

/** The image data of a PNG: its IDAT chunks joined and inflated. */
function scanlines(png: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    if (png.toString('ascii', at + 4, at + 8) === 'IDAT') parts.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  return inflateSync(Buffer.concat(parts));
}

function header(png: Buffer) {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20), bitDepth: png[24], colorType: png[25] };
}

describe('sampleLabels', () => {
  it('covers both resolutions, 1-bit and grayscale, and an off-size label, with unique names', () => {
    expect(new Set(samples.map((s) => s.name)).size).toBe(samples.length);
    expect(samples.some((s) => s.dpi === 300)).toBe(true);
    const headers = samples.map((s) => ({ name: s.name, ...header(s.png) }));
    expect(headers.filter((h) => h.bitDepth === 8 && h.colorType === 0)).toHaveLength(1);
    expect(headers.filter((h) => h.bitDepth === 1).length).toBeGreaterThanOrEqual(5);
    expect(headers.find((h) => h.name.includes('offsize'))).toMatchObject({ width: 813, height: 1220 });
    for (const s of samples) {
      const h = header(s.png);
      if (!s.name.includes('offsize')) expect([h.width, h.height]).toEqual(s.dpi === 300 ? [1218, 1827] : [812, 1218]);
    }
  });

  it('gives the grayscale sample real intermediate shades', () => {
    const gray = samples.find((s) => header(s.png).bitDepth === 8)!;
    const image = PNG.sync.read(gray.png);
    const shades = new Set<number>();
    for (let i = 0; i < image.data.length; i += 4) shades.add(image.data[i] ?? 0);
    expect(shades.size).toBeGreaterThan(64);
  });

  it('keeps the off-size label scannable', () => {
    const off = samples.find((s) => s.name.includes('offsize'))!;
    const text = decodeBarcode(crop(decodePngGray(off.png), { x: 16, y: 850, width: 780, height: 222 }), 'code128', { gs1: true });
    const [routing, pic] = text.split(FNC1);
    expect(routing).toMatch(/^\]C1420\d{5}(\d{4})?$/);
    expect(pic).toMatch(/^92\d{20}$/);
  });

  it('matches the committed fixtures in resources/sample-labels (UPDATE_SAMPLE_LABELS=1 rewrites them)', () => {
    if (process.env.UPDATE_SAMPLE_LABELS === '1') {
      mkdirSync(fixtures, { recursive: true });
      for (const s of samples) writeFileSync(`${fixtures}${s.name}.png`, s.png);
    }
    for (const s of samples) {
      const file = `${fixtures}${s.name}.png`;
      expect(existsSync(file), `${file} is missing`).toBe(true);
      // Header and inflated scanlines, not file bytes: another zlib may deflate the same image differently.
      const committed = readFileSync(file);
      expect(header(committed)).toEqual(header(s.png));
      expect(Buffer.compare(scanlines(committed), scanlines(s.png))).toBe(0);
    }
  });
});
