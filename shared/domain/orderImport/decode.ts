/**
 * The bytes of an export as text. Kept apart from the CSV reader: the
 * renderer decodes the file the operator picked, and csv-parse needs Node's
 * Buffer, which a page does not have.
 */

/** UTF-8 when the bytes are valid UTF-8 (BOM dropped), else Windows-1252, so `é` survives either way. */
export function decodeExport(bytes: Uint8Array): string {
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return new TextDecoder('windows-1252').decode(body);
  }
}
