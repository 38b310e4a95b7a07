import type { Pickup } from '../../shared/contract/shippingTypes';
import type { Db } from '../store/database';
import { pickupOfRow, type PickupRow } from '../store/pickupsRepo';
import type { BoughtUpdate, ShipmentRow } from '../store/shipmentsRepo';

export type OutboxKind = 'publish' | 'void' | 'pickup';

export interface OutboxEntry {
  readonly kind: OutboxKind;
  /** The label's platform_uk_id ('publish', 'void') or the pickup number ('pickup'). */
  readonly ref: string;
}

/**
 * The warehouse writes this bench still owes the database, kept in its own
 * SQLite (not in memory): a bench restarted while the database was away
 * still publishes what it bought. Only the reference is kept; the label, its
 * bytes or the pickup are read from this bench's own tables when the write is
 * sent, so the database hears the newest state.
 */
export interface LocalOutbox {
  add(entry: OutboxEntry): void;
  /** Oldest first. */
  list(): OutboxEntry[];
  remove(entry: OutboxEntry): void;
  /** This bench's bought row and label bytes for an id, as publishing needs them. */
  shipment(platformUkId: string): { readonly row: ShipmentRow; readonly labels: BoughtUpdate['labels'] } | undefined;
  /** This bench's record of a pickup and the service's answer when it was booked. */
  pickup(pickupNo: string): { readonly pickup: Pickup; readonly result: unknown } | undefined;
}

export function createLocalOutbox(db: Db, now: () => Date): LocalOutbox {
  const insert = db.prepare<[string, string, string]>('INSERT INTO warehouse_outbox (kind, ref, queued_at) VALUES (?, ?, ?) ON CONFLICT (kind, ref) DO NOTHING');
  const all = db.prepare<[], { kind: OutboxKind; ref: string }>('SELECT kind, ref FROM warehouse_outbox ORDER BY seq');
  const drop = db.prepare<[string, string]>('DELETE FROM warehouse_outbox WHERE kind = ? AND ref = ?');
  const row = db.prepare<[string], ShipmentRow>('SELECT * FROM shipments WHERE platform_uk_id = ?');
  const labels = db.prepare<[number], { kind: 'label' | 'qrcode'; seq: number; url: string | null; png: Buffer }>(
    "SELECT kind, seq, url, png FROM labels WHERE shipment_id = ? AND kind IN ('label', 'qrcode') ORDER BY kind, seq",
  );
  const pickupRow = db.prepare<[string], PickupRow & { result_json: string | null }>('SELECT * FROM pickups WHERE pickup_no = ?');
  return {
    add: (e) => void insert.run(e.kind, e.ref, now().toISOString()),
    list: () => all.all().map((r) => ({ kind: r.kind, ref: r.ref })),
    remove: (e) => void drop.run(e.kind, e.ref),
    shipment(platformUkId) {
      const found = row.get(platformUkId);
      if (!found) return undefined;
      return { row: found, labels: labels.all(found.id).map((l) => ({ kind: l.kind, seq: l.seq, url: l.url, png: new Uint8Array(l.png) })) };
    },
    pickup(pickupNo) {
      const found = pickupRow.get(pickupNo);
      if (!found) return undefined;
      return { pickup: pickupOfRow(found), result: found.result_json === null ? null : (JSON.parse(found.result_json) as unknown) };
    },
  };
}
