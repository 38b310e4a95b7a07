import type { Db } from '../store/database';
import type { BoughtUpdate, ShipmentRow } from '../store/shipmentsRepo';

export type OutboxKind = 'publish' | 'void';

export interface OutboxEntry {
  readonly kind: OutboxKind;
  readonly platformUkId: string;
}

/**
 * The warehouse writes this bench still owes the database, kept in its own
 * SQLite (not in memory): a bench restarted while the database was away
 * still publishes what it bought. Only the id is kept; the label and its
 * bytes are read from this bench's shipments when the write is sent.
 */
export interface LocalOutbox {
  add(entry: OutboxEntry): void;
  /** Oldest first. */
  list(): OutboxEntry[];
  remove(entry: OutboxEntry): void;
  /** This bench's bought row and label bytes for an id, as publishing needs them. */
  shipment(platformUkId: string): { readonly row: ShipmentRow; readonly labels: BoughtUpdate['labels'] } | undefined;
}

export function createLocalOutbox(db: Db, now: () => Date): LocalOutbox {
  const insert = db.prepare<[string, string, string]>('INSERT INTO warehouse_outbox (kind, platform_uk_id, queued_at) VALUES (?, ?, ?) ON CONFLICT (kind, platform_uk_id) DO NOTHING');
  const all = db.prepare<[], { kind: OutboxKind; platform_uk_id: string }>('SELECT kind, platform_uk_id FROM warehouse_outbox ORDER BY seq');
  const drop = db.prepare<[string, string]>('DELETE FROM warehouse_outbox WHERE kind = ? AND platform_uk_id = ?');
  const row = db.prepare<[string], ShipmentRow>('SELECT * FROM shipments WHERE platform_uk_id = ?');
  const labels = db.prepare<[number], { kind: 'label' | 'qrcode'; seq: number; url: string | null; png: Buffer }>(
    "SELECT kind, seq, url, png FROM labels WHERE shipment_id = ? AND kind IN ('label', 'qrcode') ORDER BY kind, seq",
  );
  return {
    add: (e) => void insert.run(e.kind, e.platformUkId, now().toISOString()),
    list: () => all.all().map((r) => ({ kind: r.kind, platformUkId: r.platform_uk_id })),
    remove: (e) => void drop.run(e.kind, e.platformUkId),
    shipment(platformUkId) {
      const found = row.get(platformUkId);
      if (!found) return undefined;
      return { row: found, labels: labels.all(found.id).map((l) => ({ kind: l.kind, seq: l.seq, url: l.url, png: new Uint8Array(l.png) })) };
    },
  };
}
