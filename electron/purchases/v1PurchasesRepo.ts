import type { Db } from '../store/database';
import { durably } from '../store/durable';

export type V1PurchaseState = 'pending' | 'unknown' | 'bought' | 'failed' | 'voided';

export interface V1PurchaseRow {
  readonly id: number;
  readonly backend_id: string;
  readonly package_key: string;
  readonly kind: 'rate' | 'direct';
  readonly rate_id: string | null;
  readonly store_name: string;
  readonly order_number: string;
  readonly request_json: string;
  readonly state: V1PurchaseState;
  readonly shipment_id: number | null;
  readonly tracking_code: string | null;
  readonly error: string | null;
  readonly attempts: number;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface V1PurchaseDraft {
  readonly backendId: string;
  readonly packageKey: string;
  readonly kind: 'rate' | 'direct';
  readonly rateId: string | null;
  readonly storeName: string;
  readonly orderNumber: string;
  readonly requestJson: string;
}

export type V1PurchasesRepo = ReturnType<typeof createV1PurchasesRepo>;

/** The v1 purchase journal table (migration 006). */
export function createV1PurchasesRepo(db: Db, now: () => Date) {
  const byId = db.prepare<[number], V1PurchaseRow>('SELECT * FROM v1_purchases WHERE id = ?');
  const live = db.prepare<[string, string], V1PurchaseRow>(
    "SELECT * FROM v1_purchases WHERE backend_id = ? AND package_key = ? AND state NOT IN ('failed', 'voided')",
  );
  const insert = db.prepare(`INSERT INTO v1_purchases (backend_id, package_key, kind, rate_id, store_name, order_number, request_json, state, created_at, updated_at)
    VALUES (@backendId, @packageKey, @kind, @rateId, @storeName, @orderNumber, @requestJson, 'pending', @at, @at)`);
  const setState = db.prepare('UPDATE v1_purchases SET state = ?, error = ?, updated_at = ? WHERE id = ?');
  const sent = db.prepare('UPDATE v1_purchases SET attempts = attempts + 1, updated_at = ? WHERE id = ?');
  const bought = db.prepare("UPDATE v1_purchases SET state = 'bought', shipment_id = ?, tracking_code = ?, error = NULL, updated_at = ? WHERE id = ?");
  const voidTracking = db.prepare("UPDATE v1_purchases SET state = 'voided', updated_at = ? WHERE tracking_code = ? AND state = 'bought'");
  const anyUnresolved = db.prepare("SELECT 1 FROM v1_purchases WHERE state IN ('pending', 'unknown') LIMIT 1");
  const unresolved = db.prepare<[string], V1PurchaseRow>("SELECT * FROM v1_purchases WHERE backend_id = ? AND state IN ('pending', 'unknown') ORDER BY id");
  const withTracking = db.prepare<[string], { n: number }>("SELECT count(*) AS n FROM v1_purchases WHERE tracking_code = ?");
  const byShipment = db.prepare<[number], V1PurchaseRow>('SELECT * FROM v1_purchases WHERE shipment_id = ?');
  const at = () => now().toISOString();
  return {
    get: (id: number): V1PurchaseRow | undefined => byId.get(id),
    /** The package's pending, unknown or bought purchase on one backend. */
    live: (backendId: string, packageKey: string): V1PurchaseRow | undefined => live.get(backendId, packageKey),
    /** Purchases of one backend whose outcome the station does not know (sent, answer lost or process stopped). */
    unresolved: (backendId: string): V1PurchaseRow[] => unresolved.all(backendId),
    /** Whether any backend has a purchase to settle: asked before reaching a backend (which, for the sandbox, starts it). */
    anyUnresolved: (): boolean => anyUnresolved.get() !== undefined,
    /** Whether a tracking code is already some package's label on this station. */
    holdsTracking: (trackingCode: string): boolean => (withTracking.get(trackingCode)?.n ?? 0) > 0,
    /** The purchase behind a stored v1 label (its store and order, for reading the label back). */
    byShipment: (shipmentId: number): V1PurchaseRow | undefined => byShipment.get(shipmentId),
    insertPending(d: V1PurchaseDraft): V1PurchaseRow {
      const info = insert.run({ ...d, at: at() });
      return byId.get(Number(info.lastInsertRowid)) as V1PurchaseRow;
    },
    /** Called just before each purchase request leaves, so it is the durable commit (see durably). */
    countSent: (id: number) => void durably(db, () => sent.run(at(), id)),
    markUnknown: (id: number, message: string) => void setState.run('unknown', message, at(), id),
    markFailed: (id: number, message: string) => void setState.run('failed', message, at(), id),
    markVoided: (id: number) => void setState.run('voided', null, at(), id),
    markBought: (id: number, shipmentId: number, trackingCode: string | null) => void bought.run(shipmentId, trackingCode, at(), id),
    voidedByTracking: (trackingCode: string) => void voidTracking.run(at(), trackingCode),
  };
}
