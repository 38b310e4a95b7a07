import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../electron/api/audit';
import { createSqliteAuditSink } from '../../../electron/api/audit';
import { isOutcomeUnknown } from '../../../electron/api/failures';
import { createHttpClient, type HttpRequest } from '../../../electron/api/http';
import type { Safety } from '../../../electron/api/retry';
import { openDatabase } from '../../../electron/store/database';
import { StationFailure } from '../../../shared/contract/errors';
import { refusedUrl, startFakeServer, type Reply } from './fakeServer';
import { failure } from '../../support/failure';

const servers: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(replies: Reply[]) {
  let index = 0;
  const server = await startFakeServer(() => replies[Math.min(index++, replies.length - 1)] as Reply);
  servers.push(server);
  return server;
}

function client(audit: AuditEntry[] = []) {
  return createHttpClient({
    api: 'v2',
    timeoutMs: 300,
    audit: (entry) => audit.push(entry),
    retry: { baseDelayMs: 1, maxDelayMs: 2 },
  });
}

const request = (baseUrl: string, safety: Safety, extra: Partial<HttpRequest> = {}): HttpRequest => ({
  method: 'POST',
  baseUrl,
  path: '/api/thing',
  json: { a: 1 },
  safety,
  action: 'do the thing',
  ...extra,
});

const body = (response: { body: unknown }) => response.body;

describe('http layer', () => {
  it('retries a read after a 5xx and reports every attempt to the audit sink', async () => {
    const server = await serve([{ status: 503, json: { msg: 'busy' } }, { status: 200, json: { fine: true } }]);
    const audit: AuditEntry[] = [];
    const value = await client(audit).send(request(server.url, 'read'), body);
    expect(value).toEqual({ fine: true });
    expect(server.seen).toHaveLength(2);
    expect(audit.map((entry) => [entry.status, entry.outcome])).toEqual([
      [503, 'service_unavailable'],
      [200, 'ok'],
    ]);
    expect(audit[0]).toMatchObject({ api: 'v2', method: 'POST', endpoint: '/api/thing' });
  });

  it('retries an idempotent purchase after a 502', async () => {
    const server = await serve([{ status: 502 }, { status: 200, json: { ok: 1 } }]);
    await expect(client().send(request(server.url, 'idempotent', { platformUkId: 'PS-1' }), body)).resolves.toEqual({ ok: 1 });
    expect(server.seen.map((seen) => seen.body)).toEqual(['{"a":1}', '{"a":1}']);
  });

  it('never repeats an unsafe write after a 5xx: the outcome is unknown', async () => {
    const server = await serve([{ status: 500 }, { status: 200, json: {} }]);
    const audit: AuditEntry[] = [];
    const error = await failure(client(audit).send(request(server.url, 'unsafe'), body));
    expect(server.seen).toHaveLength(1);
    expect(error.code).toBe('timeout');
    expect(error.retryable).toBe(false);
    expect(isOutcomeUnknown(error)).toBe(true);
    expect(error.message).toMatch(/do the thing.*Check the current state before trying again/);
    expect(audit[0]?.outcome).toBe('outcome_unknown');
  });

  it('reports an unsafe write whose answer never came as outcome unknown, and retries a read that hung', async () => {
    const hung = await serve(['hang']);
    const error = await failure(client().send(request(hung.url, 'unsafe'), body));
    expect(isOutcomeUnknown(error)).toBe(true);
    expect(hung.seen).toHaveLength(1);

    const flaky = await serve(['hang', { status: 200, json: { late: true } }]);
    await expect(client().send(request(flaky.url, 'read'), body)).resolves.toEqual({ late: true });
    expect(flaky.seen).toHaveLength(2);
  });

  it('gives up on a read that keeps timing out with a retryable timeout', async () => {
    const hung = await serve(['hang']);
    const error = await failure(client().send(request(hung.url, 'read'), body));
    expect(error).toMatchObject({ code: 'timeout', retryable: true });
    expect(hung.seen).toHaveLength(3);
  });

  it('sends a journaled purchase once, whatever the answer: the journal owns its retries', async () => {
    const server = await serve([{ status: 502 }, { status: 200, json: { ok: 1 } }]);
    const error = await failure(client().send(request(server.url, 'journaled', { platformUkId: 'PS-7' }), body));
    expect(error).toMatchObject({ retryable: true });
    expect(server.seen).toHaveLength(1);
    const limited = await serve([{ status: 429, headers: { 'retry-after': '0' } }, { status: 200, json: { ok: 1 } }]);
    await failure(client().send(request(limited.url, 'journaled', { platformUkId: 'PS-8' }), body));
    expect(limited.seen).toHaveLength(1);
    const refused = await failure(client().send(request(await refusedUrl(), 'journaled', { platformUkId: 'PS-9' }), body));
    expect(refused).toMatchObject({ code: 'service_unavailable', retryable: true });
  });

  it('treats a reset connection like a lost answer', async () => {
    const reset = await serve(['reset']);
    expect(isOutcomeUnknown(await failure(client().send(request(reset.url, 'unsafe'), body)))).toBe(true);
    const flaky = await serve(['reset', { status: 200, json: [1] }]);
    await expect(client().send(request(flaky.url, 'idempotent'), body)).resolves.toEqual([1]);
  });

  it('retries even an unsafe write when the connection was refused (it never left)', async () => {
    const error = await failure(client().send(request(await refusedUrl(), 'unsafe'), body));
    expect(error).toMatchObject({ code: 'service_unavailable', retryable: true });
  });

  it('waits out a 429 Retry-After and tries again, for any kind of call', async () => {
    const server = await serve([{ status: 429, headers: { 'retry-after': '0' } }, { status: 200, json: { done: true } }]);
    const audit: AuditEntry[] = [];
    await expect(client(audit).send(request(server.url, 'unsafe'), body)).resolves.toEqual({ done: true });
    expect(audit.map((entry) => entry.outcome)).toEqual(['rate_limited', 'ok']);
  });

  it('reports a long Retry-After to the operator instead of waiting', async () => {
    const server = await serve([{ status: 429, headers: { 'retry-after': '120' } }]);
    const error = await failure(client().send(request(server.url, 'read'), body));
    expect(error.code).toBe('rate_limited');
    expect(error.message).toMatch(/120 seconds/);
  });

  it('audits the path only: no query string, so no api_token', async () => {
    const server = await serve([{ status: 200, json: {} }]);
    const audit: AuditEntry[] = [];
    await client(audit).send(request(server.url, 'read', { method: 'GET', json: undefined, query: { a: 'b' }, secretQuery: { api_token: 'sekret-token' } }), body);
    expect(server.seen[0]?.url).toBe('/api/thing?a=b&api_token=sekret-token');
    expect(JSON.stringify(audit)).not.toContain('sekret');
    expect(audit[0]?.endpoint).toBe('/api/thing');
  });

  it('records the failure code the interpreter threw', async () => {
    const server = await serve([{ status: 200, text: 'not json' }]);
    const audit: AuditEntry[] = [];
    const error = await failure(
      client(audit).send(request(server.url, 'read'), () => {
        throw new StationFailure({ code: 'service_rejected', message: 'no' });
      }),
    );
    expect(error.code).toBe('service_rejected');
    expect(audit[0]?.outcome).toBe('service_rejected');
  });

  it('writes audit rows to SQLite through the audit sink', async () => {
    const db = openDatabase({ file: ':memory:' });
    const server = await serve([{ status: 200, json: {} }]);
    const http = createHttpClient({ api: 'v1', audit: createSqliteAuditSink(db) });
    await http.send(request(server.url, 'idempotent', { platformUkId: 'PS-42' }), body);
    const rows = db.prepare('SELECT api, method, endpoint, status, platform_uk_id, outcome FROM audit_log').all();
    expect(rows).toEqual([{ api: 'v1', method: 'POST', endpoint: '/api/thing', status: 200, platform_uk_id: 'PS-42', outcome: 'ok' }]);
    db.close();
  });
});
