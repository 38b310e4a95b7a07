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

/** Where a station keeps its data when no --data-dir is given: the OS's per-user app data folder. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (env.PARCEL_STATION_DATA_DIR) return env.PARCEL_STATION_DATA_DIR;
  const home = os.homedir();
  if (platform === 'win32') return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), 'Parcel Station');
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'Parcel Station');
  return path.join(env.XDG_DATA_HOME ?? path.join(home, '.local', 'share'), 'parcel-station');
}
