import { createHash } from 'node:crypto';
import type { BackendMode } from '../../shared/contract/station';

/** Hosts that all name this machine's loopback: one service, whichever spelling an operator typed. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * One spelling per service address: scheme and host lowercased, the loopback
 * names folded into 127.0.0.1, the scheme's default port made explicit, and
 * the path without dot segments, trailing dots or trailing slashes. Query and
 * fragment never select a service, so they are dropped.
 */
export function normalizeOrigin(baseUrl: string): string {
  const url = new URL(baseUrl.trim());
  const scheme = url.protocol.toLowerCase();
  const rawHost = url.hostname.toLowerCase().replace(/\.+$/, '');
  const host = LOOPBACK.has(rawHost) ? '127.0.0.1' : rawHost;
  const port = url.port || (scheme === 'https:' ? '443' : scheme === 'http:' ? '80' : '');
  const path = url.pathname.replace(/[/.]+$/, '');
  return `${scheme}//${host}${port ? `:${port}` : ''}${path}`;
}

/**
 * Names a key without revealing it: a short hash of the AppKey (v2) or of the
 * api_token (v1), stable across benches and restarts. Enough bits that two
 * accounts never meet, short enough to sit in ids and logs.
 */
export function keyIdentity(kind: 'appKey' | 'apiToken', key: string): string {
  return sha256(`parcel-station/key/${kind}\n${key.trim()}`).slice(0, 16);
}

/**
 * A backend is the service at one normalized address reached with one key:
 * the same service under another spelling is the same backend, and another
 * account on the same address is another one. The mode prefix keeps test and
 * live apart in History and in the words shown for a backend.
 */
export function backendIdentity(mode: BackendMode, baseUrl: string, keyId: string): string {
  return `${mode === 'test' ? 'test' : 'live'}:${normalizeOrigin(baseUrl)}#${keyId}`;
}

/** The address part of a backend id, for operator words (never the key part). */
export function addressOfBackend(backendId: string): string {
  const colon = backendId.indexOf(':');
  const hash = backendId.lastIndexOf('#');
  return backendId.slice(colon + 1, hash > colon ? hash : undefined);
}

/**
 * Backend ids written before keys were part of them ('test:<url>' or
 * 'live:<url>' as typed) name the same backend as today's id when mode and
 * normalized address agree: those rows were bought with the keys of their day,
 * which the station then treated as one backend too.
 */
export function isUnkeyedSpellingOf(oldId: string, backendId: string): boolean {
  if (oldId.includes('#') || !/^(test|live):/.test(oldId)) return false;
  const mode = oldId.slice(0, 4);
  if (!backendId.startsWith(`${mode}:`)) return false;
  try {
    return normalizeOrigin(oldId.slice(5)) === addressOfBackend(backendId);
  } catch {
    return false;
  }
}

/** Operator words for a backend id (its address, never its key hash). */
export function describeBackend(backendId: string): string {
  if (backendId === 'sandbox') return 'the practice service (sandbox)';
  if (backendId.startsWith('test:')) return `the service at ${addressOfBackend(backendId)} with test keys`;
  return backendId.startsWith('live:') ? `the service at ${addressOfBackend(backendId)}` : `the service "${backendId}"`;
}
