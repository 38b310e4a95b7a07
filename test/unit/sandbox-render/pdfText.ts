/**
 * Test helper: the text shown by an uncompressed PDFKit document. PDFKit
 * writes standard-font text as hex strings inside TJ arrays (split where
 * kerning applies), so each array's pieces are joined back into one string.
 */
export function pdfShownText(pdf: Buffer): string[] {
  const source = pdf.toString('latin1');
  const shown: string[] = [];
  for (const match of source.matchAll(/\[((?:<[0-9a-fA-F]*>|\s|-?[0-9.]+)*)\]\s*TJ/g)) {
    const hex = [...(match[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1] ?? '').join('');
    shown.push(Buffer.from(hex, 'hex').toString('latin1'));
  }
  return shown;
}
