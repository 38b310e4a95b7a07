import os from 'node:os';
import type Database from 'better-sqlite3';

type Db = Database.Database;

/**
 * The clean-shutdown marker: each process that opens the file adds a row to
 * store_sessions (migration 14) and removes it when it closes cleanly. Why
 * rows rather than one flag or the WAL's presence: two processes may have
 * the file open (the CLI beside a running station, a test), and a flag one
 * of them clears at close would hide the other's kill -9; the WAL file is
 * there whenever any connection is open, so it cannot tell a live process
 * from a dead one. A row is removed only by its own process's clean close,
 * or by a later open that ran the whole check and finds its process gone.
 *
 * Why each case is safe for money: the marker only decides when the check
 * runs, never whether. After a kill -9 the row is left, so the next open
 * checks the whole file before the station settles the purchases that
 * process left pending. After a clean close the check runs in the
 * background and the purchase engine awaits it before its first journal
 * write. Two processes (the CLI beside a running station, which normally
 * asks that station instead of opening the file): the second sees the
 * first's row and checks whole; each removes only its own row.
 */

/** True when the file may not have been closed cleanly: a row is left, or the file predates the marker. */
export function mayBeUnclean(db: Db): boolean {
  const marked = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'store_sessions'").get() !== undefined;
  if (!marked) return db.prepare('SELECT 1 FROM sqlite_master LIMIT 1').get() !== undefined;
  return db.prepare('SELECT 1 FROM store_sessions LIMIT 1').get() !== undefined;
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, owned by another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * After the whole check passed: rows of processes on this host that are
 * gone are forgotten. A live process's row stays (it still has the file
 * open and may yet die unclean), and so does another host's (a shared
 * folder: its liveness cannot be seen from here), so each costs later opens
 * the whole check until that process closes: slower, never unsafe. A pid
 * reused by a new process keeps a dead row the same way.
 */
export function forgetEndedSessions(db: Db): void {
  const host = os.hostname();
  const rows = db.prepare('SELECT id, pid, host FROM store_sessions').all() as Array<{ id: number; pid: number; host: string }>;
  const forget = db.prepare('DELETE FROM store_sessions WHERE id = ?');
  for (const row of rows) if (row.host === host && !isAlive(row.pid)) forget.run(row.id);
}

/** Adds this process's row; the id is what its clean close removes. */
export function beginSession(db: Db, now: Date): number {
  return Number(db.prepare('INSERT INTO store_sessions (pid, host, opened_at) VALUES (?, ?, ?)').run(process.pid, os.hostname(), now.toISOString()).lastInsertRowid);
}

/** The clean close: this process's row goes, so the next open can trust the file and check it in the background. */
export function endSession(db: Db, id: number): void {
  db.prepare('DELETE FROM store_sessions WHERE id = ?').run(id);
}
