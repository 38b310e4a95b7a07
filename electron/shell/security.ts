import { CONTENT_SECURITY_POLICY } from '../station/staticFiles';
import type { BrowserWindowOptionsLike, IpcMainInvokeEventLike, SessionLike, WebContentsLike } from './electronLike';

/** The renderer is served from this custom scheme so it has a real origin (not file://). */
export const APP_SCHEME = 'station';
export const APP_ORIGIN = `${APP_SCHEME}://app`;
export const APP_ENTRY = `${APP_ORIGIN}/index.html`;

export function isAppUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${APP_SCHEME}:` && parsed.host === 'app';
  } catch {
    return false;
  }
}

export function windowOptions(preload: string): BrowserWindowOptionsLike {
  return {
    width: 1280,
    height: 860,
    minWidth: 900,
    minHeight: 640,
    title: 'Parcel Station',
    show: false,
    backgroundColor: '#f4f5f7',
    autoHideMenuBar: true,
    webPreferences: {
      preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      spellcheck: false,
    },
  };
}

/** IPC is answered only for the top-level frame of our own origin. */
export function isTrustedSender(event: IpcMainInvokeEventLike): boolean {
  const frame = event.senderFrame;
  return frame !== null && frame.parent === null && isAppUrl(frame.url);
}

/** No permissions (camera, notifications, ...), and the CSP as a response header. */
export function hardenSession(session: SessionLike): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: {
        ...details.responseHeaders,
        'Content-Security-Policy': [CONTENT_SECURITY_POLICY],
        'X-Content-Type-Options': ['nosniff'],
      },
    });
  });
}

/**
 * Documents the service hands out (SCAN form PDFs, label images) may open in
 * the system's own viewer: https anywhere, plain http only from this machine
 * (the embedded sandbox). Nothing else leaves the app.
 */
export function isExternalDocumentUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    if (parsed.username || parsed.password) return false;
    if (parsed.protocol === 'https:') return true;
    return parsed.protocol === 'http:' && (parsed.hostname === '127.0.0.1' || parsed.hostname === 'localhost');
  } catch {
    return false;
  }
}

/** No new windows (documents go to the system viewer), no navigation away from the app, no webviews. */
export function hardenContents(contents: WebContentsLike, openExternal: (url: string) => Promise<void>): void {
  contents.setWindowOpenHandler(({ url }) => {
    if (isExternalDocumentUrl(url)) void openExternal(url).catch(() => undefined);
    return { action: 'deny' };
  });
  const blockForeign = (event: { preventDefault(): void }, url: string): void => {
    if (!isAppUrl(url)) event.preventDefault();
  };
  contents.on('will-navigate', blockForeign);
  contents.on('will-redirect', blockForeign);
  contents.on('will-attach-webview', (event) => event.preventDefault());
}
