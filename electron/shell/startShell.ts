import fs from 'node:fs';
import { CONTENT_SECURITY_POLICY, resolveRendererFile } from '../browser/staticFiles';
import type { Station, StationConfig } from '../station/createStation';
import type { BrowserWindowLike, ElectronLike } from './electronLike';
import { forwardEvents, registerContract } from './ipc';
import { APP_ENTRY, APP_SCHEME, hardenContents, hardenSession, windowOptions } from './security';

export interface ShellDeps {
  readonly createStation: (config: StationConfig) => Promise<Station>;
  readonly rendererDir: string;
  readonly preloadPath: string;
}

/** Must run before the app is ready: our scheme behaves like https (origin, fetch, CSP). */
export function registerAppScheme(electron: ElectronLike): void {
  electron.protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/** The desktop shell: one hardened window bound to one station. */
export async function startShell(electron: ElectronLike, deps: ShellDeps): Promise<{ window: BrowserWindowLike; station: Station }> {
  const { app, ipcMain, session } = electron;
  app.on('web-contents-created', (_event, contents) => hardenContents(contents, (url) => electron.shell.openExternal(url)));
  await app.whenReady();

  const station = await deps.createStation({ dataDir: app.getPath('userData') });
  hardenSession(session.defaultSession);
  session.defaultSession.protocol.handle(APP_SCHEME, (request) => {
    const found = resolveRendererFile(deps.rendererDir, new URL(request.url).pathname);
    if (!found) return new Response('Not found', { status: 404 });
    // Set here as well as in onHeadersReceived: custom-scheme responses may not pass through webRequest.
    return new Response(fs.readFileSync(found.file), {
      headers: { 'content-type': found.type, 'content-security-policy': CONTENT_SECURITY_POLICY, 'x-content-type-options': 'nosniff' },
    });
  });
  registerContract(ipcMain, station.dispatch);

  const window = electron.createWindow(windowOptions(deps.preloadPath));
  const stopForwarding = forwardEvents(station.events, () => [window.webContents]);
  window.once('ready-to-show', () => window.show());
  window.on('closed', stopForwarding);

  let closing = false;
  app.on('before-quit', (event) => {
    if (closing) return;
    closing = true;
    event.preventDefault();
    // A close that fails has already logged what it could; the app quits either way.
    void station
      .close()
      .catch(() => undefined)
      .finally(() => app.quit());
  });
  app.on('window-all-closed', () => app.quit());

  await window.loadURL(APP_ENTRY);
  return { window, station };
}
