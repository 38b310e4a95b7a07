import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, schemaVersion } from '../../../electron/store/database';
import { migrations, type Migration } from '../../../electron/store/migrations';
import { StationFailure } from '../../../shared/contract/errors';
import { makeTempDir } from '../../support/tempDir';

const temps: Array<() => void> = [];
afterEach(() => temps.splice(0).forEach((cleanup) => cleanup()));
function tempFile(): string {
  const temp = makeTempDir();
  temps.push(temp.cleanup);
  return path.join(temp.dir, 'station.sqlite');
}

const tables = (db: ReturnType<typeof openDatabase>): string[] =>
  (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as Array<{ name: string }>).map((r) => r.name);

describe('database migrations', () => {
  it('brings a fresh file to the newest schema in WAL mode', () => {
    const db = openDatabase({ file: tempFile() });
    expect(schemaVersion(db)).toBe(migrations.length);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(tables(db)).toEqual(expect.arrayContaining(['settings', 'audit_log', 'schema_migrations']));
    db.close();
  });

  it('migration 1 creates the settings and audit tables on its own', () => {
    const db = openDatabase({ file: ':memory:', migrations: migrations.slice(0, 1) });
    expect(schemaVersion(db)).toBe(1);
    db.prepare("INSERT INTO settings (key, value, updated_at) VALUES ('a', '1', 'now')").run();
    db.prepare("INSERT INTO audit_log (at, api, method, endpoint, status, duration_ms, outcome) VALUES ('now', 'v2', 'POST', '/x', 200, 3, 'ok')").run();
    expect(db.prepare('SELECT count(*) AS n FROM audit_log').get()).toEqual({ n: 1 });
    db.close();
  });

  it('is idempotent across reopen and keeps data', () => {
    const file = tempFile();
    const first = openDatabase({ file });
    first.prepare("INSERT INTO settings (key, value, updated_at) VALUES ('kept', '\"yes\"', 'now')").run();
    first.close();
    const second = openDatabase({ file });
    expect(second.prepare("SELECT value FROM settings WHERE key = 'kept'").get()).toEqual({ value: '"yes"' });
    second.close();
  });

  it('refuses a database written by a newer station and leaves it untouched', () => {
    const file = tempFile();
    openDatabase({ file }).close();
    const newer: Migration[] = [...migrations, { version: migrations.length + 1, name: 'future', sql: 'CREATE TABLE future (x INTEGER);' }];
    openDatabase({ file, migrations: newer }).close();
    expect(() => openDatabase({ file })).toThrow(StationFailure);
    expect(() => openDatabase({ file })).toThrow(/newer version of Parcel Station/);
  });

  it('refuses a migration edited after it was applied', () => {
    const file = tempFile();
    openDatabase({ file }).close();
    const edited = migrations.map((m, i) => (i === 0 ? { ...m, sql: `${m.sql}\n-- edited` } : m));
    expect(() => openDatabase({ file, migrations: edited })).toThrow(/changed after it was applied/);
  });

  it('rolls a failing migration back whole', () => {
    const file = tempFile();
    const broken: Migration[] = [
      ...migrations.slice(0, 1),
      { version: 2, name: 'broken', sql: 'CREATE TABLE half (x INTEGER); INSERT INTO nowhere VALUES (1);' },
    ];
    expect(() => openDatabase({ file, migrations: broken })).toThrow();
    const db = openDatabase({ file, migrations: migrations.slice(0, 1) });
    expect(schemaVersion(db)).toBe(1);
    expect(tables(db)).not.toContain('half');
    db.close();
  });

  it('refuses a registry with a gap', () => {
    expect(() => openDatabase({ file: ':memory:', migrations: [{ version: 2, name: 'gap', sql: '' }] })).toThrow(/expected 1/);
  });
});
