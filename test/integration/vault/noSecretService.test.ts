import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { everyFileText } from '../../support/tempDir';
import { createStation } from '../../../electron/station/createStation';

/**
 * The real keychain library (keytar over libsecret) with no Secret Service
 * reachable: the session bus address points at a socket that does not exist,
 * set before this worker first touches the keychain.
 */
process.env.DBUS_SESSION_BUS_ADDRESS = `unix:path=${path.join(os.tmpdir(), `parcel-station-no-bus-${process.pid}`)}`;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parcel-station-nokeychain-'));
const station = await createStation({ dataDir });
afterAll(async () => {
  await station.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Every file under dir, as text, so a secret written anywhere shows up. */
describe('credentials with no Secret Service reachable', () => {
  it('says so in words, refuses to store, and writes no key anywhere in the data folder', async () => {
    const status = await station.dispatch('backend.status', {});
    expect(status).toMatchObject({ ok: true, value: { keychain: { available: false, message: expect.stringMatching(/keychain/i) } } });
    const keys = { appKey: 'SS_LIVE_plaintextProbe1', appSecret: 'plaintext-probe-secret-2', apiToken: 'plaintext-probe-token-3' };
    const result = await station.dispatch('credentials.set', { profile: 'live', ...keys });
    expect(result).toMatchObject({ ok: false, error: { code: 'keychain_unavailable', message: expect.stringMatching(/plain text/) } });
    expect(JSON.stringify(result)).not.toMatch(/plaintext-?probe/i);
    const after = await station.dispatch('backend.status', {});
    expect(after).toMatchObject({ ok: true, value: { keys: { appKey: false, appSecret: false, apiToken: false } } });
    const written = everyFileText(dataDir);
    for (const value of Object.values(keys)) expect(written).not.toContain(value);
  });

  it('refuses live mode in words, so no scan later finds the keychain missing; the station stays on the sandbox', async () => {
    const result = await station.dispatch('backend.configure', { kind: 'live', profile: 'live', baseUrl: 'http://127.0.0.1:9', legacyBaseUrl: 'http://127.0.0.1:9' });
    expect(result).toMatchObject({ ok: false, error: { code: 'keychain_unavailable', message: expect.stringMatching(/No system keychain.*live service cannot be used.*stays on the sandbox/) } });
    expect(await station.dispatch('backend.status', {})).toMatchObject({ ok: true, value: { kind: 'sandbox', mode: 'sandbox' } });
  });
});
