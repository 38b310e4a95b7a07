/**
 * One CSV cell that a spreadsheet opens as text. A cell starting with = + - @
 * (or a tab or carriage return before them) is read by Excel, LibreOffice and
 * Sheets as a formula, so an order number or address like `=cmd|' /C calc'!A0`
 * would run; a leading apostrophe makes it plain text (OWASP's advice). Cells
 * holding the separator, a quote or a line break are quoted.
 */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  const text = String(value);
  const safe = typeof value === 'string' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV line, CRLF-ended as RFC 4180 and Excel expect. */
export const csvLine = (cells: ReadonlyArray<string | number | boolean | null>): string => `${cells.map(csvCell).join(',')}\r\n`;
