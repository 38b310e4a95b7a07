import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createWireCapture, type CapturedExchange } from '../../../electron/api/capture';
import { createHttpClient } from '../../../electron/api/http';
import { startFakeServer, type Reply } from './fakeServer';

const closers: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

describe('wire capture in the HTTP layer', () => {
  it('writes every attempt, a 5xx and a non-JSON answer included, with the v1 api_token and the keys kept out', async () => {
    const replies: Reply[] = [{ status: 503, text: 'busy, try later' }, { status: 200, json: { data: { token: 'tok-123456', ok: true } } }];
    let index = 0;
    const server = await startFakeServer(() => replies[Math.min(index++, replies.length - 1)] as Reply);
    closers.push(() => server.close());
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ps-capture-unit-'));
    closers.push(() => fs.rmSync(folder, { recursive: true, force: true }));
    const http = createHttpClient({
      api: 'v1',
      retry: { baseDelayMs: 1, maxDelayMs: 2 },
      capture: createWireCapture({ folder: () => folder, secrets: () => ['APPKEY-SECRET-VALUE'] }),
    });
    await http.send(
      {
        method: 'POST',
        baseUrl: server.url,
        path: '/api/rates/list',
        query: { page: 2 },
        secretQuery: { api_token: 'V1-TOKEN-VALUE' },
        headers: { authorization: 'Bearer abcdefgh' },
        json: { note: 'APPKEY-SECRET-VALUE', access_token: 'x' },
        safety: 'read',
        action: 'quote rates',
      },
      (r) => r.body,
    );
    expect(server.seen[0]?.url).toContain('api_token=V1-TOKEN-VALUE');
    const files = fs.readdirSync(folder).sort();
    expect(files).toHaveLength(2);
    const exchanges = files.map((f) => JSON.parse(fs.readFileSync(path.join(folder, f), 'utf8')) as CapturedExchange);
    expect(exchanges.map((e) => [e.status, e.outcome])).toEqual(expect.arrayContaining([[503, 'service_unavailable'], [200, 'ok']]));
    const busy = exchanges.find((e) => e.status === 503)!;
    expect(busy).toMatchObject({ api: 'v1', method: 'POST', path: '/api/rates/list', query: { page: '2' }, answer: { body: 'busy, try later' } });
    expect(busy.request).toEqual({
      headers: { accept: 'application/json', authorization: '[redacted]', 'content-type': 'application/json' },
      body: { note: '[redacted]', access_token: '[redacted]' },
    });
    const text = files.map((f) => fs.readFileSync(path.join(folder, f), 'utf8')).join('\n');
    for (const secret of ['V1-TOKEN-VALUE', 'APPKEY-SECRET-VALUE', 'abcdefgh', 'tok-123456']) expect(text).not.toContain(secret);
  });
});
