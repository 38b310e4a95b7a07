/** A PDF's text, page after page, as PDFium reads it: what a test checks of a page that reached a printer. */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const { PDFiumLibrary } = await import('@hyzyla/pdfium');
  const library = await PDFiumLibrary.init();
  const doc = await library.loadDocument(pdf);
  try {
    return [...doc.pages()].map((page) => page.getText()).join('\n');
  } finally {
    doc.destroy();
    library.destroy();
  }
}
