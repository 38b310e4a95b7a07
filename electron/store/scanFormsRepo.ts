import type { Db } from './database';

export interface ScanFormRow {
  readonly id: number;
  readonly api: 'v2' | 'v1' | 'v1_ecommerce';
  readonly request_id: string | null;
  readonly status: 'ready' | 'pending' | 'failed';
  readonly pdf_url: string | null;
  readonly tracking_nos_json: string;
  readonly created_at: string;
}

/** SCAN forms and which tracking numbers each covers, so end of day offers only labels not yet on a form. */
export function createScanFormsRepo(db: Db, now: () => Date) {
  const insert = db.prepare(
    'INSERT INTO scan_forms (api, request_id, status, pdf_url, tracking_nos_json, result_json, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const item = db.prepare('INSERT OR IGNORE INTO scan_form_items (scan_form_id, tracking_no) VALUES (?, ?)');
  const update = db.prepare('UPDATE scan_forms SET status = ?, pdf_url = ?, result_json = ? WHERE id = ?');
  const byId = db.prepare<[number], ScanFormRow>('SELECT * FROM scan_forms WHERE id = ?');
  const list = db.prepare<[number], ScanFormRow>('SELECT * FROM scan_forms ORDER BY id DESC LIMIT ?');
  const covered = db.prepare<[string], { n: number }>(
    "SELECT count(*) AS n FROM scan_form_items i JOIN scan_forms f ON f.id = i.scan_form_id WHERE i.tracking_no = ? AND f.status <> 'failed'",
  );
  return {
    insert: db.transaction(
      (api: ScanFormRow['api'], requestId: string | null, status: ScanFormRow['status'], pdfUrl: string | null, trackingNos: readonly string[], result: unknown): number => {
        const info = insert.run(api, requestId, status, pdfUrl, JSON.stringify(trackingNos), JSON.stringify(result ?? null), now().toISOString());
        const id = Number(info.lastInsertRowid);
        for (const t of trackingNos) item.run(id, t);
        return id;
      },
    ),
    update: (id: number, status: ScanFormRow['status'], pdfUrl: string | null, result: unknown) =>
      void update.run(status, pdfUrl, JSON.stringify(result ?? null), id),
    get: (id: number): ScanFormRow | undefined => byId.get(id),
    list: (limit: number): ScanFormRow[] => list.all(limit),
    isCovered: (trackingNo: string): boolean => (covered.get(trackingNo)?.n ?? 0) > 0,
  };
}
