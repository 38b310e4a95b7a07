import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = 'station.lock';

export interface FolderLock {
  readonly file: string;
  release(): void;
}

const isBusy = (error: unknown): boolean => {
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
};

/**
 * Takes the data folder for this process, or returns null when another
 * process holds it.
 *
 * Why SQLite's own file lock on a separate `station.lock`: it is an OS lock
 * on every platform we ship (fcntl byte-range locks on Linux and macOS,
 * LockFileEx on Windows), taken through better-sqlite3, which the station
 * loads anyway, so there is no second native module to build. The OS drops
 * it when the process ends, however it ends (kill -9, power loss, a crash),
 * so there is no stale-lock guessing as with a PID file or a mkdir lock (an
 * npm "lockfile" library is exactly that: advisory files plus timestamps).
 * In EXCLUSIVE locking mode SQLite keeps the write lock it took for the first
 * write until the connection closes, and it tracks locks per file inside one
 * process too, so a second station in the same process is refused as well.
 * The lock lives beside the database, not on it, so the station's own
 * connections (WAL, readers) work as before.
 */
export function acquireFolderLock(dataDir: string): FolderLock | null {
  const file = path.join(dataDir, LOCK_FILE);
  let db: Database.Database;
  try {
    db = new Database(file, { timeout: 0 });
  } catch (error) {
    if (isBusy(error)) return null;
    throw error;
  }
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('CREATE TABLE IF NOT EXISTS holder (pid INTEGER NOT NULL, since TEXT NOT NULL)');
    db.transaction(() => {
      db.exec('DELETE FROM holder');
      db.prepare('INSERT INTO holder (pid, since) VALUES (?, ?)').run(process.pid, new Date().toISOString());
    })();
  } catch (error) {
    db.close();
    if (isBusy(error)) return null;
    if ((error as { code?: unknown }).code === 'SQLITE_NOTADB') {
      // Not ours (a stray file of that name); nothing else can be holding it as a lock.
      fs.rmSync(file, { force: true });
      return acquireFolderLock(dataDir);
    }
    throw error;
  }
  let held = true;
  return {
    file,
    release() {
      if (!held) return;
      held = false;
      db.close();
    },
  };
}
