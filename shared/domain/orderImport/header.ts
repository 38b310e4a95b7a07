/** A header cell as the formats name it: quotes and blanks trimmed, lower case. Apart from text.ts so a page can use it without csv-parse. */
export const headerKey = (cell: string): string => cell.replace(/^[\s"']+|[\s"']+$/g, '').replace(/\s+/g, ' ').toLowerCase();

/** The first line's column names, split on whichever of `,` `;` tab gives the most (a header rarely quotes a separator). */
export function headerCells(text: string): string[] {
  const first = text.split(/\r\n|\n|\r/).find((line) => line.trim() !== '') ?? '';
  const best = [',', ';', '\t'].map((separator) => first.split(separator)).sort((a, b) => b.length - a.length)[0] ?? [];
  return best.map((cell) => cell.replace(/^\s*"|"\s*$/g, '').trim());
}
