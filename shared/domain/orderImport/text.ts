/**
 * Export files as Excel and the stores leave them: a UTF-8 BOM, Windows-1252
 * bytes from European Excel, CRLF, `;` or tab separators, quoted line breaks.
 * Rows come from csv-parse; each keeps the line it starts on in the file, so
 * a refusal names a line the operator can find.
 */

import { parse } from 'csv-parse/sync';
import { headerKey } from './header';

export { headerKey } from './header';

export interface FileRow {
  readonly line: number;
  readonly cells: readonly string[];
}

const separators = [',', ';', '\t'] as const;
export type Separator = (typeof separators)[number];

/**
 * The separator that splits the first lines into the most known column names
 * (a `;` file from European Excel, Amazon's tabs); a comma when none does.
 */
export function sniffSeparator(text: string, known: ReadonlySet<string>): Separator {
  const head = text.slice(0, 20_000).split(/\r\n|\n|\r/).slice(0, 12);
  let best: Separator = ',';
  let bestCount = 0;
  for (const separator of separators) {
    for (const line of head) {
      const count = line.split(separator).filter((cell) => known.has(headerKey(cell))).length;
      if (count > bestCount) {
        best = separator;
        bestCount = count;
      }
    }
  }
  return best;
}


/** Offsets (in UTF-8 bytes, as csv-parse counts) where each line starts. */
function lineStarts(text: string): number[] {
  const bytes = new TextEncoder().encode(text);
  const starts = [0];
  for (let i = 0; i < bytes.length; i += 1) if (bytes[i] === 0x0a) starts.push(i + 1);
  return starts;
}

function lineAt(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((starts[mid] as number) <= offset) low = mid;
    else high = mid - 1;
  }
  return low + 1;
}

/** Every row that has a non-empty cell, with the line it starts on. */
export function readRows(text: string, separator: Separator): FileRow[] {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const starts = lineStarts(source);
  const rows: FileRow[] = [];
  let start = 0;
  parse(source, {
    delimiter: separator,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    // Amazon's tab files are not quoted: a stray `"` in a product name is text there.
    quote: separator === '\t' ? false : '"',
    on_record: (record: string[], context) => {
      // csv-parse reports the offset where the record ends; it starts where the previous one ended.
      if (record.some((cell) => cell.trim() !== '')) rows.push({ line: lineAt(starts, start), cells: record });
      start = context.bytes;
      return null;
    },
  });
  return rows;
}
