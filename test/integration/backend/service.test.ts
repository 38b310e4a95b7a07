import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { backendIdentity, keyIdentity } from '../../../electron/backend/identity';
import { createBackendModule } from '../../../electron/backend/module';
import { overrideFromEnvironment } from '../../../electron/backend/override';
import { createBackendService, type BackendServiceOptions } from '../../../electron/backend/service';
import { createMemoryLogger } from '../../../electron/log/logger';
import { startSandbox, type Sandbox } from '../../../electron/sandbox';
import { openDatabase } from '../../../electron/store/database';
import { createSettingsStore } from '../../../electron/store/settings';
import type { StationContext } from '../../../electron/core/module';
import { createVault, type KeychainBackend, type Vault } from '../../../electron/vault/vault';
import { stationCommands } from '../../../shared/contract/station';
import { failure } from '../../support/failure';
import { openTestVault } from '../../support/keyring';
import { noKeychain } from '../../support/station';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function keyringVault(): Promise<Vault> {
  const keys = await openTestVault();
  cleanups.push(() => keys.remove());
  return keys.vault;
}

/**
 * Nothing is replaced: keys go to the Secret Service under a service name of
 * the test's own (or to a keychain that is not there, when that is the
 * subject), and real sandboxes play the embedded and the "live" service.
 */
async function setup(extra: Partial<BackendServiceOptions> = {}, keychain?: KeychainBackend) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ps-backend-'));
  const db = openDatabase({ file: ':memory:' });
  const settings = createSettingsStore(db);
  const vault = keychain ? createVault({ keychain }) : await keyringVault();
  const log = createMemoryLogger();
  const service = createBackendService({ dataDir, settings, vault, log, ...extra });
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  cleanups.push(() => void db.close());
  cleanups.push(() => service.close());
  return { dataDir, db, settings, vault, log, service };
}

async function liveService(): Promise<Sandbox> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ps-live-'));
  const live = await startSandbox({ dataDir });
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  cleanups.push(() => live.close());
  return live;
}

/**
 * A real HTTP service on 127.0.0.1 that issues a token for any AppKey except
 * one containing WRONG: enough of a "live" service for the switch's check,
 * for keys the sandbox would not know.
 */
async function tokenService(): Promise<{ baseUrl: string; legacyBaseUrl: string; tokenRequests: () => number }> {
  let requests = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/oauth2/token') return void res.writeHead(404).end();
      requests += 1;
      const key = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString('utf8');
      const refused = key.includes('WRONG');
      res.writeHead(refused ? 401 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(refused ? { error: 'invalid_client' } : { access_token: `t-${requests}`, token_type: 'Bearer', expires_in: 3600 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { baseUrl: base, legacyBaseUrl: `${base}/legacy`, tokenRequests: () => requests };
}

/** An address nothing listens on: a port taken, then given back. */
async function closedAddress(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

describe('backend service', () => {
  it('starts on the embedded sandbox, lazily, with its data under <dataDir>/sandbox', async () => {
    const { service, dataDir } = await setup();
    expect(fs.existsSync(path.join(dataDir, 'sandbox'))).toBe(false);
    const status = await service.status();
    expect(status).toMatchObject({ kind: 'sandbox', mode: 'sandbox', keychain: { available: true } });
    expect(status.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(status.keys).toEqual({ appKey: false, appSecret: false, apiToken: false });
    expect(fs.existsSync(path.join(dataDir, 'sandbox'))).toBe(true);
    const clients = await service.clients();
    expect(clients).toMatchObject({ kind: 'sandbox', backendId: 'sandbox' });
    expect(await clients.v2.pickupLocations()).toContain('front_door');
    expect((await clients.v1.balance()).currency.toLowerCase()).toBe('usd');
    expect(await service.clients()).toBe(clients);
  });

  it('switches to a live service with keys from the vault and back, without a restart', async () => {
    const live = await liveService();
    const { service } = await setup();
    const changes: string[] = [];
    service.onChange((change) => changes.push(change.kind));
    const sandboxClients = await service.clients();

    await service.setCredentials('test', { appKey: live.credentials.appKey, appSecret: live.credentials.appSecret, apiToken: live.credentials.apiToken });
    const status = await service.configure({ kind: 'live', profile: 'test', baseUrl: live.baseUrl, legacyBaseUrl: live.legacyBaseUrl });
    expect(status).toMatchObject({ kind: 'live', baseUrl: live.baseUrl, keys: { appKey: true, appSecret: true, apiToken: true } });
    expect(status.mode).toBe(live.credentials.appKey.startsWith('SS_LIVE_') ? 'live' : 'test');

    const liveClients = await service.clients();
    expect(liveClients).not.toBe(sandboxClients);
    // The sandbox's keys are test keys (SS_TEST_), so purchases are kept apart from live-key ones at the same address.
    expect(liveClients).toMatchObject({ kind: 'live', backendId: backendIdentity('test', live.baseUrl, keyIdentity('appKey', live.credentials.appKey)) });
    expect(liveClients.backendId).not.toContain(live.credentials.appKey);
    expect(liveClients.v2.baseUrl).toBe(live.baseUrl);
    expect(await liveClients.v2.pickupLocations()).toContain('front_door');
    expect(await liveClients.v1.carrierAccounts()).toBeInstanceOf(Array);

    await service.configure({ kind: 'sandbox' });
    const back = await service.clients();
    expect(back.kind).toBe('sandbox');
    expect(back.v2.baseUrl).toBe(sandboxClients.v2.baseUrl);
    expect(changes).toEqual(['sandbox', 'live', 'sandbox']);
  });

  it('checks the keys stored just before a switch, even when the switch is asked for while they are still being written', async () => {
    const live = await liveService();
    const { service } = await setup();
    await service.setCredentials('test', { appKey: 'SS_TEST_abcdefgh', appSecret: 'secret-abcdefgh' });

    const storing = service.setCredentials('test', { appKey: live.credentials.appKey, appSecret: live.credentials.appSecret });
    const switching = service.configure({ kind: 'live', profile: 'test', baseUrl: live.baseUrl, legacyBaseUrl: live.legacyBaseUrl });
    await storing;
    expect(await switching).toMatchObject({ kind: 'live', baseUrl: live.baseUrl });
    expect((await service.clients()).backendId).toBe(backendIdentity('test', live.baseUrl, keyIdentity('appKey', live.credentials.appKey)));
  });

  it('refuses to switch to a live service without its keys, in words, and stays on the sandbox', async () => {
    const at = await tokenService();
    const { service } = await setup();
    const refused = await failure(service.configure({ kind: 'live', profile: 'live', ...at }));
    expect(refused).toMatchObject({ code: 'not_configured', message: expect.stringMatching(/Store the live AppKey and AppSecret.*stays on the sandbox/) });
    expect(await service.status()).toMatchObject({ kind: 'sandbox', mode: 'sandbox' });
    expect(at.tokenRequests()).toBe(0);
    // Keys removed after the switch: the next call asks for them.
    await service.setCredentials('live', { appKey: 'SS_LIVE_abcdefgh', appSecret: 'secret-abcdefgh' });
    await service.configure({ kind: 'live', profile: 'live', ...at });
    await service.clearCredentials('live');
    expect(await failure(service.clients())).toMatchObject({ code: 'not_configured', message: expect.stringMatching(/No live AppKey and AppSecret/) });
  });

  it('refuses an unreachable live address in words and stays on the sandbox', async () => {
    const { service } = await setup();
    await service.setCredentials('test', { appKey: 'SS_TEST_abcdefgh', appSecret: 'secret-abcdefgh' });
    const nowhere = await closedAddress();
    const refused = await failure(service.configure({ kind: 'live', profile: 'test', baseUrl: nowhere, legacyBaseUrl: nowhere }));
    expect(refused).toMatchObject({ code: 'service_unavailable', message: expect.stringMatching(/could not be reached.*stays on the sandbox/) });
    expect(refused.message).toContain(nowhere);
    expect(await service.status()).toMatchObject({ kind: 'sandbox', mode: 'sandbox' });
    expect((await service.clients()).kind).toBe('sandbox');
  });

  it('refuses a live service that does not accept the keys, in words', async () => {
    const at = await tokenService();
    const { service } = await setup();
    await service.setCredentials('live', { appKey: 'SS_LIVE_WRONGKEY', appSecret: 'secret-abcdefgh' });
    const refused = await failure(service.configure({ kind: 'live', profile: 'live', ...at }));
    expect(refused).toMatchObject({ code: 'unauthorized', message: expect.stringMatching(/refused the live AppKey and AppSecret.*stays on the sandbox/) });
    expect(at.tokenRequests()).toBe(1);
    expect((await service.status()).kind).toBe('sandbox');
  });

  it('reports which keys each key set holds, so the set being edited shows its own state', async () => {
    const at = await tokenService();
    const { service } = await setup();
    expect(await service.status()).toMatchObject({ profile: 'test', profiles: { test: { appKey: false }, live: { appKey: false } } });
    // Storing live keys while the station runs on the live service with its test key set.
    await service.setCredentials('test', { appKey: 'SS_TEST_abcdefgh', appSecret: 'secret-abcdefgh' });
    await service.configure({ kind: 'live', profile: 'test', ...at });
    const stored = await service.setCredentials('live', { appKey: 'SS_LIVE_abcdefgh', apiToken: 'token-abcdefgh' });
    expect(stored.profile).toBe('test');
    expect(stored.keys).toEqual({ appKey: true, appSecret: true, apiToken: false });
    expect(stored.profiles).toEqual({
      test: { appKey: true, appSecret: true, apiToken: false },
      live: { appKey: true, appSecret: false, apiToken: true },
    });
    const cleared = await service.clearCredentials('live');
    expect(cleared.profiles.live).toEqual({ appKey: false, appSecret: false, apiToken: false });
  });

  it('keeps test-key and live-key purchases apart at one service address', async () => {
    const { service } = await setup();
    const at = await tokenService();
    await service.setCredentials('test', { appKey: 'SS_TEST_abcdefgh', appSecret: 'secret-abcdefgh' });
    await service.setCredentials('live', { appKey: 'SS_LIVE_abcdefgh', appSecret: 'secret-abcdefgh' });
    await service.configure({ kind: 'live', profile: 'test', ...at });
    const testId = (await service.clients()).backendId;
    expect(testId).toBe(backendIdentity('test', at.baseUrl, keyIdentity('appKey', 'SS_TEST_abcdefgh')));
    expect(testId).toMatch(/^test:http:\/\/127\.0\.0\.1:\d+#/);
    await service.configure({ kind: 'live', profile: 'live', ...at });
    const liveId = (await service.clients()).backendId;
    expect(liveId).toBe(backendIdentity('live', at.baseUrl, keyIdentity('appKey', 'SS_LIVE_abcdefgh')));
    expect(liveId).not.toBe(testId);
  });

  it('refuses a key stored under the wrong profile', async () => {
    const { service } = await setup();
    const error = await failure(service.setCredentials('live', { appKey: 'SS_TEST_abcdefgh' }));
    expect(error).toMatchObject({ code: 'invalid_input', field: 'appKey' });
  });

  it('clears one profile\'s keys', async () => {
    const { service } = await setup();
    await service.setCredentials('live', { appKey: 'SS_LIVE_abcdefgh', appSecret: 'secret-abcdefgh' });
    await service.configure({ kind: 'live', profile: 'live', ...(await tokenService()) });
    expect((await service.status()).mode).toBe('live');
    const cleared = await service.clearCredentials('live');
    expect(cleared.keys).toEqual({ appKey: false, appSecret: false, apiToken: false });
  });

  it('without a keychain: says so, refuses to store, and cannot read live keys', async () => {
    const { service } = await setup({}, noKeychain);
    const status = await service.status();
    expect(status.keychain.available).toBe(false);
    expect(status.keychain.message).toMatch(/No system keychain is reachable/);
    expect((await failure(service.setCredentials('test', { appKey: 'SS_TEST_abcdefgh' }))).code).toBe('keychain_unavailable');
    // The sandbox needs no keys, so the station still works.
    await expect((await service.clients()).v2.pickupLocations()).resolves.toContain('front_door');
    // Live keys could never be read, so live mode is refused in words and the station stays on the sandbox.
    const refused = await failure(service.configure({ kind: 'live', profile: 'test', ...(await tokenService()) }));
    expect(refused).toMatchObject({ code: 'keychain_unavailable', message: expect.stringMatching(/No system keychain.*cannot be used.*stays on the sandbox/) });
    expect((await service.status()).kind).toBe('sandbox');
    await expect((await service.clients()).v2.pickupLocations()).resolves.toContain('front_door');
  });

  it('uses keys from the environment with explicit addresses for headless automation', async () => {
    const live = await liveService();
    const override = overrideFromEnvironment(
      { baseUrl: live.baseUrl, legacyBaseUrl: live.legacyBaseUrl },
      { PARCEL_STATION_APP_KEY: live.credentials.appKey, PARCEL_STATION_APP_SECRET: live.credentials.appSecret, PARCEL_STATION_API_TOKEN: live.credentials.apiToken },
    );
    const { service } = await setup(override ? { override } : {});
    expect(await service.status()).toMatchObject({ kind: 'live', baseUrl: live.baseUrl, keys: { appKey: true, appSecret: true, apiToken: true } });
    expect(await (await service.clients()).v2.pickupLocations()).toContain('front_door');
    expect((await failure(service.configure({ kind: 'sandbox' }))).code).toBe('conflict');
  });

  it('demands both addresses and the keys for an override', () => {
    expect(overrideFromEnvironment({}, {})).toBeUndefined();
    expect(() => overrideFromEnvironment({ baseUrl: 'http://x' }, {})).toThrow(/both --base-url and --legacy-base-url/);
    expect(() => overrideFromEnvironment({ baseUrl: 'http://x', legacyBaseUrl: 'http://y' }, {})).toThrow(/PARCEL_STATION_APP_KEY/);
  });

  it('refuses service addresses that carry keys, on the command line and in backend.configure', () => {
    const env = { PARCEL_STATION_APP_KEY: 'SS_TEST_abcdefgh', PARCEL_STATION_APP_SECRET: 'secret-abcdefgh' };
    expect(() => overrideFromEnvironment({ baseUrl: 'https://SS_TEST_k:s3cret@api.example.com', legacyBaseUrl: 'https://legacy.example.com' }, env)).toThrow(/user name or password/);
    const configure = stationCommands['backend.configure'].input;
    const live = { kind: 'live', profile: 'test', legacyBaseUrl: 'https://legacy.example.com' };
    const refused = configure.safeParse({ ...live, baseUrl: 'https://key:secret@api.example.com' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toMatch(/Leave keys and passwords out of the address/);
    expect(configure.safeParse({ ...live, baseUrl: 'https://api.example.com/v2?tenant=a@b' }).success).toBe(true);
  });
});

describe('backend module', () => {
  it('implements the contract commands and announces changes', async () => {
    const { service, db, log, dataDir } = await setup();
    const events: Array<{ name: string; payload: unknown }> = [];
    const ctx: StationContext = { dataDir, db, log, now: () => new Date(), emit: (name, payload) => void events.push({ name, payload }) };
    const module = createBackendModule(ctx, service);
    expect((await module.handlers['backend.status']({})).kind).toBe('sandbox');
    const stored = await module.handlers['credentials.set']({ profile: 'test', appKey: 'SS_TEST_abcdefgh', appSecret: 'secret-abcdefgh' });
    expect(stored.keys).toEqual({ appKey: true, appSecret: true, apiToken: false });
    expect(JSON.stringify(stored)).not.toContain('abcdefgh');
    await module.handlers['credentials.clear']({ profile: 'test' });
    await module.handlers['backend.configure']({ kind: 'sandbox' });
    expect(events).toEqual(Array.from({ length: 3 }, () => ({ name: 'station.changed', payload: { topics: ['backend'] } })));
    await module.close?.();
  });
});
