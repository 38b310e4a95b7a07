import { StationFailure } from '../../shared/contract/errors';
import { readPngChunks } from '../printing/raster/png';
import type { BoughtUpdate } from '../store/shipmentsRepo';

type Label = BoughtUpdate['labels'][number];

/** Why these bytes are not a PNG the station can print, in words (null when they are); checked before a label is stored, written or printed. */
export function labelPngProblem(bytes: Uint8Array): string | null {
  try {
    readPngChunks(bytes);
    return null;
  } catch (error) {
    if (error instanceof StationFailure) return error.error.message;
    throw error;
  }
}

/** The images of one kind an answer names: base64 where the service sent it, else a URL. */
export interface LabelSource {
  readonly kind: Label['kind'];
  readonly data?: readonly string[] | null;
  readonly urls?: readonly string[] | null;
}

/**
 * An answer's label images, decoded or fetched; a URL that fails now is left
 * for History to fetch, and bytes that are not a PNG are never stored
 * (`problem` says what came instead). `skip`: images already kept.
 */
export async function labelImages(
  sources: readonly LabelSource[],
  fetchBytes: (url: string) => Promise<Uint8Array>,
  skip: (kind: Label['kind'], seq: number) => boolean = () => false,
): Promise<{ labels: Label[]; problem: string | null }> {
  const labels: Label[] = [];
  let problem: string | null = null;
  for (const { kind, data, urls } of sources) {
    for (let seq = 0; seq < Math.max(data?.length ?? 0, urls?.length ?? 0); seq += 1) {
      const b64 = data?.[seq];
      const url = urls?.[seq] ?? null;
      if (skip(kind, seq)) continue;
      const png = b64 ? Buffer.from(b64, 'base64') : url ? await fetchBytes(url).catch(() => undefined) : undefined;
      if (!png || png.length === 0) continue;
      const notPng = labelPngProblem(png);
      if (notPng === null) labels.push({ kind, seq, url, png });
      else problem ??= notPng;
    }
  }
  return { labels, problem };
}

/** What a bought row says while its label image is missing; null when it is there. */
export function missingLabelNote(labels: readonly Label[], problem: string | null): string | null {
  if (labels.some((l) => l.kind === 'label')) return null;
  return problem
    ? 'The label is bought, but the image the service sent is not a readable PNG, so nothing was stored or printed; open it in History to fetch it again, or void it.'
    : 'The label is bought but its image has not arrived yet; open it in History to fetch it again.';
}
