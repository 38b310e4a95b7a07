// Every real carrier label in ../shared/fixtures/real-labels, converted in all
// four printer languages at the resolutions its manifest names, read back with
// the station's own decoders: each barcode that zxing reads in the source must
// read back with the same text, and the label must come out upright. The
// closing note's table (barcodes kept, upright, scale, ZPL bytes against
// zpl-image's) is printed after the cases; bench:label times the same labels.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaDots, printerLanguages, type MediaSize, type PrinterDpi } from '../../../shared/domain/printing';
import { decodePrinterBytes } from '../../../electron/printing/lang';
import { convertLabel } from '../../../electron/printing/pipeline';
import { rasterToPng } from '../../../electron/printing/raster/preview';
import { rastersEqual } from '../../../electron/printing/raster/raster';
import { corpusTable, zplImageBytes, type CorpusRow } from '../../support/corpusTable';
import { readPngBarcodes, readRasterBarcodes, type ReadBarcode } from '../../support/barcodes';

const corpus = path.resolve(__dirname, '../../../../shared/fixtures/real-labels');
const manifest = JSON.parse(fs.readFileSync(path.join(corpus, 'manifest.json'), 'utf8')) as Record<string, { dpis: PrinterDpi[]; media?: MediaSize[] }>;

/**
 * Labels that are landscape themselves (manifest: FedEx Ground "label upright,
 * 7x4.75 in"; Canada Post "the label, landscape", also when the letter page is
 * cut down to it): on portrait stock they are turned clockwise, so their
 * barcodes read top to bottom (90°).
 */
const LANDSCAPE = new Set(['fedex-ground-1bit.png', 'canadapost-half-203.png', 'canadapost-letter-203.png']);
/** Labels with no barcode a reader finds in the source: the turn is checked against the image as the manifest describes it. */
const TURNS_WITHOUT_BARCODES: Readonly<Record<string, number>> = {
  'ups-express-ca-gray.png': 1, // landscape canvas, label turned 90° (its text reads bottom to top)
  'dpd-a6-203.png': 0, // A6 portrait, upright
};
const key = (b: ReadBarcode): string => `${b.format}:${b.text}`;
const cases = Object.entries(manifest).flatMap(([file, entry]) =>
  entry.dpis.flatMap((dpi) => (entry.media ?? ['4x6']).map((media) => ({ file, dpi, media }))),
);

describe('real carrier labels', () => {
  const sources = new Map<string, ReadBarcode[]>();
  const table: CorpusRow[] = [];
  afterAll(() => {
    process.stdout.write(`\n${corpusTable(table)}\n`);
  });
  beforeAll(async () => {
    for (const file of Object.keys(manifest)) sources.set(file, await readPngBarcodes(fs.readFileSync(path.join(corpus, file))));
  }, 120_000);

  it('has the corpus and finds barcodes in it', () => {
    expect(cases.length).toBeGreaterThanOrEqual(18);
    expect([...sources.values()].flat().length).toBeGreaterThanOrEqual(30);
  });

  it.each(cases)('$file at $dpi dpi on $media: same bytes back in every language, barcodes kept, upright', async ({ file, dpi, media }) => {
    const png = fs.readFileSync(path.join(corpus, file));
    const size = mediaDots(media, dpi);
    let fitted: Awaited<ReturnType<typeof convertLabel>> | null = null;
    let zplBytes = 0;
    for (const language of printerLanguages) {
      const converted = await convertLabel(png, { language, dpi, media, darkness: null, offsetX: 0, offsetY: 0 });
      const printed = decodePrinterBytes(language, converted.bytes, size);
      // What the printer prints is exactly the fitted raster, in every language, so one reading covers all four.
      expect(rastersEqual(printed, converted.raster), language).toBe(true);
      if (fitted) expect(rastersEqual(converted.raster, fitted.raster), language).toBe(true);
      fitted ??= converted;
      if (language === 'zpl') zplBytes = converted.bytes.length;
    }
    const { raster, fit } = fitted!;
    const source = sources.get(file)!;
    const printed = await readRasterBarcodes(raster);
    const back = new Set(printed.map(key));

    const expected = LANDSCAPE.has(file) ? 90 : 0;
    table.push({
      label: file,
      dpi,
      media,
      barcodesKept: source.filter((b) => back.has(key(b))).length,
      barcodesInSource: source.length,
      upright: printed.every((b) => b.orientation === expected) && (source.length > 0 || fit.turns === TURNS_WITHOUT_BARCODES[file]),
      scale: fit.scale,
      warnings: fit.warnings.map((w) => w.kind),
      zplBytes,
      zplImageBytes: zplImageBytes(rasterToPng(raster)),
    });
    expect(source.map(key).filter((k) => !back.has(k))).toEqual([]);
    for (const barcode of printed) expect(barcode.orientation, `${key(barcode)} reads at ${barcode.orientation}°`).toBe(expected);
    if (source.length === 0) expect(fit.turns).toBe(TURNS_WITHOUT_BARCODES[file]);
  }, 60_000);
});
