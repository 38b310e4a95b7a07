import type { KeychainBackend } from '../../electron/vault/vault';

/**
 * An in-memory keychain, for benches only. Benches measure round trips
 * through the station, not the keychain, and run without the private keyring
 * that `npm test` starts; tests keep keys in the real Secret Service
 * (test/support/keyring.ts).
 */
export function benchMemoryKeychain(): KeychainBackend {
  const secrets = new Map<string, string>();
  return {
    getPassword: async (service, account) => secrets.get(`${service}/${account}`) ?? null,
    setPassword: async (service, account, password) => void secrets.set(`${service}/${account}`, password),
    deletePassword: async (service, account) => secrets.delete(`${service}/${account}`),
  };
}
