import { PNG } from 'pngjs';

/** One label of the real-label corpus as the station printed it: the closing note's table. */
export interface CorpusRow {
  readonly label: string;
  readonly dpi: number;
  readonly media: string;
  readonly barcodesKept: number;
  readonly barcodesInSource: number;
  readonly upright: boolean;
  readonly scale: number;
  readonly warnings: readonly string[];
  readonly zplBytes: number;
  readonly zplImageBytes: number;
}

// zpl-image ships no typings; this is its documented Node API (README, "Node.js Usage").
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { rgbaToZ64 } = require('zpl-image') as {
  rgbaToZ64(rgba: Uint8Array, width: number, opts?: { notrim?: boolean }): { length: number; rowlen: number; z64: string };
};

/** zpl-image's ZPL for the same fitted picture, in the same ^XA...^XZ envelope as the bench's comparison. */
export function zplImageBytes(fittedPng: Buffer): number {
  const image = PNG.sync.read(fittedPng);
  const res = rgbaToZ64(image.data, image.width, { notrim: true });
  const height = res.length / res.rowlen;
  return Buffer.byteLength(`^XA^PW${res.rowlen * 8}^LL${height}^LH0,0^FO0,0^GFA,${res.length},${res.length},${res.rowlen},${res.z64}^FS^PQ1^XZ`, 'latin1');
}

export function corpusTable(rows: readonly CorpusRow[]): string {
  const lines = [
    '| label | dpi | media | barcodes kept | upright | scale | warnings | ZPL bytes | zpl-image bytes |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.label} | ${r.dpi} | ${r.media} | ${r.barcodesKept}/${r.barcodesInSource} | ${r.upright ? 'yes' : 'NO'} | ${r.scale.toFixed(3)} | ${r.warnings.join(', ') || '-'} | ${r.zplBytes} | ${r.zplImageBytes} |`,
    );
  }
  const kept = rows.reduce((n, r) => n + r.barcodesKept, 0);
  const total = rows.reduce((n, r) => n + r.barcodesInSource, 0);
  lines.push('', `${kept} of ${total} source barcodes read back identical; ${rows.filter((r) => r.upright).length} of ${rows.length} cases upright; ZPL never larger than zpl-image's: ${rows.every((r) => r.zplBytes <= r.zplImageBytes)}`);
  return lines.join('\n');
}
