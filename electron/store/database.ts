import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { fail } from '../../shared/contract/errors';
import { DamagedFile, firstLine, isDamage, keepCopy, runCheck } from './damage';
import { migrations, type Migration } from './migrations';
import { beginSession, endSession, forgetEndedSessions, mayBeUnclean } from './sessions';
import { checkedAtOpen, startBackgroundCheck, type StoreCheck } from './storeCheck';

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
  try {
    return openChecked(options, 'at open').db;
  } catch (error) {
    if (error instanceof DamagedFile) refuseDamaged(options.file, error);
    throw error;
  }
}

/**
 * When SQLite's check of the file runs: 'at open' always; 'station' at open
 * for a small file (checked whole in milliseconds) and after an unclean
 * shutdown, else in the background before the first purchase (storeCheck.ts).
 */
type CheckPolicy = 'at open' | 'station';

interface Opened {
  readonly db: Db;
  readonly check: StoreCheck;
  /** This process's row in store_sessions (station policy on a file). */
  readonly session?: number;
}

/** Opens and migrates, or throws DamagedFile (with a copy kept) when SQLite finds the file damaged. */
function openChecked(options: OpenOptions, policy: CheckPolicy, onDamage: (finding: string, copy: string) => void = () => undefined): Opened {
  const list = options.migrations ?? migrations;
  // SQLite gives the -wal and -shm files the database file's mode, so a new file starts as its user's alone.
  if (options.file !== ':memory:') fs.closeSync(fs.openSync(options.file, 'a', 0o600));
  const db = new Database(options.file);
  const onFile = options.file !== ':memory:';
  let checkedWhole: boolean;
  try {
    db.pragma('journal_mode = WAL');
    const bytes = onFile ? fs.statSync(options.file).size : 0;
    checkedWhole = onFile && (policy === 'at open' || bytes <= CHECK_AT_OPEN_BYTES || mayBeUnclean(db));
    if (checkedWhole) runCheck(db, bytes <= FULL_CHECK_BYTES ? 'integrity_check(1)' : 'quick_check(1)');
  } catch (error) {
    db.close();
    if (isDamage(error)) throw new DamagedFile(firstLine(error), keepCopy(options.file));
    throw error;
  }
  try {
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    // better-sqlite3 builds SQLite with a 16 MB page cache; the labels a shift writes fill it, which bench:soak
    // saw as RSS climbing 27 % over 2,000 packages. 4 MB holds it under 20 % with searches as fast (bench:store).
    db.pragma('cache_size = -4000');
    migrate(db, list);
    if (policy === 'at open' || !onFile) return { db, check: checkedAtOpen };
    if (checkedWhole) forgetEndedSessions(db);
    const session = beginSession(db, new Date());
    return { db, session, check: checkedWhole ? checkedAtOpen : startBackgroundCheck(db, options.file, onDamage) };
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

/** A file at or under this size gets the full integrity_check; a larger one the quicker quick_check. */
const FULL_CHECK_BYTES = 64 * 1024 * 1024;

/** A station file at or under this size is checked whole at open even after a clean shutdown: that takes tens of milliseconds. */
const CHECK_AT_OPEN_BYTES = 4 * 1024 * 1024;

/** Refuses in words that say where the kept copy is and what to do. */
function refuseDamaged(file: string, damage: DamagedFile): never {
  return fail(
    'conflict',
    `The station's database ${file} is damaged (SQLite found: ${damage.finding}). A copy is kept as ${damage.copy}. Restore the data folder from a backup, or move station.sqlite aside to start an empty station; the labels stay readable in the copy.`,
  );
}

/** What the station found at open when its database failed SQLite's check. */
export interface DatabaseDamage {
  /** SQLite's first finding, for the details line. */
  readonly finding: string;
  /** The untouched copy kept beside the file. */
  readonly copy: string;
  /** Tables whose rows could not all be read back. */
  readonly tablesWithLoss: readonly string[];
  /** The operator's words: what happened, where the copy is, what still works and what to do. */
  readonly message: string;
}

export interface StationDatabase {
  readonly db: Db;
  /** Present when the file failed the check: db is then an in-memory rescue of what could be read, for reprints only. */
  readonly damage?: DatabaseDamage;
  /** SQLite's check of the file: done at open, or running in the background; purchases wait for it. */
  readonly check: StoreCheck;
  /**
   * Closes the file, cleanly: this process's row in store_sessions goes, so
   * the next open checks in the background. Not when the check found damage:
   * the row stays and the next open checks the file whole (and opens it for
   * reprints only). A kill -9 never gets here, which is the point.
   */
  close(): void;
}

/**
 * The station's own database. A file that fails the check is not refused
 * outright: a copy is kept, the rows SQLite can still read are taken into
 * memory (the damaged file is never written), and the caller opens the
 * station read-only on that rescue, so stored labels can still be found and
 * reprinted while the operator restores the folder. `onDamage` hears of
 * damage the background check finds later.
 */
export function openStationDatabase(file: string, onDamage?: (finding: string, copy: string) => void): StationDatabase {
  try {
    const { db, check, session } = openChecked({ file }, 'station', onDamage);
    return {
      db,
      check,
      close() {
        check.stop();
        if (session !== undefined && check.state() !== 'damaged' && db.open) endSession(db, session);
        db.close();
      },
    };
  } catch (error) {
    if (!(error instanceof DamagedFile)) throw error;
    const { db, tablesWithLoss } = rescue(file);
    const lost = tablesWithLoss.length > 0 ? ' Some stored rows could not be read back, so History may miss labels.' : '';
    return {
      db,
      check: checkedAtOpen,
      close: () => db.close(),
      damage: {
        finding: error.finding,
        copy: error.copy,
        tablesWithLoss,
        message:
          `The station's database is damaged, so the station is open for reprints only: History and reprinting work, buying and scanning do not.${lost} ` +
          `A copy of the damaged file is kept as ${error.copy}. To ship again, close the station and restore the data folder from a backup, or move station.sqlite aside to start an empty station.`,
      },
    };
  }
}

const quoteName = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/**
 * Reads what it can of a damaged file into a fresh in-memory database:
 * the tables as the file declared them, their rows by a plain scan (a
 * damaged index is never consulted), then the indexes, then the code's
 * migrations. A table that stops reading part-way keeps the rows read
 * before the damage. A file that is not a database at all rescues nothing.
 */
function rescue(file: string): { db: Db; tablesWithLoss: string[] } {
  const db = new Database(':memory:');
  const tablesWithLoss: string[] = [];
  let source: Db | undefined;
  try {
    source = new Database(file, { readonly: true, fileMustExist: true });
    const schema = source.prepare("SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%'").all() as Array<{
      type: string;
      name: string;
      sql: string;
    }>;
    // A virtual table (History's trigram index) makes its own shadow tables when created, and is an index of
    // rows copied anyway: it is created, not copied, and rebuilt from the rescued rows at the end.
    const virtualTables = schema.filter((entry) => entry.type === 'table' && /^CREATE VIRTUAL TABLE/i.test(entry.sql)).map((entry) => entry.name);
    const isShadow = (name: string) => virtualTables.some((v) => name.startsWith(`${v}_`));
    const tables = schema.filter((entry) => entry.type === 'table' && !isShadow(entry.name));
    for (const table of tables) db.exec(table.sql);
    const hasSequence = source.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'").get() !== undefined;
    const copied = tables.map((t) => t.name).filter((name) => !virtualTables.includes(name));
    for (const name of [...copied, ...(hasSequence ? ['sqlite_sequence'] : [])]) {
      if (!copyRows(source, db, name)) tablesWithLoss.push(name);
    }
    for (const entry of schema.filter((e) => e.type !== 'table')) {
      try {
        db.exec(entry.sql);
      } catch {
        // An index the rescued rows no longer satisfy is left out: the rescue is read-only, and a scan answers without it.
      }
    }
    for (const name of virtualTables) {
      try {
        db.exec(`INSERT INTO ${quoteName(name)} (${quoteName(name)}) VALUES ('rebuild')`);
      } catch {
        // Left empty: History then finds by exact keys and prefixes only.
      }
    }
    db.pragma(`user_version = ${source.pragma('user_version', { simple: true }) as number}`);
  } catch {
    // The file's own schema is unreadable: the rescue starts empty and History says nothing was found.
    tablesWithLoss.push('sqlite_master');
  } finally {
    source?.close();
  }
  db.pragma('foreign_keys = ON');
  migrate(db, migrations);
  return { db, tablesWithLoss };
}

/** Copies one table's readable rows; false when the scan broke off at damage (the rows before it are kept). */
function copyRows(source: Db, target: Db, table: string): boolean {
  let insert: Database.Statement | undefined;
  target.exec('BEGIN');
  try {
    for (const row of source.prepare(`SELECT * FROM ${quoteName(table)}`).iterate() as Iterable<Record<string, unknown>>) {
      insert ??= target.prepare(
        `INSERT OR IGNORE INTO ${quoteName(table)} (${Object.keys(row).map(quoteName).join(', ')}) VALUES (${Object.keys(row).map(() => '?').join(', ')})`,
      );
      insert.run(...Object.values(row));
    }
    return true;
  } catch {
    return false;
  } finally {
    target.exec('COMMIT');
  }
}
