import type { Db } from './database';

/**
 * Runs one write so that it, and every commit before it, is on disk when
 * this returns. The station runs WAL with synchronous=NORMAL, where a commit
 * reaches the disk at the next checkpoint: a power cut can forget it. That is
 * fine for everyday rows, but not for the commit just before a purchase
 * request leaves: under synchronous=FULL that commit syncs the WAL, which
 * holds the journal row with its platform_uk_id, so a restart re-sends the
 * same id instead of minting another.
 */
export function durably<T>(db: Db, write: () => T): T {
  if (db.inTransaction) throw new Error('durably() must own its transaction: the sync happens at its commit');
  db.pragma('synchronous = FULL');
  try {
    return db.transaction(write)();
  } finally {
    db.pragma('synchronous = NORMAL');
  }
}
