import Database from 'better-sqlite3';
import fs from 'node:fs';

/**
 * The station's one lock between processes: the data folder's owner
 * (station/folderLock.ts) and the token shelf's minting turn
 * (api/v2/fileTokenShelf.ts) both take it.
 *
 * Why SQLite's own file lock on a file of its own: it is an OS lock on every
 * platform we ship (fcntl byte-range locks on Linux and macOS, LockFileEx on
 * Windows), taken through better-sqlite3, which the station loads anyway, so
 * there is no second native module to build. The OS drops it when the
 * process ends, however it ends (kill -9, power loss, a crash), so there is
 * no stale-lock guessing as with a PID file, an O_EXCL file or a mkdir lock
 * (an npm "lockfile" library is exactly that: advisory files plus
 * timestamps). In EXCLUSIVE locking mode SQLite keeps the write lock it took
 * for the first write until the connection closes, and it tracks locks per
 * file inside one process too, so a second holder in the same process is
 * refused as well. The lock lives beside what it guards, never on a database
 * the station uses, so those connections (WAL, readers) work as before.
 */

export interface FileLock {
  readonly file: string;
  release(): void;
}

const isBusy = (error: unknown): boolean => {
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
};

/**
 * Creates the lock file readable by this user only (SQLite would create it
 * with the umask's mode; an empty file is an empty database to it). Never
 * opens one that exists: closing any descriptor of a file drops this
 * process's POSIX locks on it, the lock itself included.
 */
function createPrivate(file: string): void {
  try {
    fs.closeSync(fs.openSync(file, 'wx', 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/** Takes the lock at `file` for this process, or returns null when another holder has it. */
export function tryLockFile(file: string): FileLock | null {
  createPrivate(file);
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
      return tryLockFile(file);
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

export interface WaitOptions {
  /** How long to wait for another holder before giving up. */
  readonly waitMs?: number;
  /** Called once if the lock is held elsewhere when first asked (for the log). */
  readonly onWait?: () => void;
}

const POLL_MS = 25;

/**
 * Runs `work` holding the lock at `file`, waiting up to `waitMs` for another
 * holder to finish. The OS has no "tell me when it is free" for these locks,
 * so the wait asks again every 25 ms without blocking the event loop.
 */
export async function withFileLock<T>(file: string, work: () => Promise<T>, options: WaitOptions = {}): Promise<T> {
  const until = Date.now() + (options.waitMs ?? 10_000);
  let lock = tryLockFile(file);
  if (!lock) options.onWait?.();
  while (!lock) {
    if (Date.now() > until) throw new Error(`the lock ${file} stayed taken`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    lock = tryLockFile(file);
  }
  try {
    return await work();
  } finally {
    lock.release();
  }
}
