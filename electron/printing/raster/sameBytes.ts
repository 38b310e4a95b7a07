/**
 * Whether two equal-length stretches of bytes match, through the native
 * memcmp: most rows of a label repeat the one above (paper, long bars), and
 * every stage copies its previous output row for those instead of redoing it.
 */
export function sameBytes(a: Uint8Array, aStart: number, b: Uint8Array, bStart: number, length: number): boolean {
  return Buffer.compare(a.subarray(aStart, aStart + length), b.subarray(bStart, bStart + length)) === 0;
}

const zeros = { bytes: new Uint8Array(0) };

/** Whether a stretch is all zero bytes (an Up-filtered PNG row that repeats the row above). */
export function allZero(data: Uint8Array, start: number, length: number): boolean {
  if (zeros.bytes.length < length) zeros.bytes = new Uint8Array(Math.max(length, 4096));
  return sameBytes(data, start, zeros.bytes, 0, length);
}
