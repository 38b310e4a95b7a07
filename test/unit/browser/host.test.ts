import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Handlers } from '../../../shared/contract';
import { startBrowserHost, type BrowserHost } from '../../../electron/browser/host';
import { createMemoryLogger } from '../../../electron/log/logger';
import { createDispatcher } from '../../../electron/station/dispatch';
import { createEventHub } from '../../../electron/station/events';
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

  it('sets the key as an HttpOnly cookie for this port, so a reload opens without the key in the address', async () => {
    const page = await get(`/?key=${SECRET}`);
    const cookie = String(page.headers['set-cookie']);
    expect(cookie).toContain(`parcel_station_${host.port}=`);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    const pair = cookie.split(';')[0] ?? '';
    expect((await get('/', { cookie: pair })).status).toBe(200);
    expect((await get('/', { cookie: `parcel_station_${host.port}=wrong` })).status).toBe(403);
    expect((await get('/', { cookie: `parcel_station_1=${SECRET}` })).status).toBe(403);
    const ws = await connect('', { origin: host.origin, cookie: pair });
    ws.close();
    await expect(connect('', { origin: 'http://evil.example', cookie: pair })).rejects.toThrow('refused 403');
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

  it('refuses a malformed key cookie (any page on 127.0.0.1 can set one) and keeps serving', async () => {
    const cookie = `parcel_station_${host.port}=%E0%A4%A`;
    expect((await get('/', { cookie })).status).toBe(403);
    await expect(connect('', { origin: host.origin, cookie })).rejects.toThrow('refused 401');
    expect((await get(`/?key=${SECRET}`)).status).toBe(200);
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
