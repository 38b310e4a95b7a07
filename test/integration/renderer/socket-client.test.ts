import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { createSocketStation, type SocketStation } from '../../../renderer/src/station/socket-client';

// The client runs on Node 22's built-in WebSocket, the same API the page uses.
async function bridge(onCall: (socket: WebSocket, message: { id: number; name: string; input: unknown }) => void) {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const sockets = new Set<WebSocket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('message', (data) => onCall(socket, JSON.parse(String(data)) as { id: number; name: string; input: unknown }));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}/bridge`,
    sockets,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let client: SocketStation | undefined;
let closeServer: (() => Promise<void>) | undefined;
afterEach(async () => {
  client?.close();
  await closeServer?.();
});

const waitForLink = (station: SocketStation, state: string) =>
  new Promise<void>((resolve) => {
    if (station.link() === state) return resolve();
    const off = station.onLink((s) => {
      if (s !== state) return;
      off();
      resolve();
    });
  });

describe('the browser-mode StationApi client', () => {
  it('answers calls with the Result the bridge sends, matched by id, and delivers events', async () => {
    const server = await bridge((socket, call) => {
      socket.send(JSON.stringify({ type: 'event', name: 'station.notice', payload: { level: 'info', message: `got ${call.name}` } }));
      socket.send(JSON.stringify({ type: 'result', id: call.id, result: { ok: true, value: { echoed: call.input } } }));
    });
    closeServer = server.close;
    client = createSocketStation(server.url);
    const notices: string[] = [];
    client.on('station.notice', (p) => notices.push(p.message));
    const result = await client.call('backend.status', {});
    expect(result).toEqual({ ok: true, value: { echoed: {} } });
    expect(notices).toEqual(['got backend.status']);
  });

  it('fails a call in flight with a typed error in words when the link drops, then reconnects', async () => {
    let answer = false;
    const server = await bridge((socket, call) => {
      if (answer) socket.send(JSON.stringify({ type: 'result', id: call.id, result: { ok: true, value: 'back' } }));
      else socket.terminate();
    });
    closeServer = server.close;
    client = createSocketStation(server.url);
    const dropped = await client.call('backend.status', {});
    expect(dropped.ok).toBe(false);
    if (!dropped.ok) {
      expect(dropped.error.code).toBe('service_unavailable');
      expect(dropped.error.message).toMatch(/connection to the station dropped/);
      expect(dropped.error.retryable).toBe(true);
    }
    answer = true;
    await waitForLink(client, 'open');
    await expect(client.call('backend.status', {})).resolves.toEqual({ ok: true, value: 'back' });
  });

  it('gives up on a call with a typed error when the station stays unreachable', async () => {
    client = createSocketStation('ws://127.0.0.1:9/bridge');
    const result = await client.call('backend.status', {});
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('service_unavailable');
  }, 15_000);
});
