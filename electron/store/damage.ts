import type Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';

/** SQLite's check reported something other than "ok". */
export class DamagedDatabase extends Error {
  override readonly name = 'DamagedDatabase';
}

/** The check failed; the copy is already kept. */
export class DamagedFile extends Error {
  override readonly name = 'DamagedFile';
  constructor(
    readonly finding: string,
    readonly copy: string,
  ) {
    super(finding);
  }
}

export function isDamage(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return error instanceof DamagedDatabase || code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB';
}

export const firstLine = (error: unknown): string => (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

/** Runs one of SQLite's checks (`integrity_check`, `quick_check`, or either on one table) and throws DamagedDatabase on its first finding. */
export function runCheck(db: Database.Database, pragma: string): void {
  const rows = db.pragma(pragma) as Array<Record<string, string>>;
  const first = rows[0] ? Object.values(rows[0])[0] : 'ok';
  if (first !== 'ok') throw new DamagedDatabase(String(first));
}

/**
 * Copies the damaged file (and its WAL) beside it, once: a station that
 * keeps opening the same damaged file finds its earlier copy instead of
 * filling the folder with identical ones.
 */
export function keepCopy(file: string): string {
  const bytes = fs.readFileSync(file);
  const wal = fs.existsSync(`${file}-wal`) ? fs.readFileSync(`${file}-wal`) : undefined;
  const dir = path.dirname(file);
  const prefix = `${path.basename(file)}.damaged-`;
  for (const name of fs.readdirSync(dir)) {
    if (!name.startsWith(prefix) || name.endsWith('-wal')) continue;
    const earlier = path.join(dir, name);
    const earlierWal = `${earlier}-wal`;
    const sameWal = wal ? fs.existsSync(earlierWal) && fs.readFileSync(earlierWal).equals(wal) : !fs.existsSync(earlierWal);
    if (sameWal && fs.readFileSync(earlier).equals(bytes)) return earlier;
  }
  const copy = `${file}.damaged-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  fs.writeFileSync(copy, bytes, { mode: 0o600 });
  if (wal) fs.writeFileSync(`${copy}-wal`, wal, { mode: 0o600 });
  return copy;
}
