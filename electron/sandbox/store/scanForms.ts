import type { Db } from './db';

export interface ScanFormRecord {
  readonly scanFormNo: string;
  readonly api: 'v2' | 'v1' | 'v1-ecommerce';
  readonly carrierCode: string;
  readonly trackingNos: readonly string[];
  readonly requestId: number | null;
  readonly readyAt: string;
  readonly createdAt: string;
}

interface Row {
  scan_form_no: string;
  api: ScanFormRecord['api'];
  carrier_code: string;
  tracking_nos: string;
  request_id: number | null;
  ready_at: string;
  created_at: string;
}

const fromRow = (row: Row): ScanFormRecord => ({
  scanFormNo: row.scan_form_no,
  api: row.api,
  carrierCode: row.carrier_code,
  trackingNos: JSON.parse(row.tracking_nos) as string[],
  requestId: row.request_id,
  readyAt: row.ready_at,
  createdAt: row.created_at,
});

/** SCAN forms (manifests) and their PDFs; e-commerce forms get their PDF once ready. */
export class ScanFormStore {
  constructor(private readonly db: Db) {}

  insert(record: ScanFormRecord, pdf: Buffer | null): void {
    this.db
      .prepare('INSERT INTO scan_forms (scan_form_no, api, carrier_code, tracking_nos, request_id, pdf, ready_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      .run(record.scanFormNo, record.api, record.carrierCode, JSON.stringify(record.trackingNos), record.requestId, pdf, record.readyAt, record.createdAt);
  }

  get(scanFormNo: string): ScanFormRecord | undefined {
    const row = this.db.prepare<[string], Row>('SELECT scan_form_no, api, carrier_code, tracking_nos, request_id, ready_at, created_at FROM scan_forms WHERE scan_form_no = ?').get(scanFormNo);
    return row ? fromRow(row) : undefined;
  }

  byRequestId(requestId: number): ScanFormRecord | undefined {
    const row = this.db.prepare<[number], Row>('SELECT scan_form_no, api, carrier_code, tracking_nos, request_id, ready_at, created_at FROM scan_forms WHERE request_id = ?').get(requestId);
    return row ? fromRow(row) : undefined;
  }

  pdf(scanFormNo: string): Buffer | null | undefined {
    const row = this.db.prepare<[string], { pdf: Buffer | null }>('SELECT pdf FROM scan_forms WHERE scan_form_no = ?').get(scanFormNo);
    return row ? row.pdf : undefined;
  }

  setPdf(scanFormNo: string, pdf: Buffer): void {
    this.db.prepare('UPDATE scan_forms SET pdf = ? WHERE scan_form_no = ?').run(pdf, scanFormNo);
  }
}
