import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await harness({ tokenTtlSeconds: 600 });
});
afterAll(() => h.close());

function tokenRequest(auth: string | null, body = 'grant_type=client_credentials&scope=API', type = 'application/x-www-form-urlencoded') {
  return fetch(`${h.sandbox.baseUrl}/oauth2/token`, {
    method: 'POST',
    headers: { ...(auth ? { authorization: auth } : {}), 'content-type': type },
    body,
  });
}
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const locations = '/api/shipment/pickup/package/location/list';

describe('v2 token endpoint', () => {
  it('issues a bearer JWT with the configured lifetime', async () => {
    const res = await tokenRequest(basic(h.sandbox.credentials.appKey, h.sandbox.credentials.appSecret));
    expect(res.status).toBe(200);
    const json = (await res.json()) as { access_token: string; token_type: string; expires_in: number };
    expect(json).toMatchObject({ token_type: 'Bearer', expires_in: 600 });
    expect(json.access_token.split('.')).toHaveLength(3);
    expect(h.sandbox.credentials.appKey.startsWith('SS_TEST_')).toBe(true);
  });

  it('answers OAuth-style invalid_client for missing or wrong credentials', async () => {
    for (const auth of [null, basic(h.sandbox.credentials.appKey, 'wrong'), basic('SS_TEST_NOPE', h.sandbox.credentials.appSecret), 'Bearer x']) {
      const res = await tokenRequest(auth);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: 'invalid_client' });
    }
  });

  it('refuses other grant types, scopes and body encodings', async () => {
    const auth = basic(h.sandbox.credentials.appKey, h.sandbox.credentials.appSecret);
    expect(await (await tokenRequest(auth, 'grant_type=password')).json()).toMatchObject({ error: 'unsupported_grant_type' });
    expect(await (await tokenRequest(auth, 'grant_type=client_credentials&scope=ADMIN')).json()).toMatchObject({ error: 'invalid_scope' });
    const json = await tokenRequest(auth, '{"grant_type":"client_credentials"}', 'application/json');
    expect(json.status).toBe(400);
    expect(await json.json()).toMatchObject({ error: 'invalid_request' });
  });
});

describe('v2 bearer authentication', () => {
  it('demands a bearer token on business endpoints', async () => {
    const res = await h.v2('GET', locations, undefined, null);
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ code: 'unauthorized', msg: expect.any(String), data: null });
  });

  it('refuses a malformed token', async () => {
    const res = await h.v2('GET', locations, undefined, 'not.a.jwt');
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ code: 'token_invalid' });
  });

  it('keeps only the newest token per AppKey valid', async () => {
    const first = await h.token();
    expect((await h.v2('GET', locations, undefined, first)).status).toBe(200);
    h.advance(1000);
    const second = await h.token();
    expect((await h.v2('GET', locations, undefined, second)).status).toBe(200);
    const old = await h.v2('GET', locations, undefined, first);
    expect(old.status).toBe(401);
    expect(old.json).toMatchObject({ code: 'token_revoked' });
  });

  it('expires tokens after their lifetime', async () => {
    const token = await h.token();
    h.advance(601_000);
    const res = await h.v2('GET', locations, undefined, token);
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ code: 'token_expired' });
  });

  it('never accepts the v1 api_token on v2', async () => {
    const res = await h.v2('GET', locations, undefined, h.sandbox.credentials.apiToken);
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ error: 'invalid_client' });
    const query = await fetch(`${h.sandbox.baseUrl}${locations}?api_token=${h.sandbox.credentials.apiToken}`);
    expect(await query.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('answers unknown routes and wrong methods in the envelope shape', async () => {
    await h.token();
    const missing = await h.v2('GET', '/api/nope');
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ code: 'route_not_found', data: null });
    const method = await h.v2('GET', '/api/shipment/get_rates');
    expect(method.status).toBe(405);
    expect(method.json).toMatchObject({ code: 'method_not_allowed' });
  });
});

describe('v1 api_token', () => {
  it('refuses a missing, wrong or v2 key', async () => {
    expect((await h.v1('GET', '/api/balance', undefined, null)).json).toMatchObject({ code: 'api_token_missing' });
    const wrong = await h.v1('GET', '/api/balance', undefined, 'x'.repeat(60));
    expect(wrong.status).toBe(401);
    expect(wrong.json).toMatchObject({ message: 'Invalid token or account not found.', code: 'api_token_invalid' });
    const v2 = await h.v1('GET', '/api/balance', undefined, h.sandbox.credentials.appKey);
    expect(v2.status).toBe(403);
    expect(v2.json).toMatchObject({ code: 'v2_credentials_on_v1' });
  });

  it('accepts the account api_token', async () => {
    const res = await h.v1('GET', '/api/balance');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ currency: 'usd', balance: expect.stringMatching(/^\d+\.\d\d$/) });
  });
});
