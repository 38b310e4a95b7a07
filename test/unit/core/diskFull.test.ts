import Database from 'better-sqlite3';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { StationFailure, diskFullError } from '../../../shared/contract/errors';
import { createDispatcher } from '../../../electron/core/dispatch';
import { isDiskFull } from '../../../electron/core/diskFull';
import { createMemoryLogger } from '../../../electron/log/logger';
import type { Handlers } from '../../../shared/contract';

/** A real SQLITE_FULL: a database not allowed to grow, asked to keep a blob that needs new pages. */
function sqliteFull(): unknown {
  const db = new Database(':memory:');
  try {
    db.exec('CREATE TABLE t (b BLOB)');
    const pages = db.pragma('page_count', { simple: true }) as number;
    db.pragma(`max_page_count = ${pages}`);
    db.prepare('INSERT INTO t VALUES (?)').run(Buffer.alloc(100_000));
    return undefined;
  } catch (error) {
    return error;
  } finally {
    db.close();
  }
}

/** A real ENOSPC: /dev/full refuses every write for lack of space. */
function enospc(): unknown {
  try {
    fs.writeFileSync('/dev/full', 'x');
    return undefined;
  } catch (error) {
    return error;
  }
}

describe('a full disk', () => {
  it('is recognized from SQLite, from file writes and through a cause, and nothing else is', () => {
    expect(isDiskFull(sqliteFull())).toBe(true);
    if (fs.existsSync('/dev/full')) expect(isDiskFull(enospc())).toBe(true);
    expect(isDiskFull(Object.assign(new Error('Disk quota exceeded'), { code: 'EDQUOT' }))).toBe(true);
    expect(isDiskFull(new Error('wrapped', { cause: sqliteFull() }))).toBe(true);
    expect(isDiskFull(new StationFailure(diskFullError))).toBe(true);
    expect(isDiskFull(new StationFailure({ code: 'internal', message: 'x' }))).toBe(false);
    expect(isDiskFull(Object.assign(new Error('busy'), { code: 'SQLITE_BUSY' }))).toBe(false);
    expect(isDiskFull('ENOSPC')).toBe(false);
  });

  it('is told by the dispatcher in the operator words, not as something that went wrong inside the station', async () => {
    const handlers = { 'station.info': () => Promise.reject(sqliteFull()) } as unknown as Handlers;
    const result = await createDispatcher(handlers, createMemoryLogger())('station.info', {});
    expect(result).toEqual({ ok: false, error: { code: 'disk_full', message: "The disk holding the station's data is full: free some space; nothing was lost.", retryable: true } });
  });
});
