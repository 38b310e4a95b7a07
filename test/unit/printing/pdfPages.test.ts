import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { decodeLabelPng } from '../../../electron/printing/raster/decode';
import { pdfPagesToPngs } from '../../../electron/printing/raster/pdfPages';
import { printablePages } from '../../../electron/shipping/customsForms';
import { StationFailure } from '../../../shared/contract/errors';

/** A two-page PDF as a service might send a CN23: a Letter page with a black box, and a 4x6 page. */
function customsPdf(): Promise<Uint8Array> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 0 });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Uint8Array>((resolve) => doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks)))));
  doc.fontSize(40).text('CN23 CUSTOMS DECLARATION', 36, 36);
  doc.rect(0, 396, 612, 396).fill('#000');
  doc.addPage({ size: [288, 432], margin: 0 });
  doc.fontSize(20).text('CN22', 20, 20);
  doc.end();
  return done;
}

describe('PDF customs forms on a thermal printer', () => {
  it('draws every page as a grayscale PNG that fits a 4x6 label at 203 dpi, ink where the page has ink', async () => {
    const pngs = await pdfPagesToPngs(await customsPdf());
    expect(pngs).toHaveLength(2);
    const sizes = pngs.map((png) => {
      const decoded = decodeLabelPng(png);
      if (decoded.kind !== 'gray') throw new Error('expected a gray image');
      return decoded.image;
    });
    // Letter (612x792 pt) fits 4x6 upright at 1218/792: 941 dots wide would overflow, so the width bounds it.
    const [letter, label] = sizes;
    expect(letter!.width).toBeLessThanOrEqual(812);
    expect(letter!.height).toBeLessThanOrEqual(1218);
    expect(Math.max(letter!.width, letter!.height)).toBeGreaterThan(1000);
    // A 4x6 page (288x432 pt) comes out at 812x1218 dots, 1:1 with the label.
    expect([label!.width, label!.height]).toEqual([812, 1218]);
    // The bottom half of the Letter page is black, the top is mostly paper.
    const at = (x: number, y: number) => letter!.data[letter!.offset + y * letter!.stride + x]!;
    expect(at(Math.floor(letter!.width / 2), Math.floor(letter!.height * 0.75))).toBeLessThan(64);
    expect(at(letter!.width - 5, 5)).toBeGreaterThan(192);
  });

  it('refuses bytes that are not a PDF', async () => {
    await expect(pdfPagesToPngs(new TextEncoder().encode('not a pdf'))).rejects.toThrow();
  });

  it('customs forms print in order: a PNG as it is, then each page of a PDF form', async () => {
    const letter = await pdfPagesToPngs(await customsPdf());
    const png = letter[1]!;
    const pages = await printablePages([
      { mime: 'image/png', bytes: png },
      { mime: 'application/pdf', bytes: await customsPdf() },
    ]);
    expect(pages).toHaveLength(3);
    expect(Buffer.from(pages[0]!).equals(Buffer.from(png))).toBe(true);
    expect(pages.every((p) => Buffer.from(p.subarray(1, 4)).toString() === 'PNG')).toBe(true);
  });

  it('a PDF form that cannot be drawn is refused in words that say where it is kept', async () => {
    const error = await printablePages([{ mime: 'application/pdf', bytes: new TextEncoder().encode('%PDF-1.4 broken') }]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StationFailure);
    expect((error as StationFailure).error.message).toBe(
      'Customs form 1 came from the service as a PDF this station cannot draw for the label printer. It is kept with the label: save it from History (Save customs form) and print it from a PDF viewer.',
    );
  });
});
