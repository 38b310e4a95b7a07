import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, schemaVersion } from '../../../electron/store/database';
import { migrations } from '../../../electron/store/migrations';

const open = () => openDatabase({ file: ':memory:', migrations: migrations.slice(0, 3) });

describe('migration 003 (printing)', () => {
  it('applies on a database at version 2 and creates the profiles and the print queue', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ps-m003-'));
    const file = path.join(dir, 'station.sqlite');
    try {
      const db = openDatabase({ file, migrations: migrations.slice(0, 2) });
      expect(schemaVersion(db)).toBe(2);
      db.prepare("INSERT INTO settings (key, value, updated_at) VALUES ('kept', '1', 'now')").run();
      db.close();
      const migrated = openDatabase({ file, migrations: migrations.slice(0, 3) });
      expect(schemaVersion(migrated)).toBe(3);
      const tables = (migrated.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>).map((t) => t.name);
      expect(tables).toEqual(expect.arrayContaining(['printer_profiles', 'print_jobs']));
      expect(migrated.prepare("SELECT value FROM settings WHERE key = 'kept'").get()).toEqual({ value: '1' });
      migrated.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('allows one default printer profile at most', () => {
    const db = open();
    const insert = db.prepare("INSERT INTO printer_profiles (id, profile, is_default, updated_at) VALUES (?, '{}', ?, 'now')");
    insert.run('a', 1);
    insert.run('b', 0);
    expect(() => insert.run('c', 1)).toThrow(/UNIQUE/);
    db.close();
  });

  it('keeps the label image in the job and refuses unknown kinds and states', () => {
    const db = open();
    const insert = db.prepare(
      "INSERT INTO print_jobs (id, printer_id, title, kind, status, label_png, created_at, updated_at) VALUES (?, 'virtual', 'Label', ?, ?, ?, 'now', 'now')",
    );
    insert.run('j1', 'label', 'queued', Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    expect((db.prepare("SELECT label_png FROM print_jobs WHERE id = 'j1'").get() as { label_png: Buffer }).label_png).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    expect(() => insert.run('j2', 'poster', 'queued', Buffer.alloc(1))).toThrow(/CHECK/);
    expect(() => insert.run('j3', 'label', 'lost', Buffer.alloc(1))).toThrow(/CHECK/);
    expect(() => insert.run('j4', 'label', 'queued', null)).toThrow(/NOT NULL/);
    expect(() => insert.run('j1', 'label', 'queued', Buffer.alloc(1))).toThrow(/UNIQUE/);
    db.close();
  });
});
