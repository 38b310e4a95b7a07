/**
 * The slice of Electron's API the shell uses. main.ts passes the real module;
 * tests pass a stand-in, so the shell's security rules run in plain Node.
 */
export interface IpcMainInvokeEventLike {
  readonly senderFrame: { readonly url: string; readonly parent: unknown } | null;
}

import type { ChildLike } from './stationChild';

export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcMainInvokeEventLike, ...args: unknown[]) => Promise<unknown>): void;
}

export interface WebContentsLike {
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' | 'allow' }): void;
  on(event: 'will-navigate' | 'will-redirect' | 'will-attach-webview', listener: (event: { preventDefault(): void }, url: string) => void): void;
  on(event: 'render-process-gone', listener: (event: unknown, details: { reason: string }) => void): void;
  send(channel: string, ...args: unknown[]): void;
  isDestroyed(): boolean;
  reload(): void;
}

export interface SessionLike {
  setPermissionRequestHandler(handler: ((webContents: unknown, permission: string, callback: (granted: boolean) => void) => void) | null): void;
  setPermissionCheckHandler(handler: ((webContents: unknown, permission: string) => boolean) | null): void;
  webRequest: {
    onHeadersReceived(
      listener: (
        details: { url: string; responseHeaders?: Record<string, string[] | string> },
        callback: (response: { responseHeaders?: Record<string, string[] | string> }) => void,
      ) => void,
    ): void;
  };
  protocol: {
    handle(scheme: string, handler: (request: { url: string }) => Promise<Response> | Response): void;
  };
}

export interface WebPreferencesLike {
  readonly preload: string;
  readonly contextIsolation: boolean;
  readonly sandbox: boolean;
  readonly nodeIntegration: boolean;
  readonly nodeIntegrationInSubFrames: boolean;
  readonly webviewTag: boolean;
  readonly webSecurity: boolean;
  readonly allowRunningInsecureContent: boolean;
  readonly experimentalFeatures: boolean;
  readonly spellcheck: boolean;
}

export interface BrowserWindowLike {
  readonly webContents: WebContentsLike;
  loadURL(url: string): Promise<void>;
  once(event: 'ready-to-show', listener: () => void): void;
  on(event: 'closed', listener: () => void): void;
  show(): void;
  focus(): void;
  isMinimized(): boolean;
  restore(): void;
}

export interface BrowserWindowOptionsLike {
  readonly width: number;
  readonly height: number;
  readonly minWidth: number;
  readonly minHeight: number;
  readonly title: string;
  readonly show: boolean;
  readonly backgroundColor: string;
  readonly autoHideMenuBar: boolean;
  readonly webPreferences: WebPreferencesLike;
}

export interface ElectronLike {
  readonly app: {
    whenReady(): Promise<void>;
    setPath(name: 'userData', path: string): void;
    requestSingleInstanceLock(): boolean;
    on(event: 'window-all-closed' | 'before-quit', listener: (event: { preventDefault(): void }) => void): void;
    on(event: 'second-instance', listener: () => void): void;
    on(event: 'web-contents-created', listener: (event: unknown, contents: WebContentsLike) => void): void;
    quit(): void;
    readonly isPackaged: boolean;
  };
  readonly ipcMain: IpcMainLike;
  readonly protocol: {
    registerSchemesAsPrivileged(schemes: Array<{ scheme: string; privileges: { standard: boolean; secure: boolean; supportFetchAPI: boolean } }>): void;
  };
  readonly session: { readonly defaultSession: SessionLike };
  readonly shell: { openExternal(url: string): Promise<void> };
  readonly dialog: { showErrorBox(title: string, content: string): void };
  createWindow(options: BrowserWindowOptionsLike): BrowserWindowLike;
  /** Starts the station process (Electron: utilityProcess.fork). */
  forkStation(modulePath: string, args: readonly string[]): ChildLike;
}
