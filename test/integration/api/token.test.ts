import { afterEach, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../electron/api/http';
import { createV2Client } from '../../../electron/api/v2/client';
import { createTokenManager } from '../../../electron/api/v2/token';
import { StationFailure } from '../../../shared/contract/errors';
import { startFakeServer, type SeenRequest } from './fakeServer';

/**
 * A token endpoint that behaves like the service: only the most recently
 * minted token is valid, and a business endpoint that checks it.
 */
async function tokenService(options: { expiresIn?: number; mintDelayMs?: number } = {}) {
  let current = '';
  let mints = 0;
  const server = await startFakeServer(async (request: SeenRequest) => {
    if (request.url === '/oauth2/token') {
      const expected = `Basic ${Buffer.from('SS_TEST_key:secret-value').toString('base64')}`;
      if (request.headers.authorization !== expected) return { status: 401, json: { error: 'invalid_client' } };
      if (request.body !== 'grant_type=client_credentials&scope=API') return { status: 400, json: { error: 'invalid_request' } };
      if (options.mintDelayMs) await new Promise((resolve) => setTimeout(resolve, options.mintDelayMs));
      mints += 1;
      current = `tok-${mints}`;
      return { status: 200, json: { access_token: current, token_type: 'Bearer', expires_in: options.expiresIn ?? 1800 } };
    }
    if (request.headers.authorization !== `Bearer ${current}`) return { status: 401, json: { error: 'invalid_token' } };
    return { status: 200, json: { code: 'ok', msg: 'ok', data: ['front_door'] } };
  });
  return {
    server,
    get mints() {
      return mints;
    },
    /** Someone else minted a token for the same AppKey (another machine, say): ours is now revoked. */
    revoke() {
      mints += 1;
      current = `tok-${mints}`;
    },
  };
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((close) => close()));
});

async function setup(options: Parameters<typeof tokenService>[0] = {}, now?: () => Date) {
  const service = await tokenService(options);
  cleanups.push(() => service.server.close());
  const http = createHttpClient({ api: 'v2', retry: { baseDelayMs: 1, maxDelayMs: 2 } });
  const tokens = createTokenManager({ http, baseUrl: service.server.url, appKey: 'SS_TEST_key', appSecret: 'secret-value', ...(now ? { now } : {}) });
  const client = createV2Client({ baseUrl: service.server.url, appKey: 'SS_TEST_key', appSecret: 'secret-value', tokens });
  return { service, tokens, client };
}

describe('v2 token manager', () => {
  it('mints once for many concurrent calls (single flight)', async () => {
    const { service, client, tokens } = await setup({ mintDelayMs: 30 });
    const results = await Promise.all(Array.from({ length: 25 }, () => client.pickupLocations()));
    expect(results.every((list) => list[0] === 'front_door')).toBe(true);
    expect(service.mints).toBe(1);
    expect(tokens.minted).toBe(1);
  });

  it('sends Basic auth and the client-credentials form', async () => {
    const { service, tokens } = await setup();
    await tokens.get();
    const mint = service.server.seen.find((seen) => seen.url === '/oauth2/token');
    expect(mint?.method).toBe('POST');
    expect(mint?.headers['content-type']).toBe('application/x-www-form-urlencoded');
  });

  it('after a 401 retries with a token another call already minted, without minting again', async () => {
    const { tokens } = await setup();
    const first = await tokens.get();
    const second = await tokens.renew(first);
    expect(second).not.toBe(first);
    expect(tokens.minted).toBe(2);
    // A call that was sent with the first token comes back 401 after the renewal above.
    await expect(tokens.renew(first)).resolves.toBe(second);
    expect(tokens.minted).toBe(2);
  });

  it('renews a revoked token once and the call succeeds', async () => {
    const { service, client, tokens } = await setup();
    await client.pickupLocations();
    service.revoke();
    await expect(client.pickupLocations()).resolves.toEqual(['front_door']);
    expect(tokens.minted).toBe(2);
  });

  it('refreshes ahead of expiry', async () => {
    let clock = Date.parse('2026-01-01T00:00:00Z');
    const { tokens } = await setup({ expiresIn: 1800 }, () => new Date(clock));
    const first = await tokens.get();
    clock += 20 * 60 * 1000;
    await expect(tokens.get()).resolves.toBe(first);
    clock += 9 * 60 * 1000; // 29 minutes in: inside the refresh margin
    const second = await tokens.get();
    expect(second).not.toBe(first);
    expect(tokens.minted).toBe(2);
  });

  it('reports refused keys in the operator\'s words', async () => {
    const service = await tokenService();
    cleanups.push(() => service.server.close());
    const client = createV2Client({ baseUrl: service.server.url, appKey: 'SS_TEST_key', appSecret: 'wrong-secret' });
    const error = await client.pickupLocations().catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(StationFailure);
    expect((error as StationFailure).error).toMatchObject({ code: 'unauthorized', serviceCode: 'invalid_client' });
    expect((error as StationFailure).error.message).toMatch(/The AppKey\/AppSecret were refused by the service/);
  });
});
