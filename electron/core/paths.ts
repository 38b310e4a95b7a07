import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The folder holding package.json, found upward from this file (works from source and from dist/). */
export function appRoot(start: string = __dirname): string {
  let dir = start;
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Parcel Station's package.json was not found above ${start}`);
    dir = parent;
  }
  return dir;
}

export const rendererDir = (): string => path.join(appRoot(), 'dist', 'renderer');
export const resourcesDir = (): string => path.join(appRoot(), 'resources');

/**
 * The one answer to "which data folder?" for every entry point (desktop,
 * browser mode, every CLI command): --data-dir when given, else
 * PARCEL_STATION_DATA_DIR, else the OS's per-user app data folder. Absolute,
 * so the folder lock and the endpoint file name one place whatever the cwd.
 */
export function resolveDataDir(given?: string, env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  return path.resolve(given ?? defaultDataDir(env, platform));
}

/**
 * The per-user app data folder. On Windows and macOS this is the folder
 * Electron calls userData for our productName; on Linux Electron would pick
 * ~/.config, so the desktop is given this folder too, and the desktop and the
 * CLI read the same labels.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (env.PARCEL_STATION_DATA_DIR) return env.PARCEL_STATION_DATA_DIR;
  const home = os.homedir();
  if (platform === 'win32') return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), 'Parcel Station');
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'Parcel Station');
  return path.join(env.XDG_DATA_HOME ?? path.join(home, '.local', 'share'), 'parcel-station');
}
