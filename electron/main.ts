import { app, BrowserWindow, ipcMain, protocol, session, shell } from 'electron';
import path from 'node:path';
import { createStation } from './station/createStation';
import type { ElectronLike } from './shell/electronLike';
import { registerAppScheme, startShell } from './shell/startShell';

// Electron entry (dist/electron/main.cjs): binds the real Electron module to the shell.
const electron: ElectronLike = {
  app,
  ipcMain,
  protocol,
  session,
  shell,
  createWindow: (options) => new BrowserWindow(options),
};

registerAppScheme(electron);
startShell(electron, {
  createStation,
  rendererDir: path.join(__dirname, '..', 'renderer'),
  preloadPath: path.join(__dirname, 'preload.cjs'),
}).catch((error: unknown) => {
  process.stderr.write(`Parcel Station could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  app.exit(1);
});
