import Database from 'better-sqlite3';

/**
 * Grows a closed station database past the size the station checks whole
 * at every open, with rows of its own schema (the service-call log), so
 * the next open after a clean shutdown checks it in the background.
 */
export function growPastOpenCheck(file: string, bytes = 6 * 1024 * 1024): void {
  const db = new Database(file);
  const insert = db.prepare("INSERT INTO audit_log (at, api, method, endpoint, duration_ms, outcome) VALUES (?, 'v2', 'GET', ?, 5, 'ok')");
  const rowBytes = 400;
  db.transaction(() => {
    for (let i = 0; i < bytes / rowBytes; i += 1) insert.run(new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString(), `/api/filler/${String(i).padStart(rowBytes, '0')}`);
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}
