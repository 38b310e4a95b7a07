import { Bitmap } from './bitmap';
import { drawLabel, type LabelInput } from './labelImage';
import { encodePng1 } from './png';

/**
 * How much larger than 4x6 an oversize label is drawn: a 5.2x7.8 inch label,
 * like the A5 and letter-page labels some carriers send. A station has to
 * shrink it to about 77 % on 4x6 stock, below the size where it warns.
 */
const OVERSIZE = 1.3;

/** The ordinary label, every dot enlarged to OVERSIZE (nearest neighbour), so the artwork and barcodes stay the same. */
export function renderOversizeLabelPng(input: LabelInput): Buffer {
  const label = drawLabel(input);
  const big = new Bitmap(Math.round(label.width * OVERSIZE), Math.round(label.height * OVERSIZE));
  for (let y = 0; y < big.height; y += 1) {
    const from = Math.min(label.height - 1, Math.floor(y / OVERSIZE)) * label.width;
    for (let x = 0; x < big.width; x += 1) big.data[y * big.width + x] = label.data[from + Math.min(label.width - 1, Math.floor(x / OVERSIZE))]!;
  }
  return encodePng1(big);
}
