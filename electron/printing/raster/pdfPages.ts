import { grayPng } from './pngWrite';

/** A 4x6 label at 203 dpi; a page is drawn to fit inside it, the printer pipeline turns and places it. */
const LABEL_DOTS = { width: 812, height: 1218 } as const;

type Library = Awaited<ReturnType<(typeof import('@hyzyla/pdfium'))['PDFiumLibrary']['init']>>;
let library: Promise<Library> | null = null;

/** PDFium (WebAssembly, shipped inside the npm package) loads on the first PDF, not with every start. */
function pdfium(): Promise<Library> {
  library ??= import('@hyzyla/pdfium').then((m) => m.PDFiumLibrary.init());
  return library;
}

/** The scale that fits a page of this many points inside the label, whichever way round it fits better. */
function fitScale(widthPt: number, heightPt: number): number {
  const upright = Math.min(LABEL_DOTS.width / widthPt, LABEL_DOTS.height / heightPt);
  const turned = Math.min(LABEL_DOTS.width / heightPt, LABEL_DOTS.height / widthPt);
  return Math.max(upright, turned);
}

/**
 * Every page of a PDF (a customs form the service sent as PDF) as a grayscale
 * PNG sized for a 4x6 thermal label, so it prints on the label printer right
 * after the label like a PNG form does.
 */
export async function pdfPagesToPngs(pdf: Uint8Array): Promise<Uint8Array[]> {
  const lib = await pdfium();
  const doc = await lib.loadDocument(pdf);
  try {
    const pngs: Uint8Array[] = [];
    for (const page of doc.pages()) {
      const { originalWidth, originalHeight } = page.getOriginalSize();
      const image = await page.render({ scale: fitScale(originalWidth, originalHeight), colorSpace: 'Gray', render: 'bitmap' });
      const stride = image.data.length / image.height;
      const scanlines = new Uint8Array((image.width + 1) * image.height);
      for (let y = 0; y < image.height; y += 1) {
        // Filter byte 0, then the row's gray bytes (PDFium pads rows to its own stride).
        scanlines.set(image.data.subarray(y * stride, y * stride + image.width), y * (image.width + 1) + 1);
      }
      pngs.push(new Uint8Array(grayPng(image.width, image.height, 8, scanlines)));
    }
    return pngs;
  } finally {
    doc.destroy();
  }
}
