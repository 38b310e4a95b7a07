import { createRequire } from 'node:module';
import { appKeyMode } from '../../shared/api/v2/token';
import { fail, StationFailure } from '../../shared/contract/errors';

/** Which key set: the service's test keys (SS_TEST_) or live keys (SS_LIVE_). The sandbox needs none. */
export type VaultProfile = 'test' | 'live';
export type SecretName = 'appKey' | 'appSecret' | 'apiToken';
export const secretNames: readonly SecretName[] = ['appKey', 'appSecret', 'apiToken'];

export interface KeychainHealth {
  readonly available: boolean;
  readonly message?: string;
}

/**
 * The station's secrets in the OS keychain (Secret Service on Linux, Keychain
 * on macOS, Credential Manager on Windows), and nowhere else: when no keychain
 * answers, storing is refused rather than written anywhere in plain text.
 * `get` exists for the main process only; nothing over IPC reads a secret back.
 */
export interface Vault {
  available(): Promise<KeychainHealth>;
  set(profile: VaultProfile, name: SecretName, value: string): Promise<void>;
  has(profile: VaultProfile, name: SecretName): Promise<boolean>;
  get(profile: VaultProfile, name: SecretName): Promise<string | undefined>;
  clear(profile: VaultProfile): Promise<void>;
}

/** The part of keytar the vault uses; tests of the unavailable path pass their own. */
export interface KeychainBackend {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

export interface VaultOptions {
  /** Defaults to keytar, loaded on first use so a missing native module is reported, not thrown at start. */
  readonly keychain?: KeychainBackend | (() => Promise<KeychainBackend>);
  readonly service?: string;
  /** A locked keyring may wait for a password prompt nobody answers; give up after this long. */
  readonly timeoutMs?: number;
}

export const VAULT_SERVICE = 'Parcel Station';
const PROBE_ACCOUNT = 'keychain-probe';

export const accountName = (profile: VaultProfile, name: SecretName): string => `${profile}:${name}`;

/** Test or live, from the AppKey's prefix; 'unknown' when it carries neither. */
export const keyMode = appKeyMode;

const UNAVAILABLE =
  'No system keychain is reachable (the Secret Service or keyring is not running, or it is locked), so the station cannot store keys. Nothing was saved: keys are never written to disk in plain text. Start or unlock the keyring and try again.';

function unavailable(detail?: string): StationFailure {
  return new StationFailure({
    code: 'keychain_unavailable',
    message: detail ? `${UNAVAILABLE} (${detail})` : UNAVAILABLE,
    retryable: true,
  });
}

/**
 * keytar is required on first use rather than imported at the top: on a
 * machine without libsecret its native binding fails to load, and that must
 * become words in the settings screen, not a main process that cannot start.
 * require (not import()) resolves it the way the bundled main process
 * resolves its other native modules.
 */
async function loadKeytar(): Promise<KeychainBackend> {
  return createRequire(__filename)('keytar') as KeychainBackend;
}

export function createVault(options: VaultOptions = {}): Vault {
  const service = options.service ?? VAULT_SERVICE;
  const timeoutMs = options.timeoutMs ?? 5_000;
  let backend: Promise<KeychainBackend> | undefined;

  const keychain = (): Promise<KeychainBackend> => {
    if (!backend) {
      const source = options.keychain;
      backend = typeof source === 'function' ? source() : source ? Promise.resolve(source) : loadKeytar();
    }
    return backend;
  };

  /** Every keychain operation: bounded in time, and any failure becomes keychain_unavailable in words. */
  async function guarded<T>(operation: (kc: KeychainBackend) => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(unavailable('the keychain did not answer in time; it may be locked')), timeoutMs);
    });
    try {
      const kc = await Promise.race([keychain(), deadline]).catch((error: unknown) => {
        if (error instanceof StationFailure) throw error;
        throw unavailable('the keychain library could not be loaded');
      });
      return await Promise.race([operation(kc), deadline]);
    } catch (error) {
      if (error instanceof StationFailure) throw error;
      throw unavailable();
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async available() {
      try {
        await guarded((kc) => kc.getPassword(service, PROBE_ACCOUNT));
        return { available: true };
      } catch (error) {
        return { available: false, message: error instanceof StationFailure ? error.message : UNAVAILABLE };
      }
    },
    async set(profile, name, value) {
      const trimmed = value.trim();
      if (!trimmed) fail('invalid_input', 'An empty key cannot be stored; paste the whole key.', { field: name });
      await guarded((kc) => kc.setPassword(service, accountName(profile, name), trimmed));
    },
    async has(profile, name) {
      return (await guarded((kc) => kc.getPassword(service, accountName(profile, name)))) !== null;
    },
    async get(profile, name) {
      return (await guarded((kc) => kc.getPassword(service, accountName(profile, name)))) ?? undefined;
    },
    async clear(profile) {
      await guarded(async (kc) => {
        for (const name of secretNames) await kc.deletePassword(service, accountName(profile, name));
      });
    },
  };
}
