import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Handlers } from '../../../shared/contract';
import { MAX_BRIDGE_SOCKETS, MAX_CONNECTIONS, startBrowserHost, type BrowserHost } from '../../../electron/browser/host';
import { createMemoryLogger } from '../../../electron/log/logger';
import { createDispatcher } from '../../../electron/core/dispatch';
import { createEventHub } from '../../../electron/core/events';
import { makeTempDir } from '../../support/tempDir';

const SECRET = 'test-secret-0123456789';
const temp = makeTempDir();
const events = createEventHub(() => undefined);
let host: BrowserHost;

beforeAll(async () => {
  fs.writeFileSync(path.join(temp.dir, 'index.html'), '<!doctype html><title>Parcel Station</title>');
  fs.mkdirSync(path.join(temp.dir, 'assets'));
  fs.writeFileSync(path.join(temp.dir, 'assets', 'app.js'), 'console.log(1)');
  const log = createMemoryLogger();
  const handlers = {
    'credentials.clear': async (args: { profile: string }) => ({ cleared: args.profile }),
  } as unknown as Handlers;
  host = await startBrowserHost({ station: { dispatch: createDispatcher(handlers, log), events }, staticDir: temp.dir, log, secret: SECRET, port: 0 });
});

afterAll(async () => {
  await host.close();
  temp.cleanup();
});

function get(pathname: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: host.port, path: pathname, headers }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      })
      .on('error', reject);
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
  it('binds to loopback and prints a URL that carries the secret', () => {
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/?key=${SECRET}`);
  });

  it('serves the page only with the secret', async () => {
    expect((await get('/')).status).toBe(403);
    expect((await get('/?key=wrong')).status).toBe(403);
    const page = await get(`/?key=${SECRET}`);
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('asks the key of the page by every spelling of its path', async () => {
    for (const spelling of ['/', '/index.html', '/%69ndex.html', '/%2e/index.html', '//index.html', '/assets/../index.html', '/index.html/', '/INDEX.HTML'.toLowerCase()]) {
      expect((await get(spelling)).status, spelling).toBe(403);
      const keyed = await get(`${spelling}?key=${SECRET}`);
      expect(keyed.status, spelling).toBe(200);
      expect(keyed.body).toContain('Parcel Station');
    }
  });

  it('trusts no cookie: it sets none, a cookie with the key opens neither the page nor the socket, and a tossed one locks nothing out', async () => {
    const page = await get(`/?key=${SECRET}`);
    expect(page.headers['set-cookie']).toBeUndefined();
    const cookie = `parcel_station_${host.port}=${SECRET}`;
    expect((await get('/', { cookie })).status).toBe(403);
    await expect(connect('', { origin: host.origin, cookie })).rejects.toThrow('refused 401');
    // Another page on 127.0.0.1 tossing a cookie changes nothing for the keyed address a reload presents.
    const tossed = `parcel_station_${host.port}=junk; key=junk`;
    expect((await get(`/?key=${SECRET}`, { cookie: tossed })).status).toBe(200);
    const ws = await connect(`?key=${SECRET}`, { origin: host.origin, cookie: tossed });
    ws.close();
  });

  it('closes a connection that sends nothing, and holds no more than its cap of idle sockets at once', async () => {
    const log = createMemoryLogger();
    const small = await startBrowserHost({ station: { dispatch: createDispatcher({} as Handlers, log), events }, staticDir: temp.dir, log, secret: SECRET, port: 0, idleTimeoutMs: 300 });
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
      http.get({ host: '127.0.0.1', port: small.port, path: `/?key=${SECRET}` }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
    });
    expect(page).toBe(200);
    await small.close();
  }, 30_000);

  it('refuses more station pages than a bench has', async () => {
    const pages: WebSocket[] = [];
    for (let i = 0; i < MAX_BRIDGE_SOCKETS; i += 1) pages.push(await connect(`?key=${SECRET}`, { origin: host.origin }));
    await expect(connect(`?key=${SECRET}`, { origin: host.origin })).rejects.toThrow('refused 503');
    const gone = pages.pop() as WebSocket;
    await new Promise<void>((resolve) => {
      gone.once('close', () => resolve());
      gone.close();
    });
    await expect.poll(async () => {
      try {
        const again = await connect(`?key=${SECRET}`, { origin: host.origin });
        pages.push(again);
        return true;
      } catch {
        return false;
      }
    }).toBe(true);
    for (const ws of pages) ws.close();
  });

  it('refuses a foreign Host header (DNS rebinding) and serves nothing outside the renderer', async () => {
    expect((await get(`/?key=${SECRET}`, { host: 'evil.example:80' })).status).toBe(403);
    expect((await get('/assets/app.js')).status).toBe(200);
    expect((await get('/assets/../../etc/passwd')).status).toBe(404);
    expect((await get('/%2e%2e/%2e%2e/etc/passwd')).status).toBe(404);
    expect((await get('/nothing-here.js')).status).toBe(404);
  });

  it('refuses a socket without the secret', async () => {
    await expect(connect('', { origin: host.origin })).rejects.toThrow('refused 401');
    await expect(connect('?key=nope', { origin: host.origin })).rejects.toThrow('refused 401');
  });

  it('refuses a socket from a foreign Origin', async () => {
    await expect(connect(`?key=${SECRET}`, { origin: 'http://evil.example' })).rejects.toThrow('refused 403');
    await expect(connect(`?key=${SECRET}`, {})).rejects.toThrow('refused 403');
  });

  it('refuses a socket with a foreign Host header', async () => {
    await expect(connect(`?key=${SECRET}`, { origin: host.origin, host: 'evil.example' })).rejects.toThrow('refused 403');
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
    expect((await get(`/?key=${SECRET}`)).status).toBe(200);
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
    expect((await get(`/?key=${SECRET}`)).status).toBe(200);
  });

  it('runs contract calls, refuses bad ones with typed errors, and pushes events', async () => {
    const ws = await connect(`?key=${SECRET}`, { origin: host.origin });
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
