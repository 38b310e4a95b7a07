import { describe, expect, it } from 'vitest';
import { resolveBackend } from '../../../electron/backend/resolve';
import { openDatabase } from '../../../electron/store/database';
import { createSettingsStore } from '../../../electron/store/settings';
import { createVault } from '../../../electron/vault/vault';
import { addressOfBackend, backendIdentity, describeBackend, isUnkeyedSpellingOf, keyIdentity, normalizeOrigin } from '../../../electron/backend/identity';
import { platformUkIdOf } from '../../../electron/purchases/purchaseId';

describe('backend identity', () => {
  it('folds every spelling of one loopback service into one origin', () => {
    const spellings = ['http://127.0.0.1:47101', 'http://localhost:47101', 'http://127.0.0.1:47101/.', 'http://[::1]:47101/', 'HTTP://LocalHost:47101//', 'http://127.0.0.1:47101/?x=1#y'];
    expect(new Set(spellings.map(normalizeOrigin))).toEqual(new Set(['http://127.0.0.1:47101']));
  });

  it('keeps what selects another service: scheme, host, port and path', () => {
    expect(normalizeOrigin('https://api.example.com')).toBe('https://api.example.com:443');
    expect(normalizeOrigin('https://API.example.com.:443/v2/')).toBe('https://api.example.com:443/v2');
    expect(normalizeOrigin('http://api.example.com')).not.toBe(normalizeOrigin('https://api.example.com'));
    expect(normalizeOrigin('http://127.0.0.1:1')).not.toBe(normalizeOrigin('http://127.0.0.1:2'));
    expect(normalizeOrigin('https://h.example/a')).not.toBe(normalizeOrigin('https://h.example/b'));
  });

  it('names a backend by address and key hash, never by the key, and another key is another backend', () => {
    const key = 'SS_TEST_abcdef0123456789';
    const id = backendIdentity('test', 'http://localhost:47101/', keyIdentity('appKey', key));
    expect(id).toBe(backendIdentity('test', 'http://127.0.0.1:47101/.', keyIdentity('appKey', ` ${key} `)));
    expect(id).not.toContain(key);
    expect(id).not.toBe(backendIdentity('test', 'http://127.0.0.1:47101', keyIdentity('appKey', 'SS_TEST_other')));
    expect(id).not.toBe(backendIdentity('live', 'http://127.0.0.1:47101', keyIdentity('appKey', key)));
    expect(keyIdentity('appKey', key)).not.toBe(keyIdentity('apiToken', key));
    expect(addressOfBackend(id)).toBe('http://127.0.0.1:47101');
    expect(describeBackend(id)).toBe('the service at http://127.0.0.1:47101 with test keys');
  });

  it('recognises ids written before keys were part of them', () => {
    const id = backendIdentity('test', 'http://127.0.0.1:47101', 'k');
    expect(isUnkeyedSpellingOf('test:http://localhost:47101/', id)).toBe(true);
    expect(isUnkeyedSpellingOf('live:http://localhost:47101/', id)).toBe(false);
    expect(isUnkeyedSpellingOf('test:http://localhost:47102', id)).toBe(false);
    expect(isUnkeyedSpellingOf('sandbox', id)).toBe(false);
    expect(isUnkeyedSpellingOf('test:not a url', id)).toBe(false);
  });
});

describe('platform_uk_id', () => {
  const base = { accountId: keyIdentity('appKey', 'SS_TEST_a'), packageKey: 'order:h-1#0', voidGeneration: 0 };

  it('is the same for one package on every bench, and letters and digits within 32 characters', () => {
    const id = platformUkIdOf(base);
    expect(platformUkIdOf({ ...base })).toBe(id);
    expect(id).toMatch(/^ps[0-9a-f]{30}$/);
  });

  it('differs by account, order, box and void generation', () => {
    const ids = [
      base,
      { ...base, accountId: keyIdentity('appKey', 'SS_TEST_b') },
      { ...base, packageKey: 'order:h-2#0' },
      { ...base, packageKey: 'order:h-1#1' },
      { ...base, voidGeneration: 1 },
    ].map(platformUkIdOf);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('names the legacy (v1) service by its normalized address and the api_token\'s hash, never the token', async () => {
    const token = 'v1-token-0123456789abcdef';
    const legacy = async (legacyBaseUrl: string, apiToken: string) => {
      const override = { baseUrl: 'http://127.0.0.1:47101', legacyBaseUrl, appKey: 'SS_TEST_abc', appSecret: 's', apiToken };
      // An override is resolved from itself alone: no settings, keychain or sandbox is asked.
      const unused = () => {
        throw new Error('not asked');
      };
      const { legacyBackendId, legacyAccountId } = await resolveBackend({ override, settings: createSettingsStore(openDatabase({ file: ':memory:' })), vault: createVault({ keychain: { getPassword: unused, setPassword: unused, deletePassword: unused } }), sandbox: unused });
      return { legacyBackendId, legacyAccountId };
    };
    const ids = await legacy('http://localhost:47102/', token);
    expect(ids).toEqual(await legacy('http://127.0.0.1:47102/.', ` ${token} `));
    expect(ids.legacyBackendId).toBe(`test:http://127.0.0.1:47102#${keyIdentity('apiToken', token)}`);
    expect(JSON.stringify(ids)).not.toContain(token);
    expect((await legacy('http://127.0.0.1:47102', 'another-token')).legacyBackendId).not.toBe(ids.legacyBackendId);
  });
});
