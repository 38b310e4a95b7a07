import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { StationFailure } from '../../../shared/contract/errors';
import { openDatabase } from '../../../electron/store/database';
import { damageAnIndex } from '../../support/damage';
import { makeTempDir } from '../../support/tempDir';

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).reverse().forEach((cleanup) => cleanup()));

/** A real station database with an index page overwritten by garbage, as a bad sector or a torn write leaves it. */
function damagedDatabase(): string {
  const temp = makeTempDir();
  cleanups.push(temp.cleanup);
  const file = path.join(temp.dir, 'station.sqlite');
  const db = openDatabase({ file });
  db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); CREATE INDEX notes_body ON notes (body);');
  const insert = db.prepare('INSERT INTO notes (body) VALUES (?)');
  for (let i = 0; i < 500; i += 1) insert.run(`note ${i} `.repeat(20));
  db.close();
  damageAnIndex(file, 'notes');
  return file;
}

describe('a damaged station database', () => {
  it('is found at open and refused in words, with a copy kept beside it', () => {
    const file = damagedDatabase();
    let error: unknown;
    try {
      openDatabase({ file }).close();
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(StationFailure);
    const message = (error as StationFailure).error.message;
    expect(message).toMatch(/^The station's database .* is damaged \(SQLite found: .+\)\. A copy is kept as .*station\.sqlite\.damaged-/);
    expect(message).not.toMatch(/SQLITE_|\bat \w+ \(/);
    const copies = fs.readdirSync(path.dirname(file)).filter((name) => name.startsWith('station.sqlite.damaged-') && !name.endsWith('-wal'));
    expect(copies).toHaveLength(1);
    expect(fs.readFileSync(path.join(path.dirname(file), copies[0] ?? ''))).toEqual(fs.readFileSync(file));
  });

  it('a file that is not a database at all gets the same words', () => {
    const temp = makeTempDir();
    cleanups.push(temp.cleanup);
    const file = path.join(temp.dir, 'station.sqlite');
    fs.writeFileSync(file, Buffer.alloc(8192, 0x42));
    expect(() => openDatabase({ file })).toThrow(/is damaged .* A copy is kept as/);
  });
});
