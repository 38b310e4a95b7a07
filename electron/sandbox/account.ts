import { randomBytes, createHash } from 'node:crypto';
import { appKeyModes } from './schemas/v2/other';
import type { MetaStore } from './store/meta';

export interface SandboxCredentials {
  readonly appKey: string;
  readonly appSecret: string;
  readonly apiToken: string;
}

export interface AccountKeys extends SandboxCredentials {
  /** HS256 signing key of access tokens; never leaves the sandbox. */
  readonly jwtSecret: Buffer;
}

/**
 * Credentials are minted once and persisted with the account, so a station
 * restarted on the same data directory keeps working. An in-memory sandbox
 * with a seed derives them from the seed (repeatable test runs).
 */
export function loadAccountKeys(meta: MetaStore, seed: number | undefined): AccountKeys {
  let counter = 0;
  const bytes = (n: number): Buffer => {
    if (seed === undefined) return randomBytes(n);
    counter += 1;
    return createHash('sha256').update(`sandbox-seed:${seed}:${counter}`).digest().subarray(0, n);
  };
  const hex = (n: number) => bytes(n).toString('hex').toUpperCase();
  const appKey = meta.getOrCreate('account.app_key', () => `${appKeyModes.test}${hex(10)}`);
  const appSecret = meta.getOrCreate('account.app_secret', () => bytes(24).toString('base64url'));
  const apiToken = meta.getOrCreate('account.api_token', () => bytes(45).toString('base64url'));
  const jwtSecret = meta.getOrCreate('account.jwt_secret', () => bytes(32).toString('base64'));
  return { appKey, appSecret, apiToken, jwtSecret: Buffer.from(jwtSecret, 'base64') };
}
