import type { Migration } from './index';

/**
 * Printer profiles and the durable print queue. A job holds the label PNG
 * itself, so a reprint never needs the network, and the printer bytes of its
 * last attempt, so the preview shows exactly what the printer was sent.
 */
export const m003Printing: Migration = {
  version: 3,
  name: 'printing: printer profiles and print jobs',
  sql: `
    CREATE TABLE printer_profiles (
      id TEXT PRIMARY KEY,
      profile TEXT NOT NULL,
      is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
      updated_at TEXT NOT NULL
    );
    CREATE UNIQUE INDEX printer_profiles_one_default ON printer_profiles (is_default) WHERE is_default = 1;
    CREATE TABLE print_jobs (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      id TEXT NOT NULL UNIQUE,
      printer_id TEXT NOT NULL,
      title TEXT NOT NULL,
      reference TEXT,
      kind TEXT NOT NULL CHECK (kind IN ('label', 'qrcode', 'test')),
      status TEXT NOT NULL CHECK (status IN ('queued', 'sending', 'done', 'failed', 'cancelled')),
      attempts INTEGER NOT NULL DEFAULT 0,
      error TEXT,
      label_png BLOB NOT NULL,
      printer_bytes BLOB,
      printer_language TEXT,
      label_width INTEGER,
      label_height INTEGER,
      bytes_total INTEGER,
      bytes_sent INTEGER,
      reprint_of TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      completed_at TEXT
    );
    CREATE INDEX print_jobs_waiting ON print_jobs (printer_id, status, seq);
    CREATE INDEX print_jobs_reference ON print_jobs (reference) WHERE reference IS NOT NULL;
  `,
};
