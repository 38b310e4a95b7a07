import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { fail } from '../../shared/contract/errors';
import { migrations, type Migration } from './migrations';

export type Db = Database.Database;

export interface OpenOptions {
  /** A file path, or ':memory:' for tests. */
  readonly file: string;
  readonly migrations?: readonly Migration[];
}

/**
 * Opens the station database in WAL mode and brings it to the code's schema.
 * Each migration runs in its own transaction with user_version bumped inside
 * it, so a crash leaves the file at a whole version. A database written by a
 * newer station is refused rather than half-understood, and a migration whose
 * text changed after it was applied is refused too.
 */
export function openDatabase(options: OpenOptions): Db {
  const list = options.migrations ?? migrations;
  const db = new Database(options.file);
  try {
    db.pragma('journal_mode = WAL');
    checkIntegrity(db, options.file);
  } catch (error) {
    db.close();
    if (isDamage(error)) damaged(options.file, error instanceof Error ? error.message : String(error));
    throw error;
  }
  try {
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    migrate(db, list);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

export function schemaVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}

export function migrationChecksum(migration: Migration): string {
  return createHash('sha256').update(migration.sql).digest('hex').slice(0, 16);
}

function migrate(db: Db, list: readonly Migration[]): void {
  list.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(`Migration ${migration.name} is numbered ${migration.version}; expected ${index + 1}`);
    }
  });
  const current = schemaVersion(db);
  if (current > list.length) {
    fail(
      'conflict',
      `This station's database was written by a newer version of Parcel Station (schema ${current}, this version knows ${list.length}). Update the station; the data is left untouched.`,
    );
  }
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, checksum TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  const applied = db.prepare('SELECT version, name, checksum FROM schema_migrations ORDER BY version').all() as Array<{
    version: number;
    name: string;
    checksum: string;
  }>;
  for (const row of applied) {
    const known = list[row.version - 1];
    if (known && migrationChecksum(known) !== row.checksum) {
      fail('conflict', `Database migration ${row.version} (${row.name}) was changed after it was applied; refusing to open the database.`);
    }
  }
  for (const migration of list.slice(current)) {
    db.transaction(() => {
      db.exec(migration.sql);
      db.prepare('INSERT OR REPLACE INTO schema_migrations (version, name, checksum, applied_at) VALUES (?, ?, ?, ?)').run(
        migration.version,
        migration.name,
        migrationChecksum(migration),
        new Date().toISOString(),
      );
      db.pragma(`user_version = ${migration.version}`);
    })();
  }
}

/** A file at or under this size gets the full integrity_check at open; a larger one the quicker quick_check. */
const FULL_CHECK_BYTES = 64 * 1024 * 1024;

class DamagedDatabase extends Error {
  override readonly name = 'DamagedDatabase';
}

function isDamage(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return error instanceof DamagedDatabase || code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB';
}

/**
 * SQLite's own check at open, so a damaged file is found now, in words,
 * rather than later as a failed command.
 */
function checkIntegrity(db: Database.Database, file: string): void {
  if (file === ':memory:') return;
  const check = fs.statSync(file).size <= FULL_CHECK_BYTES ? 'integrity_check' : 'quick_check';
  const rows = db.pragma(`${check}(1)`) as Array<Record<string, string>>;
  const first = rows[0] ? Object.values(rows[0])[0] : 'ok';
  if (first !== 'ok') throw new DamagedDatabase(String(first));
}

/** Keeps a copy of the damaged file (and its WAL) beside it, then refuses in words that say where it is and what to do. */
function damaged(file: string, finding: string): never {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const copy = `${file}.damaged-${stamp}`;
  fs.copyFileSync(file, copy);
  if (fs.existsSync(`${file}-wal`)) fs.copyFileSync(`${file}-wal`, `${copy}-wal`);
  return fail(
    'conflict',
    `The station's database ${file} is damaged (SQLite found: ${finding.split('\n')[0]}). A copy is kept as ${copy}. Restore the data folder from a backup, or move station.sqlite aside to start an empty station; the labels stay readable in the copy.`,
  );
}
