import type { Migration } from './index';

/**
 * A print job can end as 'sent': every byte reached a printer that cannot say
 * whether the label came out (a raw network or USB printer), which is not the
 * same promise as 'done' (the printer or its spooler confirmed it printed).
 * SQLite cannot widen a CHECK in place, so the table is rebuilt with its rows.
 */
export const m015PrintSent: Migration = {
  version: 15,
  name: "printing: 'sent' print jobs (bytes delivered, printing not confirmed)",
  sql: `
    CREATE TABLE print_jobs_sent (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      id TEXT NOT NULL UNIQUE,
      printer_id TEXT NOT NULL,
      title TEXT NOT NULL,
      reference TEXT,
      kind TEXT NOT NULL CHECK (kind IN ('label', 'qrcode', 'test')),
      status TEXT NOT NULL CHECK (status IN ('queued', 'sending', 'done', 'sent', 'failed', 'cancelled')),
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
      completed_at TEXT,
      warnings TEXT
    );
    INSERT INTO print_jobs_sent (seq, id, printer_id, title, reference, kind, status, attempts, error, label_png, printer_bytes, printer_language,
      label_width, label_height, bytes_total, bytes_sent, reprint_of, created_at, updated_at, completed_at, warnings)
    SELECT seq, id, printer_id, title, reference, kind, status, attempts, error, label_png, printer_bytes, printer_language,
      label_width, label_height, bytes_total, bytes_sent, reprint_of, created_at, updated_at, completed_at, warnings
    FROM print_jobs;
    DROP TABLE print_jobs;
    ALTER TABLE print_jobs_sent RENAME TO print_jobs;
    CREATE INDEX print_jobs_waiting ON print_jobs (printer_id, status, seq);
    CREATE INDEX print_jobs_reference ON print_jobs (reference) WHERE reference IS NOT NULL;
  `,
};
