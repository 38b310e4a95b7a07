import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Handlers } from '../../../shared/contract';
import { MAX_BRIDGE_SOCKETS, MAX_CONNECTIONS, PAGE_CODE_PATH, startBrowserHost, type BrowserHost } from '../../../electron/browser/host';
import { ENDPOINT_KEY_HEADER } from '../../../electron/station/endpoint';
import { createMemoryLogger } from '../../../electron/log/logger';
import { createDispatcher } from '../../../electron/core/dispatch';
import { createEventHub } from '../../../electron/core/events';
import { getPage, tradeCode, type Answer } from '../../support/browserSession';
import { makeTempDir } from '../../support/tempDir';

const CODE_KEY = 'code-key-0123456789';
const temp = makeTempDir();
const events = createEventHub(() => undefined);
let host: BrowserHost;
let clock = 1_000_000;
/** The session cookie, as the operator's browser holds it once it used its address. */
let cookie = '';

beforeAll(async () => {
  fs.writeFileSync(path.join(temp.dir, 'index.html'), '<!doctype html><title>Parcel Station</title>');
  fs.mkdirSync(path.join(temp.dir, 'assets'));
  fs.writeFileSync(path.join(temp.dir, 'assets', 'app.js'), 'console.log(1)');
  const log = createMemoryLogger();
  const handlers = {
    'credentials.clear': async (args: { profile: string }) => ({ cleared: args.profile }),
  } as unknown as Handlers;
  host = await startBrowserHost({ station: { dispatch: createDispatcher(handlers, log), events }, staticDir: temp.dir, log, port: 0, codeKey: CODE_KEY, now: () => clock });
  cookie = await tradeCode(host.pageUrl());
});

afterAll(async () => {
  await host.close();
  temp.cleanup();
});

function get(pathname: string, headers: Record<string, string> = {}): Promise<Answer> {
  return getPage(`http://127.0.0.1:${host.port}${pathname}`, headers);
}

function askCode(headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .request({ host: '127.0.0.1', port: host.port, path: PAGE_CODE_PATH, method: 'POST', headers }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on('error', reject)
      .end();
  });
}

function connect(query: string, headers: Record<string, string>): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/bridge${query}`, { headers });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

function nextMessage(ws: WebSocket): Promise<Record<string, unknown>> {
  return new Promise((resolve) => ws.once('message', (data) => resolve(JSON.parse(data.toString()) as Record<string, unknown>)));
}

describe('browser host', () => {
  it('binds to loopback and hands out one-time addresses, a fresh code each time', () => {
    const first = host.pageUrl();
    expect(first).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${host.port}/\\?code=[\\w-]{32}$`));
    expect(host.pageUrl()).not.toBe(first);
  });

  it('trades a code once for an HttpOnly SameSite=Strict cookie, and takes the code out of the address', async () => {
    const url = host.pageUrl();
    const traded = await getPage(url);
    expect(traded.status).toBe(303);
    expect(traded.headers.location).toBe('/');
    expect(traded.headers['set-cookie']?.[0]).toMatch(new RegExp(`^parcel_station_${host.port}=[\\w-]+; Path=/; HttpOnly; SameSite=Strict$`));
    const again = await getPage(url);
    expect(again.status).toBe(403);
    expect(again.body).toContain('opened the station once already');
    expect(again.headers['set-cookie']).toBeUndefined();
    // The operator's own browser, holding the cookie, opening a used address just goes to the page.
    expect((await getPage(url, { cookie })).status).toBe(303);
  });

  it('a code is good for a minute and not after', async () => {
    const inTime = host.pageUrl();
    const late = host.pageUrl();
    clock += 60_000;
    expect((await getPage(inTime)).status).toBe(303);
    clock += 1;
    expect((await getPage(late)).status).toBe(403);
  });

  it('serves the page only with the session cookie', async () => {
    expect((await get('/')).status).toBe(403);
    expect((await get('/?code=wrong')).status).toBe(403);
    expect((await get('/', { cookie: `parcel_station_${host.port}=wrong` })).status).toBe(403);
    const page = await get('/', { cookie });
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('asks the cookie of the page by every spelling of its path', async () => {
    for (const spelling of ['/', '/index.html', '/%69ndex.html', '/%2e/index.html', '//index.html', '/assets/../index.html', '/index.html/', '/INDEX.HTML'.toLowerCase()]) {
      expect((await get(spelling)).status, spelling).toBe(403);
      const admitted = await get(spelling, { cookie });
      expect(admitted.status, spelling).toBe(200);
      expect(admitted.body).toContain('Parcel Station');
    }
  });

  it('refuses a navigation from another page of 127.0.0.1 though the browser sends the cookie along (same site)', async () => {
    expect((await get('/', { cookie, 'sec-fetch-site': 'same-site' })).status).toBe(403);
    expect((await get('/', { cookie, 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await get('/', { cookie, 'sec-fetch-site': 'none' })).status).toBe(200);
    expect((await get('/', { cookie, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
  });

  it('a cookie tossed by another page beside the real one locks nothing out; alone it opens nothing', async () => {
    const tossed = `parcel_station_${host.port}=junk; key=junk`;
    expect((await get('/', { cookie: `${tossed}; ${cookie}` })).status).toBe(200);
    const ws = await connect('', { origin: host.origin, cookie: `${tossed}; ${cookie}` });
    ws.close();
    expect((await get('/', { cookie: tossed })).status).toBe(403);
    await expect(connect('', { origin: host.origin, cookie: tossed })).rejects.toThrow('refused 401');
  });

  it('gives a fresh address only to a process presenting the endpoint key, never to a page', async () => {
    expect(await askCode({})).toBe(403);
    expect(await askCode({ [ENDPOINT_KEY_HEADER]: 'wrong' })).toBe(403);
    expect(await askCode({ [ENDPOINT_KEY_HEADER]: CODE_KEY, origin: host.origin })).toBe(403);
    expect(await askCode({ [ENDPOINT_KEY_HEADER]: CODE_KEY })).toBe(200);
    expect((await get(PAGE_CODE_PATH)).status).toBe(403);
  });

  it('closes a connection that sends nothing, and holds no more than its cap of idle sockets at once', async () => {
    const log = createMemoryLogger();
    const small = await startBrowserHost({ station: { dispatch: createDispatcher({} as Handlers, log), events }, staticDir: temp.dir, log, port: 0, idleTimeoutMs: 300 });
    const smallCookie = await tradeCode(small.pageUrl());
    const open = (): Promise<net.Socket> =>
      new Promise((resolve) => {
        const socket = net.connect(small.port, '127.0.0.1', () => resolve(socket));
        socket.on('error', () => undefined);
      });
    const closed = (socket: net.Socket): Promise<void> => new Promise((resolve) => (socket.closed ? resolve() : socket.once('close', () => resolve())));
    const idle = await open();
    await closed(idle);

    const crowd = await Promise.all(Array.from({ length: MAX_CONNECTIONS }, open));
    const extra = await open();
    await closed(extra);
    expect(crowd.filter((socket) => !socket.closed).length).toBeGreaterThan(0);
    await Promise.all(crowd.map(closed));
    const page = await new Promise<number>((resolve) => {
      http.get({ host: '127.0.0.1', port: small.port, path: '/', headers: { cookie: smallCookie } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
    });
    expect(page).toBe(200);
    await small.close();
  }, 30_000);

  it('refuses more station pages than a bench has', async () => {
    const pages: WebSocket[] = [];
    for (let i = 0; i < MAX_BRIDGE_SOCKETS; i += 1) pages.push(await connect('', { origin: host.origin, cookie }));
    await expect(connect('', { origin: host.origin, cookie })).rejects.toThrow('refused 503');
    const gone = pages.pop() as WebSocket;
    await new Promise<void>((resolve) => {
      gone.once('close', () => resolve());
      gone.close();
    });
    await expect.poll(async () => {
      try {
        const again = await connect('', { origin: host.origin, cookie });
        pages.push(again);
        return true;
      } catch {
        return false;
      }
    }).toBe(true);
    for (const ws of pages) ws.close();
  });

  it('refuses a foreign Host header (DNS rebinding) and serves nothing outside the renderer', async () => {
    expect((await get('/', { host: 'evil.example:80', cookie })).status).toBe(403);
    expect((await get('/assets/app.js')).status).toBe(200);
    expect((await get('/assets/../../etc/passwd')).status).toBe(404);
    expect((await get('/%2e%2e/%2e%2e/etc/passwd')).status).toBe(404);
    expect((await get('/nothing-here.js')).status).toBe(404);
  });

  it('refuses a socket without the session cookie', async () => {
    await expect(connect('', { origin: host.origin })).rejects.toThrow('refused 401');
    await expect(connect(`?code=${new URL(host.pageUrl()).searchParams.get('code') ?? ''}`, { origin: host.origin })).rejects.toThrow('refused 401');
  });

  it('refuses a socket from a foreign Origin', async () => {
    await expect(connect('', { origin: 'http://evil.example', cookie })).rejects.toThrow('refused 403');
    await expect(connect('', { cookie })).rejects.toThrow('refused 403');
  });

  it('refuses a socket with a foreign Host header', async () => {
    await expect(connect('', { origin: host.origin, host: 'evil.example', cookie })).rejects.toThrow('refused 403');
  });


  it('answers a request target that is not a URL with 400 and keeps serving', async () => {
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(host.port, '127.0.0.1', () => socket.write(`GET http://[ HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\n\r\n`));
      socket.on('data', (data) => {
        resolve(String(data).split('\r\n')[0] ?? '');
        socket.destroy();
      });
      socket.on('error', () => resolve('error'));
    });
    expect(answer).toBe('HTTP/1.1 400 Bad Request');
    expect((await get('/', { cookie })).status).toBe(200);
  });

  it('survives a client that resets the connection it is being refused on', async () => {
    for (let i = 0; i < 20; i += 1) {
      const socket = net.connect(host.port, '127.0.0.1');
      socket.on('error', () => undefined);
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      socket.write(
        `GET /bridge HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nOrigin: http://evil.example\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
      socket.resetAndDestroy();
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await get('/', { cookie })).status).toBe(200);
  });

  it('runs contract calls, refuses bad ones with typed errors, and pushes events', async () => {
    const ws = await connect('', { origin: host.origin, cookie });
    ws.send(JSON.stringify({ type: 'call', id: 1, name: 'credentials.clear', input: { profile: 'test' } }));
    expect(await nextMessage(ws)).toEqual({ type: 'result', id: 1, result: { ok: true, value: { cleared: 'test' } } });

    ws.send(JSON.stringify({ type: 'call', id: 2, name: 'credentials.clear', input: { profile: 'prod' } }));
    const refused = (await nextMessage(ws)) as { result: { ok: boolean; error: { code: string; field: string } } };
    expect(refused.result.ok).toBe(false);
    expect(refused.result.error).toMatchObject({ code: 'invalid_input', field: 'profile' });

    ws.send(JSON.stringify({ type: 'call', id: 3, name: 'no.such.command', input: {} }));
    expect(await nextMessage(ws)).toMatchObject({ id: 3, result: { ok: false, error: { code: 'unknown_command' } } });

    ws.send('not json');
    expect(await nextMessage(ws)).toMatchObject({ type: 'error' });

    const event = nextMessage(ws);
    events.emit('station.notice', { level: 'info', message: 'hello' });
    expect(await event).toEqual({ type: 'event', name: 'station.notice', payload: { level: 'info', message: 'hello' } });
    ws.close();
  });
});
