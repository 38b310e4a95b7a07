import type { Db } from './database';

export type CustomsFormMime = 'image/png' | 'application/pdf';

export interface CustomsFormRow {
  readonly shipment_id: number;
  readonly seq: number;
  readonly url: string | null;
  readonly mime: CustomsFormMime;
  readonly bytes: Buffer;
}

export interface CustomsFormInsert {
  readonly seq: number;
  readonly url: string | null;
  readonly mime: CustomsFormMime;
  readonly bytes: Uint8Array;
}

/** Customs forms (CN22/CN23, commercial invoices) stored with their label, for printing and reprinting offline. */
export function createCustomsFormsRepo(db: Db) {
  const all = db.prepare<[number], CustomsFormRow>('SELECT shipment_id, seq, url, mime, bytes FROM customs_forms WHERE shipment_id = ? ORDER BY seq');
  const insert = db.prepare('INSERT OR IGNORE INTO customs_forms (shipment_id, seq, url, mime, bytes) VALUES (?, ?, ?, ?, ?)');
  return {
    list: (shipmentId: number): CustomsFormRow[] => all.all(shipmentId),
    add(shipmentId: number, forms: readonly CustomsFormInsert[]): void {
      db.transaction(() => {
        for (const f of forms) insert.run(shipmentId, f.seq, f.url, f.mime, Buffer.from(f.bytes));
      })();
    },
  };
}
