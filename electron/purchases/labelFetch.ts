import { fail } from '../../shared/contract/errors';
import { DEFAULT_MAX_ANSWER_BYTES, readCapped } from '../api/cappedBody';

/** Downloads one label image the service published by URL, no more of it than any answer is read. */
export async function fetchLabelBytes(url: string): Promise<Uint8Array> {
  const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
  if (!response.ok) fail('service_unavailable', `The label image could not be downloaded (HTTP ${response.status}).`, { retryable: true });
  const read = await readCapped(response, DEFAULT_MAX_ANSWER_BYTES);
  if (read.kind === 'oversize') fail('service_unavailable', `The label image at the service is larger than the station reads (over ${DEFAULT_MAX_ANSWER_BYTES / (1024 * 1024)} MB), so it was not downloaded.`);
  return new Uint8Array(read.bytes);
}
