import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { EVENT_CHANNEL, type Handlers, type StationApi } from '../../../shared/contract';
import { startBrowserHost, type BrowserHost } from '../../../electron/browser/host';
import { createMemoryLogger } from '../../../electron/log/logger';
import type { IpcMainInvokeEventLike } from '../../../electron/shell/electronLike';
import { forwardEvents, registerContract } from '../../../electron/shell/ipc';
import { createDispatcher } from '../../../electron/core/dispatch';
import { createEventHub } from '../../../electron/core/events';
import { tradeCode } from '../../support/browserSession';
import { makeTempDir } from '../../support/tempDir';

/**
 * One dispatcher behind both transports: the preload's window.station over a
 * stand-in IPC, and the browser bridge over a real WebSocket. The same call
 * must give the same result, and the same typed error, through either.
 */
const ipcHandlers = new Map<string, (event: IpcMainInvokeEventLike, ...args: unknown[]) => Promise<unknown>>();
const rendererListeners = new Set<(event: unknown, frame: unknown) => void>();
const exposed: Record<string, unknown> = {};
const appFrame: IpcMainInvokeEventLike = { senderFrame: { url: 'station://app/index.html', parent: null } };

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, value: unknown) => void (exposed[key] = value) },
  ipcRenderer: {
    invoke: async (channel: string, ...args: unknown[]) => {
      const handler = ipcHandlers.get(channel);
      if (!handler) throw new Error(`No handler registered for '${channel}'`);
      // Electron clones IPC payloads; so does this stand-in.
      return structuredClone(await handler(appFrame, ...structuredClone(args)));
    },
    on: (_channel: string, listener: (event: unknown, frame: unknown) => void) => void rendererListeners.add(listener),
    removeListener: (_channel: string, listener: (event: unknown, frame: unknown) => void) => void rendererListeners.delete(listener),
  },
}));

const temp = makeTempDir();
const events = createEventHub(() => undefined);
const log = createMemoryLogger();
const handlers = {
  'credentials.clear': async (args: { profile: string }) => ({ cleared: args.profile, at: 'now' }),
  'backend.status': async () => {
    throw new (await import('../../../shared/contract')).StationFailure({ code: 'keychain_unavailable', message: 'No keychain is reachable.' });
  },
} as unknown as Handlers;
const dispatch = createDispatcher(handlers, log);
let host: BrowserHost;
let ws: WebSocket;
let nextId = 1;

function viaBridge(name: string, input: unknown): Promise<unknown> {
  const id = nextId++;
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData): void => {
      const frame = JSON.parse(data.toString()) as { type: string; id?: number; result?: unknown };
      if (frame.type === 'result' && frame.id === id) {
        ws.off('message', onMessage);
        resolve(frame.result);
      }
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ type: 'call', id, name, input }));
  });
}

beforeAll(async () => {
  registerContract({ handle: (channel, listener) => void ipcHandlers.set(channel, listener) }, dispatch);
  forwardEvents(events, () => [{ send: (channel: string, frame: unknown) => rendererListeners.forEach((l) => channel === EVENT_CHANNEL && l({}, frame)), isDestroyed: () => false, setWindowOpenHandler: () => undefined, on: () => undefined, reload: () => undefined }]);
  await import('../../../electron/preload');
  fs.writeFileSync(path.join(temp.dir, 'index.html'), '<!doctype html><title>Parcel Station</title>');
  host = await startBrowserHost({ station: { dispatch, events }, staticDir: temp.dir, log });
  const cookie = await tradeCode(host.pageUrl());
  ws = new WebSocket(`ws://127.0.0.1:${host.port}/bridge`, { headers: { origin: host.origin, cookie } });
  await new Promise((resolve) => ws.once('open', resolve));
});

afterAll(async () => {
  ws.close();
  await host.close();
  temp.cleanup();
});

describe('both transports', () => {
  const station = (): StationApi => exposed.station as StationApi;

  it('expose only call and on to the page', () => {
    expect(Object.keys(exposed)).toEqual(['station']);
    expect(Object.keys(station()).sort()).toEqual(['call', 'on']);
  });

  const cases: Array<[string, string, unknown]> = [
    ['a valid call', 'credentials.clear', { profile: 'live' }],
    ['invalid input', 'credentials.clear', { profile: 'production' }],
    ['an extra field', 'credentials.clear', { profile: 'live', appKey: 'x' }],
    ['a handler failure', 'backend.status', {}],
    ['an unknown command', 'station.selfDestruct', {}],
  ];

  it.each(cases)('give the same answer for %s', async (_label, name, input) => {
    const overIpc = await station().call(name as 'credentials.clear', input as { profile: 'live' });
    const overBridge = await viaBridge(name, input);
    expect(overBridge).toEqual(overIpc);
  });

  it('deliver the same events', async () => {
    const seenIpc: unknown[] = [];
    const off = station().on('station.notice', (payload) => seenIpc.push(payload));
    const seenBridge = new Promise((resolve) => ws.once('message', (data) => resolve(JSON.parse(data.toString()))));
    events.emit('station.notice', { level: 'warning', message: 'Printer unplugged' });
    expect(await seenBridge).toEqual({ type: 'event', name: 'station.notice', payload: seenIpc[0] });
    off();
    events.emit('station.notice', { level: 'info', message: 'again' });
    expect(seenIpc).toHaveLength(1);
  });
});
