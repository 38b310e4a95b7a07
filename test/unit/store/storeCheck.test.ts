import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStationDatabase, type StationDatabase } from '../../../electron/store/database';
import { growPastOpenCheck } from '../../support/bigStore';
import { damageAnIndex } from '../../support/damage';
import { makeTempDir } from '../../support/tempDir';

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).reverse().forEach((cleanup) => cleanup()));

/** A station database bigger than the whole check at every open covers, closed cleanly. */
function bigStationFile(): string {
  const temp = makeTempDir();
  cleanups.push(temp.cleanup);
  const file = path.join(temp.dir, 'station.sqlite');
  openStationDatabase(file).close();
  growPastOpenCheck(file);
  return file;
}

function open(file: string): StationDatabase {
  const opened = openStationDatabase(file);
  cleanups.push(() => opened.db.open && opened.db.close());
  return opened;
}

const copies = (file: string) => fs.readdirSync(path.dirname(file)).filter((name) => name.startsWith('station.sqlite.damaged-') && !name.endsWith('-wal'));

describe('the damage check of a large station database', () => {
  it('after a clean shutdown runs in the background, and the next clean open does the same', async () => {
    const file = bigStationFile();
    const first = open(file);
    expect(first.check.state()).toBe('checking');
    await first.check.sound();
    expect(first.check.state()).toBe('sound');
    first.close();
    const second = open(file);
    expect(second.check.state()).toBe('checking');
    await second.check.sound();
    second.close();
  });

  it('finds a page damaged while the file was closed cleanly, and refuses in words, with a copy kept', async () => {
    const file = bigStationFile();
    damageAnIndex(file, 'audit_log');
    const opened = open(file);
    expect(opened.damage).toBeUndefined();
    expect(opened.check.state()).toBe('checking');
    const refusal = await opened.check.sound().then(() => null, (error: unknown) => error as { error: { code: string; message: string } });
    expect(refusal?.error.code).toBe('conflict');
    expect(refusal?.error.message).toMatch(/^The station's database is damaged \(SQLite found: .+\), so nothing was bought\. A copy is kept as \S+station\.sqlite\.damaged-\S+\. Close the station and restore/);
    expect(refusal?.error.message).not.toMatch(/SQLITE_|\bat \w+ \(/);
    expect(opened.check.state()).toBe('damaged');
    const copy = /kept as (\S+)\. Close/.exec(refusal?.error.message ?? '')?.[1] ?? '';
    expect(copies(file)).toEqual([path.basename(copy)]);
    // Damage found keeps this process's row: the next open checks the file whole and opens it for reprints only.
    opened.close();
    const again = open(file);
    expect(again.damage?.message).toMatch(/^The station's database is damaged, so the station is open for reprints only/);
  });

  it('after an unclean shutdown (a process that never closed) checks the whole file at open', () => {
    const file = bigStationFile();
    // A kill -9: the connection goes without the station's clean close, so its row stays.
    openStationDatabase(file).db.close();
    damageAnIndex(file, 'audit_log');
    const opened = open(file);
    expect(opened.damage?.finding).toBeTruthy();
    expect(opened.check.state()).toBe('sound');
  });

  it('with a second process on the file checks whole at open, and keeps the live one\'s row until it closes', async () => {
    const file = bigStationFile();
    const station = open(file);
    await station.check.sound();
    // The CLI beside a running station: it cannot tell a live station from a dead one's row, so it checks whole.
    const beside = open(file);
    expect(beside.check.state()).toBe('sound');
    beside.close();
    // The station's row is still there: had it died now, the next open would check whole.
    const meanwhile = open(file);
    expect(meanwhile.check.state()).toBe('sound');
    meanwhile.close();
    station.close();
    const after = open(file);
    expect(after.check.state()).toBe('checking');
    await after.check.sound();
    after.close();
  });
});
