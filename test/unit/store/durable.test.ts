import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../electron/store/database';
import { durably } from '../../../electron/store/durable';
import { makeTempDir } from '../../support/tempDir';

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).reverse().forEach((cleanup) => cleanup()));

describe('durably', () => {
  it('commits its write with synchronous=FULL (the WAL is synced at that commit) and goes back to NORMAL', () => {
    const temp = makeTempDir();
    cleanups.push(temp.cleanup);
    const db = openDatabase({ file: path.join(temp.dir, 'station.sqlite') });
    cleanups.push(() => db.close());
    db.exec('CREATE TABLE t (x INTEGER)');
    const NORMAL = 1;
    const FULL = 2;
    expect(db.pragma('synchronous', { simple: true })).toBe(NORMAL);
    const during = durably(db, () => {
      db.prepare('INSERT INTO t (x) VALUES (1)').run();
      return db.pragma('synchronous', { simple: true });
    });
    expect(during).toBe(FULL);
    expect(db.pragma('synchronous', { simple: true })).toBe(NORMAL);
    expect(db.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 1 });
  });

  it('refuses to run inside another transaction, whose commit it could not make durable', () => {
    const temp = makeTempDir();
    cleanups.push(temp.cleanup);
    const db = openDatabase({ file: path.join(temp.dir, 'station.sqlite') });
    cleanups.push(() => db.close());
    expect(() => db.transaction(() => durably(db, () => undefined))()).toThrow(/must own its transaction/);
  });
});
