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
import { turnRaster } from '../../../electron/printing/raster/turn';
import { cropRaster } from '../../../electron/printing/raster/trim';
import { crc32 } from 'node:zlib';
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

describe('real-world label hazards', () => {
  const dir = path.join(__dirname, '../../../resources/sample-labels');
  const sample = (name: string) => {
    const decoded = decodeLabelPng(fs.readFileSync(path.join(dir, `${name}.png`)));
    if (decoded.kind !== 'bits') throw new Error(`${name} is not a 1-bit sample`);
    return decoded.raster;
  };

  it.each([
    ['usps-ground-advantage-203', 1],
    ['usps-ground-advantage-203', 2],
    ['usps-ground-advantage-203', 3],
    ['ups-2nd-day-air-pdf417-203', 1],
    ['ups-2nd-day-air-pdf417-203', 3],
  ] as const)('reads which way %s was turned (%i quarter turns) from its barcodes and turns it back', (name, turned) => {
    const upright = sample(name);
    const fit = fitLabel({ kind: 'bits', raster: turnRaster(upright, turned) }, 812, 1218);
    expect(fit).toMatchObject({ turns: (4 - turned) % 4, turnedBy: 'barcodes', scale: 1 });
    expect(rastersEqual(fit.raster, upright)).toBe(true);
  });

  it('turns every dot to its place, on widths that do not fill their last byte', () => {
    const src = randomRaster(37, 11, 5);
    for (const turns of [1, 2, 3] as const) {
      const out = turnRaster(src, turns);
      for (let y = 0; y < src.height; y += 1) {
        for (let x = 0; x < src.width; x += 1) {
          const [dx, dy] = turns === 1 ? [src.height - 1 - y, x] : turns === 3 ? [y, src.width - 1 - x] : [src.width - 1 - x, src.height - 1 - y];
          expect(getPixel(out, dx, dy), `turn ${turns} at ${x},${y}`).toBe(getPixel(src, x, y));
        }
      }
      expect(blackPixelCount(out)).toBe(blackPixelCount(src));
    }
  });

  it('cuts a letter page at its dashed cut line and prints the part with the barcodes 1:1', () => {
    const label = sample('usps-ground-advantage-203');
    const page = createRaster(1700, 2200);
    for (let y = 0; y < label.height; y += 1) for (let x = 0; x < label.width; x += 1) if (getPixel(label, x, y)) setPixel(page, x + 60, y + 60, true);
    for (let x = 80; x < 1640; x += 16) for (let d = 0; d < 6; d += 1) for (let t = 0; t < 2; t += 1) setPixel(page, x + d, 1340 + t, true);
    const receipt = labelLikeRaster(1500, 700);
    for (let y = 0; y < receipt.height; y += 1) for (let x = 0; x < receipt.width; x += 1) if (getPixel(receipt, x, y)) setPixel(page, x + 100, y + 1420, true);
    const fit = fitLabel({ kind: 'bits', raster: page }, 812, 1218);
    expect(fit).toMatchObject({ scale: 1, turns: 0, warnings: [] });
    expect(blackPixelCount(fit.raster)).toBe(blackPixelCount(label));
    // A label smaller than the media, cut from its page, brings nothing of the receipt below the line.
    const small = createRaster(1700, 2200);
    for (let y = 0; y < 900; y += 1) for (let x = 0; x < 700; x += 1) if (getPixel(label, x, y)) setPixel(small, x + 60, y + 60, true);
    for (let x = 80; x < 1640; x += 16) for (let d = 0; d < 6; d += 1) setPixel(small, x + d, 1000, true);
    for (let y = 0; y < receipt.height; y += 1) for (let x = 0; x < receipt.width; x += 1) if (getPixel(receipt, x, y)) setPixel(small, x + 100, y + 1080, true);
    const cut = fitLabel({ kind: 'bits', raster: small }, 812, 1218);
    expect(cut.scale).toBe(1);
    expect(blackPixelCount(cut.raster)).toBe(blackPixelCount(cropRaster(label, { x: 0, y: 0, width: 700, height: 900, blackPixels: 0 })));
  });

  it('lets the printer profile force the turn', () => {
    const upright = sample('usps-ground-advantage-203');
    const fit = fitLabel({ kind: 'bits', raster: upright }, 812, 1218, { rotation: 'upside-down' });
    expect(fit).toMatchObject({ turns: 2, turnedBy: 'profile' });
    expect(rastersEqual(fit.raster, turnRaster(upright, 2))).toBe(true);
  });

  it('trims blank canvas before fitting: a 1200x800 label on a 1400x800 image prints 1:1', () => {
    const label = labelLikeRaster(1200, 800);
    const canvas = createRaster(1400, 800);
    for (let y = 0; y < 800; y += 1) for (let x = 0; x < 1200; x += 1) if (getPixel(label, x, y)) setPixel(canvas, x + 100, y, true);
    const fit = fitLabel({ kind: 'bits', raster: canvas }, 812, 1218);
    expect(fit).toMatchObject({ scale: 1, turns: 1, warnings: [] });
    expect(blackPixelCount(fit.raster)).toBe(blackPixelCount(label));
  });

  it('shrinks a label 3 % too large instead of cutting its border off', () => {
    const fit = fitLabel({ kind: 'bits', raster: labelLikeRaster(836, 1254) }, 812, 1218);
    expect(fit.scale).toBeCloseTo(812 / 836, 3);
    expect(fit.warnings).toEqual([]);
    // The 4-dot frame survives on all four sides.
    for (const [x, y] of [[1, 600], [810, 600], [400, 1], [400, 1216]] as const) expect(getPixel(fit.raster, x, y), `${x},${y}`).toBe(true);
  });

  it('warns when a page had to shrink below 90 %', () => {
    const fit = fitLabel({ kind: 'bits', raster: labelLikeRaster(1100, 1300) }, 812, 1218);
    expect(fit.scale).toBeLessThan(0.9);
    expect(fit.warnings.map((w) => w.kind)).toEqual(['scaled_down']);
    expect(fit.warnings[0]!.message).toMatch(/printed at 74 % of its size/);
  });

  it('does not warn for a finer resolution of the same label (300 dpi onto 203)', () => {
    expect(fitLabel({ kind: 'bits', raster: labelLikeRaster(1200, 1800) }, 812, 1218).warnings).toEqual([]);
  });

  it('warns when a label looks blank, and refuses one with nothing on it or far too small', () => {
    const speck = createRaster(812, 1218);
    for (let y = 600; y < 610; y += 1) for (let x = 400; x < 410; x += 1) setPixel(speck, x, y, true);
    expect(fitLabel({ kind: 'bits', raster: speck }, 812, 1218).warnings.map((w) => w.kind)).toEqual(['looks_blank']);
    expect(() => fitLabel({ kind: 'bits', raster: createRaster(812, 1218) }, 812, 1218)).toThrow(/blank: there is nothing on it/);
    const dot = writePng({ width: 1, height: 1, bitDepth: 8, colorType: 0, rows: [Uint8Array.of(0)] });
    expect(() => fitLabel(decodeLabelPng(dot), 812, 1218)).toThrow(/only 1x1 pixels, too small/);
  });

  it('refuses an image claiming 7000x14000 pixels from its header, before inflating anything', () => {
    const rows = Array.from({ length: 4 }, () => new Uint8Array(875));
    const png = writePng({ width: 7000, height: 4, bitDepth: 8, colorType: 0, rows });
    png.writeUInt32BE(14000, 8 + 8 + 4);
    // The header's CRC is not what this test is about: fix it so only the size is wrong.
    png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
    expect(() => decodeLabelPng(png)).toThrow(/claims to be 7000x14000 pixels, 98 megapixels/);
  });

  it('thresholds a 2-bit gray copy of barcodes instead of dithering it', () => {
    // Bars with 2-bit gray edges, and narrow bars and spaces that a 2-bit copy turns into runs of 85 and 170.
    const levels = [255, 255, 170, 0, 0, 85, 170, 85, 170, 85, 255, 255, 170, 85, 0, 170, 255];
    const gray = new Uint8Array(260 * 80);
    for (let y = 0; y < 80; y += 1) for (let x = 0; x < 260; x += 1) gray[y * 260 + x] = levels[x % levels.length]!;
    const fit = fitLabel({ kind: 'gray', image: { width: 260, height: 80, data: gray, offset: 0, stride: 260 } }, 260, 80);
    expect(fit.dithered).toBe(false);
  });
});
