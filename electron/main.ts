import { app, BrowserWindow, dialog, ipcMain, protocol, session, shell, utilityProcess } from 'electron';
import path from 'node:path';
import { resolveDataDir } from './core/paths';
import type { ChildLike } from './shell/stationChild';
import type { FromStation } from './station/processProtocol';
import type { ElectronLike } from './shell/electronLike';
import { describeFailure, registerAppScheme, startShell } from './shell/startShell';
import { stationFlagsOf, stationOptionsOf } from './station/options';

// Electron entry (dist/electron/main.cjs): binds the real Electron module to the shell.
const electron: ElectronLike = {
  app,
  ipcMain,
  protocol,
  session,
  shell,
  dialog,
  createWindow: (options) => new BrowserWindow(options),
  forkStation: (modulePath, args) => childOf(utilityProcess.fork(modulePath, [...args], { serviceName: 'Parcel Station station', stdio: 'inherit' })),
};

function childOf(child: Electron.UtilityProcess): ChildLike {
  function on(event: 'message', listener: (message: FromStation) => void): void;
  function on(event: 'exit', listener: (code: number | null) => void): void;
  function on(event: 'message' | 'exit', listener: ((message: FromStation) => void) | ((code: number | null) => void)): void {
    if (event === 'message') child.on('message', listener as (message: FromStation) => void);
    else child.on('exit', listener as (code: number | null) => void);
  }
  return { postMessage: (message) => child.postMessage(message), on, kill: () => void child.kill() };
}

const fatal = (error: unknown): void => {
  dialog.showErrorBox('Parcel Station', describeFailure(error));
  app.exit(1);
};
process.on('uncaughtException', fatal);

// `npm start -- --base-url URL --legacy-base-url URL` (keys in the environment, which the station process inherits) points a training room or a kiosk at any service.
const options = stationOptionsOf(process.argv.slice(1));

registerAppScheme(electron);
startShell(electron, {
  stationModule: path.join(__dirname, 'station.cjs'),
  dataDir: resolveDataDir(options['data-dir']),
  stationFlags: stationFlagsOf({ ...options, 'data-dir': undefined }),
  rendererDir: path.join(__dirname, '..', 'renderer'),
  preloadPath: path.join(__dirname, 'preload.cjs'),
}).catch(fatal);
