import type { Migration } from './index';

/**
 * One row per process that has the database open, removed when it closes
 * cleanly (store/sessions.ts). A row found at open means a process ended
 * without closing (kill -9, a crash, a power cut) or still runs: the file
 * then gets SQLite's whole check before anything else touches it.
 */
export const m014StoreSessions: Migration = {
  version: 14,
  name: 'store: processes with the database open, for the damage check after an unclean shutdown',
  sql: `
    CREATE TABLE store_sessions (
      id INTEGER PRIMARY KEY,
      pid INTEGER NOT NULL,
      host TEXT NOT NULL,
      opened_at TEXT NOT NULL
    );
  `,
};
