import { fail } from '../../shared/contract/errors';

/** Downloads one label image the service published by URL. */
export async function fetchLabelBytes(url: string): Promise<Uint8Array> {
  const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
  if (!response.ok) fail('service_unavailable', `The label image could not be downloaded (HTTP ${response.status}).`, { retryable: true });
  return new Uint8Array(await response.arrayBuffer());
}
