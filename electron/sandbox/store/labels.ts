import type { Db } from './db';

/** customs: the CN22/CN23 form of an international shipment, printed after its label. */
export type LabelKind = 'label' | 'qrcode' | 'customs';

/** Label PNGs, rendered once per purchase and served by id. */
export class LabelStore {
  private readonly insertStmt;
  private readonly getStmt;
  private readonly listStmt;

  constructor(db: Db) {
    this.insertStmt = db.prepare('INSERT INTO labels (id, shipment_no, kind, position, png) VALUES (?, ?, ?, ?, ?)');
    this.getStmt = db.prepare<[string], { png: Buffer }>('SELECT png FROM labels WHERE id = ?');
    this.listStmt = db.prepare<[string, string], { id: string; png: Buffer }>(
      'SELECT id, png FROM labels WHERE shipment_no = ? AND kind = ? ORDER BY position',
    );
  }

  add(id: string, shipmentNo: string, kind: LabelKind, position: number, png: Buffer): void {
    this.insertStmt.run(id, shipmentNo, kind, position, png);
  }

  png(id: string): Buffer | undefined {
    return this.getStmt.get(id)?.png;
  }

  list(shipmentNo: string, kind: LabelKind): Array<{ id: string; png: Buffer }> {
    return this.listStmt.all(shipmentNo, kind);
  }
}
