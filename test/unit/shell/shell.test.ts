import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandChannel, commandNames, EVENT_CHANNEL, type Handlers } from '../../../shared/contract';
import { createMemoryLogger } from '../../../electron/log/logger';
import type { BrowserWindowOptionsLike, ElectronLike, IpcMainInvokeEventLike, SessionLike, WebContentsLike } from '../../../electron/shell/electronLike';
import { APP_ENTRY } from '../../../electron/shell/security';
import { registerAppScheme, startShell } from '../../../electron/shell/startShell';
import type { Station } from '../../../electron/station/createStation';
import { createDispatcher } from '../../../electron/station/dispatch';
import { createEventHub } from '../../../electron/station/events';
import { makeTempDir } from '../../support/tempDir';

type Listener = (...args: never[]) => unknown;

/** A stand-in for the `electron` module that records what the shell asks of it. */
function standInElectron(userData: string) {
  const handlers = new Map<string, (event: IpcMainInvokeEventLike, ...args: unknown[]) => Promise<unknown>>();
  const appListeners = new Map<string, Listener[]>();
  const contentsListeners = new Map<string, Listener>();
  const sent: unknown[][] = [];
  const opened: string[] = [];
  const recorded: {
    windowOptions?: BrowserWindowOptionsLike;
    openHandler?: (details: { url: string }) => { action: string };
    permissionRequest?: Parameters<SessionLike['setPermissionRequestHandler']>[0];
    permissionCheck?: Parameters<SessionLike['setPermissionCheckHandler']>[0];
    headers?: Parameters<SessionLike['webRequest']['onHeadersReceived']>[0];
    protocolHandler?: (request: { url: string }) => Promise<Response> | Response;
    schemes?: unknown;
    loaded?: string;
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
  };
  const electron: ElectronLike = {
    app: {
      whenReady: async () => undefined,
      getPath: () => userData,
      on: (event: string, listener: Listener) => {
        appListeners.set(event, [...(appListeners.get(event) ?? []), listener]);
      },
      quit: () => undefined,
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
    createWindow: (options) => {
      recorded.windowOptions = options;
      for (const listener of appListeners.get('web-contents-created') ?? []) (listener as (e: unknown, c: WebContentsLike) => void)({}, contents);
      return {
        webContents: contents,
        loadURL: async (url) => void (recorded.loaded = url),
        once: () => undefined,
        on: () => undefined,
        show: () => undefined,
      };
    },
  };
  return { electron, handlers, contentsListeners, sent, opened, recorded };
}

const temp = makeTempDir();
const rendererDir = path.join(temp.dir, 'renderer');
const fake = standInElectron(path.join(temp.dir, 'user-data'));
const events = createEventHub(() => undefined);

beforeAll(async () => {
  fs.mkdirSync(rendererDir, { recursive: true });
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html>');
  const log = createMemoryLogger();
  const handlers = { 'credentials.clear': async () => ({ cleared: true }) } as unknown as Handlers;
  const station = { dispatch: createDispatcher(handlers, log), events, log, close: async () => undefined } as unknown as Station;
  registerAppScheme(fake.electron);
  await startShell(fake.electron, { createStation: async () => station, rendererDir, preloadPath: '/app/preload.cjs' });
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

  it('registers exactly the contract\'s channels', () => {
    expect([...fake.handlers.keys()].sort()).toEqual(commandNames.map(commandChannel).sort());
  });

  it('answers IPC only from the app\'s own top-level frame', async () => {
    const channel = commandChannel('credentials.clear');
    const handler = fake.handlers.get(channel);
    if (!handler) throw new Error('credentials.clear is not registered');
    await expect(handler(appFrame, { profile: 'test' })).resolves.toEqual({ ok: true, value: { cleared: true } });
    const foreign = { senderFrame: { url: 'https://evil.example/', parent: null } };
    const subframe = { senderFrame: { url: 'station://app/index.html', parent: {} } };
    for (const event of [foreign, subframe, { senderFrame: null }]) {
      await expect(handler(event, { profile: 'test' })).resolves.toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    }
    await expect(handler(appFrame, { profile: 'prod' })).resolves.toMatchObject({ ok: false, error: { code: 'invalid_input' } });
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

  it('forwards station events to the window', () => {
    events.emit('station.changed', { topics: ['shipments'] });
    expect(fake.sent).toContainEqual([EVENT_CHANNEL, { name: 'station.changed', payload: { topics: ['shipments'] } }]);
  });
});
