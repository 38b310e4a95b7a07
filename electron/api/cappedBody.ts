import crypto from 'node:crypto';

/**
 * The most of one answer the station reads. Labels, forms and rate lists are
 * far smaller; an answer past this is broken or hostile, and reading it whole
 * once took a station to 1.4 GB.
 */
export const DEFAULT_MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/** How much of an answer too big to keep whole is kept (stored, captured) beside its hash. */
export const KEPT_PREFIX_CHARS = 64 * 1024;

export type CappedBody =
  | { readonly kind: 'whole'; readonly bytes: Buffer }
  /** Reading stopped at the cap: what came before it, hashed, and a prefix for support. */
  | { readonly kind: 'oversize'; readonly readBytes: number; readonly declaredBytes: number | null; readonly sha256: string | null; readonly prefix: string };

/**
 * Reads a fetch answer's body as it streams, stopping (and cancelling the
 * rest) once it passes `maxBytes`, so memory stays bounded however much the
 * other side sends. A declared length past the cap is refused before reading.
 */
export async function readCapped(response: Response, maxBytes: number): Promise<CappedBody> {
  const declared = Number(response.headers.get('content-length'));
  const declaredBytes = Number.isFinite(declared) && declared > 0 ? declared : null;
  if (!response.body) return { kind: 'whole', bytes: Buffer.alloc(0) };
  if (declaredBytes !== null && declaredBytes > maxBytes) {
    await response.body.cancel();
    return { kind: 'oversize', readBytes: 0, declaredBytes, sha256: null, prefix: '' };
  }
  const hash = crypto.createHash('sha256');
  const chunks: Uint8Array[] = [];
  let readBytes = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    readBytes += value.byteLength;
    hash.update(value);
    if (readBytes > maxBytes) {
      await reader.cancel();
      const prefix = Buffer.concat(chunks).subarray(0, KEPT_PREFIX_CHARS).toString('utf8');
      return { kind: 'oversize', readBytes, declaredBytes, sha256: hash.digest('hex'), prefix };
    }
    chunks.push(value);
  }
  return { kind: 'whole', bytes: Buffer.concat(chunks) };
}

/** A long text as it is kept: whole when short, else a prefix with the length and hash of the whole. */
export function boundedText(text: string, maxChars = KEPT_PREFIX_CHARS): string | { readonly prefix: string; readonly chars: number; readonly sha256: string } {
  if (text.length <= maxChars) return text;
  return { prefix: text.slice(0, maxChars), chars: text.length, sha256: crypto.createHash('sha256').update(text).digest('hex') };
}
