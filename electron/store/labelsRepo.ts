import type { Db } from './database';

export interface LabelRow {
  readonly shipment_id: number;
  readonly kind: 'label' | 'qrcode';
  readonly seq: number;
  readonly url: string | null;
  readonly png: Buffer;
}

/** Stored label images: the source of every preview and reprint, so neither needs the network. */
export function createLabelsRepo(db: Db) {
  const one = db.prepare<[number, string, number], LabelRow>('SELECT * FROM labels WHERE shipment_id = ? AND kind = ? AND seq = ?');
  const all = db.prepare<[number, string], LabelRow>('SELECT * FROM labels WHERE shipment_id = ? AND kind = ? ORDER BY seq');
  return {
    get: (shipmentId: number, kind: 'label' | 'qrcode', seq: number): LabelRow | undefined => one.get(shipmentId, kind, seq),
    list: (shipmentId: number, kind: 'label' | 'qrcode'): LabelRow[] => all.all(shipmentId, kind),
  };
}
