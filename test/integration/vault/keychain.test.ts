import keytar from 'keytar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Vault } from '../../../electron/vault/vault';
import { openTestVault, type TestVault } from '../../support/keyring';

/**
 * Against the real Secret Service (gnome-keyring under dbus-run-session in CI).
 * A service name of the test's own keeps a developer's real station keys out of reach.
 */
describe('vault against the real Secret Service', () => {
  let keys: TestVault | undefined;
  let vault: Vault;
  beforeAll(async () => {
    keys = await openTestVault();
    ({ vault } = keys);
  });
  afterAll(async () => {
    await keys?.remove();
  });

  it('stores, reports and reads back keys per profile', async () => {
    await vault.set('test', 'appKey', 'SS_TEST_integration_key');
    await vault.set('test', 'appSecret', 'integration-secret-value');
    expect(await vault.has('test', 'appKey')).toBe(true);
    expect(await vault.has('test', 'apiToken')).toBe(false);
    expect(await vault.has('live', 'appKey')).toBe(false);
    expect(await vault.get('test', 'appKey')).toBe('SS_TEST_integration_key');
    expect(await vault.get('test', 'appSecret')).toBe('integration-secret-value');
  });

  it('overwrites a key and clears one profile without touching the other', async () => {
    await vault.set('live', 'apiToken', 'first-token-value');
    await vault.set('live', 'apiToken', 'second-token-value');
    expect(await vault.get('live', 'apiToken')).toBe('second-token-value');
    await vault.set('test', 'apiToken', 'test-token-value');
    await vault.clear('live');
    expect(await vault.has('live', 'apiToken')).toBe(false);
    expect(await vault.get('test', 'apiToken')).toBe('test-token-value');
  });

  it('refuses an empty key', async () => {
    await expect(vault.set('test', 'appKey', '   ')).rejects.toMatchObject({ error: { code: 'invalid_input' } });
  });

  it("leaves nothing in the keyring once a test's vault is removed, and no other test's vault sees its keys", async () => {
    const other = await openTestVault();
    await other.vault.set('live', 'appKey', 'SS_LIVE_other_test_key');
    expect(await vault.has('live', 'appKey')).toBe(false);
    expect((await keytar.findCredentials(other.service)).map((c) => c.account)).toEqual(['live:appKey']);
    await other.remove();
    expect(await keytar.findCredentials(other.service)).toEqual([]);
  });
});
