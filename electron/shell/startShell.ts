import fs from 'node:fs';
import path from 'node:path';
import { CONTENT_SECURITY_POLICY, resolveRendererFile } from '../station/staticFiles';
import type { BrowserWindowLike, ElectronLike } from './electronLike';
import { forwardEvents, registerContract } from './ipc';
import { APP_ENTRY, APP_SCHEME, hardenContents, hardenSession, windowOptions } from './security';
import { startStationChild, StationStartError, type StationChild } from './stationChild';

export interface ShellDeps {
  /** The station process's entry (dist/electron/station.cjs). */
  readonly stationModule: string;
  /** From resolveDataDir: the same folder the CLI uses. */
  readonly dataDir: string;
  /** The station options besides the data folder (--base-url, --warehouse, ...), handed to the station process as given. */
  readonly stationFlags?: readonly string[];
  readonly rendererDir: string;
  readonly preloadPath: string;
}

/** Must run before the app is ready: our scheme behaves like https (origin, fetch, CSP). */
export function registerAppScheme(electron: ElectronLike): void {
  electron.protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/** Words and where to look, for a dialog the operator reads. */
export function describeFailure(error: unknown): string {
  if (error instanceof StationStartError) return error.logFile ? `${error.message}\n\nThe log is at ${error.logFile}` : error.message;
  return `Parcel Station could not start: ${error instanceof Error ? error.message : String(error)}`;
}

/**
 * The desktop shell: one hardened window, and the station in a process of
 * its own that owns the data folder. Returns null when another desktop
 * launch already runs on this folder (that one's window is brought forward).
 */
export async function startShell(electron: ElectronLike, deps: ShellDeps): Promise<{ window: BrowserWindowLike; station: StationChild } | null> {
  const { app, ipcMain, session } = electron;
  // Chromium's own profile lives with the station's data, so the single-instance lock below is per data folder.
  app.setPath('userData', path.join(deps.dataDir, 'desktop'));
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return null;
  }
  app.on('web-contents-created', (_event, contents) => hardenContents(contents, (url) => electron.shell.openExternal(url)));
  await app.whenReady();

  const station = await startStationChild(electron.forkStation(deps.stationModule, ['--data-dir', deps.dataDir, ...(deps.stationFlags ?? [])]));
  let closing = false;
  station.onStopped((why) => {
    if (closing) return;
    electron.dialog.showErrorBox(
      'Parcel Station stopped',
      why ?? `The station process ended unexpectedly. Labels already bought and queued prints are stored; start Parcel Station again.\n\nThe log is at ${station.logFile}`,
    );
    app.quit();
  });

  hardenSession(session.defaultSession);
  session.defaultSession.protocol.handle(APP_SCHEME, (request) => {
    const found = resolveRendererFile(deps.rendererDir, new URL(request.url).pathname);
    if (!found) return new Response('Not found', { status: 404 });
    // Set here as well as in onHeadersReceived: custom-scheme responses may not pass through webRequest.
    return new Response(fs.readFileSync(found.file), {
      headers: { 'content-type': found.type, 'content-security-policy': CONTENT_SECURITY_POLICY, 'x-content-type-options': 'nosniff' },
    });
  });
  registerContract(ipcMain, station.call);

  const shown = electron.createWindow(windowOptions(deps.preloadPath));
  // A second launch on this folder quits at its own single-instance check; this one comes forward instead.
  app.on('second-instance', () => {
    if (shown.isMinimized()) shown.restore();
    shown.focus();
  });
  const stopForwarding = forwardEvents(station, () => [shown.webContents]);
  shown.once('ready-to-show', () => shown.show());
  shown.on('closed', stopForwarding);
  // A renderer that crashed or was killed comes back on its own; the station, and the bench's state in it, never left.
  shown.webContents.on('render-process-gone', (_event, details) => {
    if (details.reason !== 'clean-exit') shown.webContents.reload();
  });

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

  await shown.loadURL(APP_ENTRY);
  return { window: shown, station };
}
