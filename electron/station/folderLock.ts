import path from 'node:path';
import { tryLockFile, type FileLock } from '../store/fileLock';

export const LOCK_FILE = 'station.lock';

export type FolderLock = FileLock;

/** Takes the data folder for this process (the OS lock of store/fileLock.ts on its station.lock), or returns null when another process holds it. */
export function acquireFolderLock(dataDir: string): FolderLock | null {
  return tryLockFile(path.join(dataDir, LOCK_FILE));
}
