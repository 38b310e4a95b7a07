import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALL_CHANNEL, EVENT_CHANNEL, type Handlers } from '../../../shared/contract';
import { createMemoryLogger } from '../../../electron/log/logger';
import type { BrowserWindowOptionsLike, ElectronLike, IpcMainInvokeEventLike, SessionLike, WebContentsLike } from '../../../electron/shell/electronLike';
import { APP_ENTRY } from '../../../electron/shell/security';
import { registerAppScheme, startShell } from '../../../electron/shell/startShell';
import type { ChildLike } from '../../../electron/shell/stationChild';
import { createDispatcher, type Dispatch } from '../../../electron/core/dispatch';
import { createEventHub, type EventHub } from '../../../electron/core/events';
import type { FromStation, ToStation } from '../../../electron/station/processProtocol';
import { makeTempDir } from '../../support/tempDir';

type Listener = (...args: never[]) => unknown;

/**
 * The station process's side of the protocol over an in-memory channel, with
 * a real dispatcher behind it (test/integration/station/desktop.test.ts runs
 * the real station process).
 */
function inMemoryStation(dispatch: Dispatch, events: EventHub) {
  const messageListeners: Array<(message: FromStation) => void> = [];
  const exitListeners: Array<(code: number | null) => void> = [];
  const emit = (message: FromStation): void => queueMicrotask(() => messageListeners.forEach((l) => l(structuredClone(message))));
  events.subscribe((name, payload) => emit({ type: 'event', name, payload }));
  const exit = (code: number | null): void => exitListeners.forEach((l) => l(code));
  const child = {
    postMessage(message: ToStation) {
      if (message.type === 'call') void dispatch(message.name, message.input).then((result) => emit({ type: 'result', id: message.id, result }));
      else exit(0);
    },
    on(event: 'message' | 'exit', listener: never) {
      if (event === 'message') {
        messageListeners.push(listener);
        // Like the real process, it says it is ready only once the shell listens.
        if (messageListeners.length === 1) emit({ type: 'ready', logFile: '/data/logs/station.log' });
      } else exitListeners.push(listener);
    },
    kill: () => exit(null),
  } as ChildLike;
  return { child, emit, exit };
}

/** A stand-in for the `electron` module that records what the shell asks of it. */
function standInElectron(userData: string, station: ChildLike) {
  const handlers = new Map<string, (event: IpcMainInvokeEventLike, ...args: unknown[]) => Promise<unknown>>();
  const appListeners = new Map<string, Listener[]>();
  const contentsListeners = new Map<string, Listener>();
  const sent: unknown[][] = [];
  const opened: string[] = [];
  const dialogs: Array<[string, string]> = [];
  const windowCalls: string[] = [];
  let quits = 0;
  const recorded: {
    windowOptions?: BrowserWindowOptionsLike;
    openHandler?: (details: { url: string }) => { action: string };
    permissionRequest?: Parameters<SessionLike['setPermissionRequestHandler']>[0];
    permissionCheck?: Parameters<SessionLike['setPermissionCheckHandler']>[0];
    headers?: Parameters<SessionLike['webRequest']['onHeadersReceived']>[0];
    protocolHandler?: (request: { url: string }) => Promise<Response> | Response;
    schemes?: unknown;
    loaded?: string;
    userData?: string;
    fork?: string[];
  } = {};
  const contents: WebContentsLike = {
    setWindowOpenHandler: (handler) => {
      recorded.openHandler = handler;
    },
    on: (event, listener) => {
      contentsListeners.set(event, listener as Listener);
    },
    send: (...args) => sent.push(args),
    isDestroyed: () => false,
    reload: () => void windowCalls.push('reload'),
  };
  const electron: ElectronLike = {
    app: {
      whenReady: async () => undefined,
      setPath: (_name: string, value: string) => void (recorded.userData = value),
      requestSingleInstanceLock: () => true,
      on: (event: string, listener: Listener) => {
        appListeners.set(event, [...(appListeners.get(event) ?? []), listener]);
      },
      quit: () => void (quits += 1),
      isPackaged: false,
    } as ElectronLike['app'],
    ipcMain: { handle: (channel, listener) => void handlers.set(channel, listener) },
    protocol: { registerSchemesAsPrivileged: (schemes) => void (recorded.schemes = schemes) },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (handler) => void (recorded.permissionRequest = handler),
        setPermissionCheckHandler: (handler) => void (recorded.permissionCheck = handler),
        webRequest: { onHeadersReceived: (listener) => void (recorded.headers = listener) },
        protocol: { handle: (_scheme, handler) => void (recorded.protocolHandler = handler) },
      },
    },
    shell: { openExternal: async (url) => void opened.push(url) },
    dialog: { showErrorBox: (title, content) => void dialogs.push([title, content]) },
    forkStation: (modulePath, args) => {
      recorded.fork = [modulePath, ...args];
      return station;
    },
    createWindow: (options) => {
      recorded.windowOptions = options;
      for (const listener of appListeners.get('web-contents-created') ?? []) (listener as (e: unknown, c: WebContentsLike) => void)({}, contents);
      return {
        webContents: contents,
        loadURL: async (url) => void (recorded.loaded = url),
        once: () => undefined,
        on: () => undefined,
        show: () => undefined,
        focus: () => void windowCalls.push('focus'),
        isMinimized: () => true,
        restore: () => void windowCalls.push('restore'),
      };
    },
  };
  return { electron, handlers, appListeners, contentsListeners, sent, opened, dialogs, windowCalls, recorded, quits: () => quits, userData };
}

const temp = makeTempDir();
const rendererDir = path.join(temp.dir, 'renderer');
const dataDir = path.join(temp.dir, 'data');
const events = createEventHub(() => undefined);
const handlers = { 'credentials.clear': async () => ({ cleared: true }) } as unknown as Handlers;
const stationProcess = inMemoryStation(createDispatcher(handlers, createMemoryLogger()), events);
const fake = standInElectron(dataDir, stationProcess.child);

beforeAll(async () => {
  fs.mkdirSync(rendererDir, { recursive: true });
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html>');
  registerAppScheme(fake.electron);
  await startShell(fake.electron, { stationModule: '/app/station.cjs', dataDir, stationFlags: ['--base-url', 'http://127.0.0.1:9'], rendererDir, preloadPath: '/app/preload.cjs' });
});

afterAll(() => temp.cleanup());

const appFrame = { senderFrame: { url: 'station://app/index.html', parent: null } };

describe('Electron shell', () => {
  it('opens the window with every isolation setting on', () => {
    expect(fake.recorded.windowOptions?.webPreferences).toEqual({
      preload: '/app/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      spellcheck: false,
    });
    expect(fake.recorded.loaded).toBe(APP_ENTRY);
    expect(fake.recorded.schemes).toEqual([{ scheme: 'station', privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
  });

  it('starts the station in its own process on the data folder with the station options it was given, with Chromium\'s profile inside it', () => {
    expect(fake.recorded.fork).toEqual(['/app/station.cjs', '--data-dir', dataDir, '--base-url', 'http://127.0.0.1:9']);
    expect(fake.recorded.userData).toBe(path.join(dataDir, 'desktop'));
  });

  it('registers one call channel, and the station checks names and inputs', async () => {
    expect([...fake.handlers.keys()]).toEqual([CALL_CHANNEL]);
    const handler = fake.handlers.get(CALL_CHANNEL);
    if (!handler) throw new Error('no call channel');
    await expect(handler(appFrame, 'station.selfDestruct', {})).resolves.toMatchObject({ ok: false, error: { code: 'unknown_command' } });
  });

  it('answers IPC only from the app\'s own top-level frame', async () => {
    const handler = fake.handlers.get(CALL_CHANNEL);
    if (!handler) throw new Error('no call channel');
    await expect(handler(appFrame, 'credentials.clear', { profile: 'test' })).resolves.toEqual({ ok: true, value: { cleared: true } });
    const foreign = { senderFrame: { url: 'https://evil.example/', parent: null } };
    const subframe = { senderFrame: { url: 'station://app/index.html', parent: {} } };
    for (const event of [foreign, subframe, { senderFrame: null }]) {
      await expect(handler(event, 'credentials.clear', { profile: 'test' })).resolves.toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    }
    await expect(handler(appFrame, 'credentials.clear', { profile: 'prod' })).resolves.toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('brings the window forward on a second launch, and reloads a renderer that crashed', () => {
    for (const listener of fake.appListeners.get('second-instance') ?? []) (listener as () => void)();
    const gone = fake.contentsListeners.get('render-process-gone') as (event: unknown, details: { reason: string }) => void;
    gone({}, { reason: 'crashed' });
    gone({}, { reason: 'clean-exit' });
    expect(fake.windowCalls).toEqual(['restore', 'focus', 'reload']);
  });

  it('blocks new windows, foreign navigation and webviews', () => {
    for (const url of ['https://api.example.com/forms/5630.pdf', 'http://127.0.0.1:4010/scan-forms/1.pdf', 'file:///etc/passwd', 'javascript:alert(1)', 'http://192.168.1.9/x.pdf', 'https://user:pw@example.com/x.pdf', 'station://app/index.html']) {
      expect(fake.recorded.openHandler?.({ url })).toEqual({ action: 'deny' });
    }
    // Service documents open in the system viewer instead; nothing else does.
    expect(fake.opened).toEqual(['https://api.example.com/forms/5630.pdf', 'http://127.0.0.1:4010/scan-forms/1.pdf']);
    const prevented = (event: string, url: string): boolean => {
      let blocked = false;
      const listener = fake.contentsListeners.get(event) as (e: { preventDefault(): void }, url: string) => void;
      listener({ preventDefault: () => void (blocked = true) }, url);
      return blocked;
    };
    expect(prevented('will-navigate', 'https://evil.example/')).toBe(true);
    expect(prevented('will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(prevented('will-redirect', 'http://127.0.0.1:9/')).toBe(true);
    expect(prevented('will-navigate', 'station://app/index.html#/history')).toBe(false);
    expect(prevented('will-attach-webview', 'station://app/x')).toBe(true);
  });

  it('denies every permission and sends the CSP as a header', () => {
    let granted: boolean | undefined;
    fake.recorded.permissionRequest?.({}, 'media', (value) => void (granted = value));
    expect(granted).toBe(false);
    expect(fake.recorded.permissionCheck?.({}, 'notifications')).toBe(false);
    let headers: Record<string, string[] | string> | undefined;
    fake.recorded.headers?.({ url: APP_ENTRY, responseHeaders: {} }, (response) => void (headers = response.responseHeaders));
    expect(String(headers?.['Content-Security-Policy'])).toContain("default-src 'self'");
    expect(String(headers?.['Content-Security-Policy'])).toContain("object-src 'none'");
  });

  it('serves only the renderer\'s own files on the app scheme', async () => {
    const serve = fake.recorded.protocolHandler;
    if (!serve) throw new Error('no protocol handler');
    const page = await serve({ url: 'station://app/index.html' });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect((await serve({ url: 'station://app/../../etc/passwd' })).status).toBe(404);
    expect((await serve({ url: 'station://app/%2e%2e/secret.txt' })).status).toBe(404);
  });

  it('forwards station events to the window', async () => {
    events.emit('station.changed', { topics: ['shipments'] });
    // The event crosses the process channel first.
    await new Promise<void>((resolve) => queueMicrotask(resolve));
    expect(fake.sent).toContainEqual([EVENT_CHANNEL, { name: 'station.changed', payload: { topics: ['shipments'] } }]);
  });

  it('says in words, with the log\'s path, when the station process stops, and quits', async () => {
    stationProcess.emit({ type: 'fatal', message: 'The station stopped on an error it did not expect.', logFile: '/data/logs/station.log' });
    await new Promise<void>((resolve) => queueMicrotask(resolve));
    stationProcess.exit(1);
    expect(fake.dialogs).toEqual([['Parcel Station stopped', 'The station stopped on an error it did not expect.\n\nThe log is at /data/logs/station.log']]);
    expect(fake.quits()).toBe(1);
  });
});
