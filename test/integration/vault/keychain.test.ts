import { afterAll, describe, expect, it } from 'vitest';
import { createVault } from '../../../electron/vault/vault';

/**
 * Against the real Secret Service (gnome-keyring under dbus-run-session in CI).
 * A separate service name keeps a developer's real station keys out of reach.
 */
const vault = createVault({ service: `Parcel Station test ${process.pid}` });
const health = await vault.available();
if (!health.available) console.warn(`[vault] skipping keychain integration test: ${health.message}`);

describe.skipIf(!health.available)('vault against the real Secret Service', () => {
  afterAll(async () => {
    await vault.clear('test');
    await vault.clear('live');
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
});
