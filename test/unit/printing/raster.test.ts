import fs from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { StationFailure } from '../../../shared/contract/errors';
import { decodeLabelPng, rgbaToGray } from '../../../electron/printing/raster/decode';
import { fitLabel } from '../../../electron/printing/raster/fit';
import { getPixel, rastersEqual, blackPixelCount, createRaster, setPixel } from '../../../electron/printing/raster/raster';
import { rasterToPng } from '../../../electron/printing/raster/preview';
import { grayPixels } from '../../../electron/printing/raster/gray';
import { toneGray } from '../../../electron/printing/raster/tone';
import { labelLikeRaster, randomRaster, rasterToGrayRows, rasterToOneBitRows, writePng } from './fixtures';

/** Decoded and toned as the pipeline does at the same size. */
const bits = (png: Uint8Array) => {
  const decoded = decodeLabelPng(png);
  if (decoded.kind === 'bits') return decoded.raster;
  const toned = toneGray(decoded.image);
  expect(toned.dithered).toBe(false);
  return toned.raster;
};

describe('PNG decoding to a 1-bit raster', () => {
  it.each([0, 1, 2, 3, 4])('reads 1-bit gray rows exactly (filter %i)', (filter) => {
    const raster = randomRaster(37, 23, filter + 7);
    const png = writePng({ width: 37, height: 23, bitDepth: 1, colorType: 0, rows: rasterToOneBitRows(raster), filter });
    expect(rastersEqual(bits(png), raster)).toBe(true);
  });

  it.each([0, 1, 2, 3, 4])('reads 8-bit black/white gray as sharp bits (filter %i)', (filter) => {
    const raster = randomRaster(30, 11, 3);
    const png = writePng({ width: 30, height: 11, bitDepth: 8, colorType: 0, rows: rasterToGrayRows(raster), filter });
    expect(rastersEqual(bits(png), raster)).toBe(true);
  });

  it('reads a 1-bit palette whose first entry is white', () => {
    const raster = randomRaster(19, 9, 5);
    const rows = Array.from({ length: 9 }, (_, y) => raster.data.slice(y * raster.bytesPerRow, (y + 1) * raster.bytesPerRow));
    const png = writePng({ width: 19, height: 9, bitDepth: 1, colorType: 3, rows, palette: [255, 255, 255, 0, 0, 0] });
    expect(rastersEqual(bits(png), raster)).toBe(true);
  });

  it('reads a 4-bit palette with gray entries as gray', () => {
    const rows = [Uint8Array.from([0x01, 0x23])];
    const palette = [0, 0, 0, 255, 255, 255, 128, 128, 128, 255, 0, 0];
    const decoded = decodeLabelPng(writePng({ width: 4, height: 1, bitDepth: 4, colorType: 3, rows, palette }));
    expect(decoded.kind).toBe('gray');
    if (decoded.kind === 'gray') expect(Array.from(grayPixels(decoded.image))).toEqual([0, 255, 128, 77]);
  });

  it('reads 16-bit PNGs through pngjs', () => {
    const png = new PNG({ width: 8, height: 2, bitDepth: 16, colorType: 0, inputColorType: 0, inputHasAlpha: false });
    png.data = Buffer.alloc(8 * 2 * 2, 0xff);
    png.data.fill(0, 0, 4);
    const decoded = decodeLabelPng(PNG.sync.write(png, { bitDepth: 16, colorType: 0, inputColorType: 0, inputHasAlpha: false }));
    expect(decoded.kind).toBe('gray');
    if (decoded.kind === 'gray') expect(Array.from(grayPixels(decoded.image)).slice(0, 3)).toEqual([0, 0, 255]);
  });

  it('treats transparent palette entries as white paper', () => {
    const rows = [Uint8Array.from([0b01000000])];
    const png = writePng({ width: 2, height: 1, bitDepth: 1, colorType: 3, rows, palette: [0, 0, 0, 0, 0, 0], transparency: [0] });
    const raster = bits(png);
    expect(getPixel(raster, 0, 0)).toBe(false);
    expect(getPixel(raster, 1, 0)).toBe(true);
  });

  it('composites RGBA on white and matches pngjs pixel for pixel', () => {
    const width = 16;
    const height = 8;
    const png = new PNG({ width, height });
    for (let i = 0; i < width * height * 4; i += 1) png.data[i] = (i * 37 + (i >> 2) * 11) & 0xff;
    const bytes = PNG.sync.write(png);
    const decoded = decodeLabelPng(bytes);
    const reference = PNG.sync.read(bytes);
    expect(decoded.kind).toBe('gray');
    if (decoded.kind === 'gray') expect(Array.from(grayPixels(decoded.image))).toEqual(Array.from(grayPixels(rgbaToGray(reference.data, width, height))));
  });

  it.each([0, 1, 2, 3, 4])('reads RGBA with flat paper and ink word-wise, like pngjs (filter %i)', (filter) => {
    const width = 24;
    const height = 6;
    const rows = Array.from({ length: height }, (_, y) =>
      Uint8Array.from({ length: width * 4 }, (_, i) => {
        const x = i >> 2;
        if (x > 8 && x < 12) return i % 4 === 3 ? 255 : 0; // black bar
        if (x === 15 + (y % 3)) return i % 4 === 3 ? 90 : (x * 40 + y * 7) & 0xff; // translucent ink
        return 255; // white paper
      }),
    );
    const bytes = writePng({ width, height, bitDepth: 8, colorType: 6, rows, filter });
    const decoded = decodeLabelPng(bytes);
    const reference = PNG.sync.read(bytes);
    expect(decoded.kind === 'gray' && Array.from(grayPixels(decoded.image))).toEqual(Array.from(grayPixels(rgbaToGray(reference.data, width, height))));
  });

  it.each([
    [2, 'RGB'],
    [4, 'gray+alpha'],
    [6, 'RGBA'],
    [0, '8-bit gray'],
  ])('matches pngjs for colour type %i (%s)', (colorType) => {
    const width = 13;
    const height = 5;
    const png = new PNG({ width, height, colorType: colorType as 0 | 2 | 4 | 6, inputColorType: 6 });
    for (let i = 0; i < width * height * 4; i += 1) png.data[i] = (i * 53 + 17) & 0xff;
    const bytes = PNG.sync.write(png, { colorType: colorType as 0 | 2 | 4 | 6 });
    const reference = PNG.sync.read(bytes);
    const decoded = decodeLabelPng(bytes);
    const gray = decoded.kind === 'gray' ? grayPixels(decoded.image) : null;
    expect(gray && Array.from(gray)).toEqual(Array.from(grayPixels(rgbaToGray(reference.data, width, height))));
  });

  it.each([
    ['not a PNG', Buffer.from('hello, this is not an image at all, just text')],
    ['a truncated PNG', writePng({ width: 8, height: 8, bitDepth: 1, colorType: 0, rows: Array.from({ length: 8 }, () => Uint8Array.of(0)) }).subarray(0, 60)],
    ['an RGB PNG claiming 1 bit per sample', writePng({ width: 8, height: 1, bitDepth: 1, colorType: 2, rows: [Uint8Array.of(0, 0, 0)] })],
  ])('refuses %s with bad_label in words', (_name, bytes) => {
    try {
      decodeLabelPng(bytes);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(StationFailure);
      expect((error as StationFailure).error.code).toBe('bad_label');
      expect((error as StationFailure).message).toMatch(/not a readable PNG/);
    }
  });
});

describe('fitting a label to the media', () => {
  const label = labelLikeRaster(812, 1218);
  const oneBitPng = writePng({ width: 812, height: 1218, bitDepth: 1, colorType: 0, rows: rasterToOneBitRows(label) });

  it('passes a sharp 4x6 at 203 dpi through pixel-exact', () => {
    const fit = fitLabel(decodeLabelPng(oneBitPng), 812, 1218);
    expect(fit).toMatchObject({ rotated: false, scale: 1, dithered: false });
    expect(rastersEqual(fit.raster, label)).toBe(true);
  });

  it('crops a renderer-rounded 813x1220 label instead of resampling it', () => {
    const big = createRaster(813, 1220);
    for (let y = 0; y < 1218; y += 1) big.data.set(label.data.subarray(y * 102, y * 102 + 102), y * big.bytesPerRow + 0);
    const fit = fitLabel({ kind: 'bits', raster: big }, 812, 1218);
    expect(fit.scale).toBe(1);
    expect(rastersEqual(fit.raster, label)).toBe(true);
  });

  it('pads a 1200x1800 "300 dpi" label onto a 12 dots/mm head without touching its bars', () => {
    const src = labelLikeRaster(1200, 1800);
    const fit = fitLabel({ kind: 'bits', raster: src }, 1219, 1828);
    expect(fit.scale).toBe(1);
    expect(fit.raster.width).toBe(1219);
    expect(blackPixelCount(fit.raster)).toBe(blackPixelCount(src));
    // Shifted by whole bytes (8 dots) and 14 rows: every pixel lands unchanged.
    expect(getPixel(fit.raster, 8 + 20, 14 + 900)).toBe(getPixel(src, 20, 900));
  });

  it('turns a landscape label without barcodes onto portrait media clockwise', () => {
    const src = labelLikeRaster(1218, 812);
    const fit = fitLabel({ kind: 'bits', raster: src }, 812, 1218);
    expect(fit).toMatchObject({ turns: 1, turnedBy: 'shape', scale: 1 });
    expect(getPixel(fit.raster, 811, 0)).toBe(true);
    expect(blackPixelCount(fit.raster)).toBe(blackPixelCount(src));
  });

  it('resamples only for a real resolution change (203 dpi label on a 300 dpi head)', () => {
    const fit = fitLabel({ kind: 'bits', raster: label }, 1219, 1828);
    expect(fit.scale).toBeCloseTo(1.5, 2);
    expect(fit.raster.width).toBe(1219);
    expect(fit.raster.height).toBe(1828);
    // A 4-dot frame becomes a 6-dot frame.
    expect(getPixel(fit.raster, 5, 600)).toBe(true);
    expect(getPixel(fit.raster, 7, 600)).toBe(false);
  });

  it('grows a small image by a whole factor so every barcode module keeps one width', () => {
    const qr = createRaster(100, 100);
    for (let y = 0; y < 100; y += 1) for (let x = 0; x < 100; x += 1) setPixel(qr, x, y, ((x >> 2) + (y >> 2)) % 2 === 0);
    const fit = fitLabel({ kind: 'bits', raster: qr }, 812, 1218);
    expect(fit.scale).toBe(8);
    expect(blackPixelCount(fit.raster)).toBe(blackPixelCount(qr) * 64);
  });

  it('dithers real grayscale art and thresholds anti-aliased text', () => {
    const ramp = new PNG({ width: 64, height: 64, colorType: 0 });
    for (let p = 0; p < 64 * 64; p += 1) {
      ramp.data.fill((p % 64) * 4, p * 4, p * 4 + 3);
      ramp.data[p * 4 + 3] = 255;
    }
    const art = fitLabel(decodeLabelPng(PNG.sync.write(ramp, { colorType: 0 })), 64, 64);
    expect(art.dithered).toBe(true);
    const text = new PNG({ width: 64, height: 64, colorType: 0 });
    for (let p = 0; p < 64 * 64; p += 1) {
      const v = p % 64 < 20 ? 0 : p % 64 === 20 ? 128 : 255;
      text.data.fill(v, p * 4, p * 4 + 3);
      text.data[p * 4 + 3] = 255;
    }
    const sharp = fitLabel(decodeLabelPng(PNG.sync.write(text, { colorType: 0 })), 64, 64);
    expect(sharp.dithered).toBe(false);
    expect(getPixel(sharp.raster, 19, 3)).toBe(true);
    expect(getPixel(sharp.raster, 21, 3)).toBe(false);
  });

  it('renders a preview PNG that decodes back to the same raster', () => {
    expect(rastersEqual(bits(rasterToPng(label)), label)).toBe(true);
  });
});

describe('the sample labels from resources/sample-labels', () => {
  const dir = path.join(__dirname, '../../../resources/sample-labels');
  const read = (name: string) => fs.readFileSync(path.join(dir, `${name}.png`));

  it('dithers the shaded logo and leaves the rest of the label exactly as the 1-bit original', () => {
    const sharp = fitLabel(decodeLabelPng(read('usps-ground-advantage-203')), 812, 1218);
    const art = fitLabel(decodeLabelPng(read('usps-gray-logo-203')), 812, 1218);
    expect(art.dithered).toBe(true);
    let differentOutsideLogo = 0;
    let differentInsideLogo = 0;
    for (let y = 0; y < 1218; y += 1) {
      for (let x = 0; x < 812; x += 1) {
        if (getPixel(sharp.raster, x, y) === getPixel(art.raster, x, y)) continue;
        if (x >= 530 && x < 800 && y >= 328 && y < 500) differentInsideLogo += 1;
        else differentOutsideLogo += 1;
      }
    }
    expect(differentOutsideLogo).toBe(0);
    expect(differentInsideLogo).toBeGreaterThan(1000);
  });

  it('crops the 813x1220 sample to exactly the 812x1218 label', () => {
    const exact = fitLabel(decodeLabelPng(read('usps-ground-advantage-203')), 812, 1218);
    const offsize = fitLabel(decodeLabelPng(read('usps-offsize-813x1220-203')), 812, 1218);
    expect(offsize.scale).toBe(1);
    expect(rastersEqual(offsize.raster, exact.raster)).toBe(true);
  });

  it('takes a 300 dpi sample onto a 12 dots/mm head without resampling', () => {
    const fit = fitLabel(decodeLabelPng(read('usps-priority-mail-300')), 1219, 1828);
    expect(fit.scale).toBe(1);
  });
});

describe('hostile PNGs', () => {
  it('refuses image data far larger than its header promises (a zlib bomb)', () => {
    const rows = Array.from({ length: 4000 }, () => new Uint8Array(1000));
    const bomb = writePng({ width: 8, height: 1, bitDepth: 8, colorType: 0, rows });
    expect(() => decodeLabelPng(bomb)).toThrow(/not a readable PNG image \(its image data is corrupt\)/);
  });
});
