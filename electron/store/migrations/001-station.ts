import type { Migration } from './index';

export const m001Station: Migration = {
  version: 1,
  name: 'station: settings and audit log',
  sql: `
    CREATE TABLE settings (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );
    CREATE TABLE audit_log (
      id INTEGER PRIMARY KEY,
      at TEXT NOT NULL,
      api TEXT NOT NULL,
      method TEXT NOT NULL,
      endpoint TEXT NOT NULL,
      status INTEGER,
      duration_ms INTEGER NOT NULL,
      platform_uk_id TEXT,
      outcome TEXT NOT NULL
    );
    CREATE INDEX audit_log_at ON audit_log (at);
    CREATE INDEX audit_log_platform_uk_id ON audit_log (platform_uk_id) WHERE platform_uk_id IS NOT NULL;
  `,
};
