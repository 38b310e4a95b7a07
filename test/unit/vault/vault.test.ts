import { describe, expect, it } from 'vitest';
import { createVault, keyMode, type KeychainBackend } from '../../../electron/vault/vault';
import { StationFailure } from '../../../shared/contract/errors';

const noSecretService: KeychainBackend = {
  getPassword: () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
  setPassword: () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
  deletePassword: () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
};

describe('vault without a keychain', () => {
  it('says so in words and refuses to store', async () => {
    const vault = createVault({ keychain: noSecretService });
    const health = await vault.available();
    expect(health.available).toBe(false);
    expect(health.message).toMatch(/No system keychain is reachable/);
    expect(health.message).toMatch(/never written to disk in plain text/);
    const error = await vault.set('live', 'appKey', 'SS_LIVE_abcdef123').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StationFailure);
    expect((error as StationFailure).error.code).toBe('keychain_unavailable');
    // The failure text never echoes the secret it refused.
    expect((error as StationFailure).message).not.toContain('SS_LIVE_abcdef123');
  });

  it('reports a keychain library that cannot load', async () => {
    const vault = createVault({ keychain: () => Promise.reject(new Error('libsecret-1.so.0: cannot open shared object file')) });
    expect(await vault.available()).toMatchObject({ available: false, message: expect.stringMatching(/could not be loaded/) });
  });

  it('gives up on a keychain that never answers (a locked keyring waiting on a prompt)', async () => {
    const hanging: KeychainBackend = {
      getPassword: () => new Promise(() => undefined),
      setPassword: () => new Promise(() => undefined),
      deletePassword: () => new Promise(() => undefined),
    };
    const vault = createVault({ keychain: hanging, timeoutMs: 50 });
    expect(await vault.available()).toMatchObject({ available: false, message: expect.stringMatching(/did not answer in time/) });
  });

  it('reads the key mode from the AppKey prefix', () => {
    expect(keyMode('SS_TEST_123')).toBe('test');
    expect(keyMode('SS_LIVE_123')).toBe('live');
    expect(keyMode('abc')).toBe('unknown');
  });
});
