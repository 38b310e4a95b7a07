import type { Db } from './database';

/** The last tracking answer per (endpoint, reference): shown when the service cannot be reached. */
export function createTrackingRepo(db: Db) {
  const upsert = db.prepare(`INSERT INTO tracking_snapshots (source, ref, tracking_no, status, info_json, fetched_at) VALUES (?, ?, ?, ?, ?, ?)
    ON CONFLICT (source, ref) DO UPDATE SET tracking_no = excluded.tracking_no, status = excluded.status, info_json = excluded.info_json, fetched_at = excluded.fetched_at`);
  const get = db.prepare<[string, string], { info_json: string }>('SELECT info_json FROM tracking_snapshots WHERE source = ? AND ref = ?');
  return {
    save(source: string, ref: string, trackingNo: string | null, status: string, info: unknown, fetchedAt: string): void {
      upsert.run(source, ref, trackingNo, status, JSON.stringify(info), fetchedAt);
    },
    load<T>(source: string, ref: string): T | undefined {
      const row = get.get(source, ref);
      return row ? (JSON.parse(row.info_json) as T) : undefined;
    },
  };
}
