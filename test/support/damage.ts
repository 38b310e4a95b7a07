import fs from 'node:fs';
import Database from 'better-sqlite3';

/**
 * Overwrites the root page of one of `table`'s indexes with garbage, as a bad
 * sector or a torn write leaves it: a real SQLite file that SQLite's own
 * check then finds damaged. The file must not be open elsewhere.
 */
export function damageAnIndex(file: string, table: string): void {
  const db = new Database(file);
  const { rootpage } = db.prepare("SELECT rootpage FROM sqlite_master WHERE type = 'index' AND tbl_name = ? ORDER BY rootpage LIMIT 1").get(table) as { rootpage: number };
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  const fd = fs.openSync(file, 'r+');
  fs.writeSync(fd, Buffer.alloc(pageSize, 0x41), 0, pageSize, (rootpage - 1) * pageSize);
  fs.closeSync(fd);
}
