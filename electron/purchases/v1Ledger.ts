import { fail } from '../../shared/contract/errors';
import type { Db } from '../store/database';
import type { PendingInsert, ShipmentRow, ShipmentsRepo } from '../store/shipmentsRepo';
import type { Journaled, Ledger } from './adapter';
import { storedPackageKey } from './packageKey';
import type { V1PurchaseDraft, V1PurchaseRow, V1PurchasesRepo } from './v1PurchasesRepo';

/** A v1 purchase as the desk hands it to the journal. */
export type V1Draft = Omit<V1PurchaseDraft, 'backendId' | 'packageKey'>;

/** What the shipments row of a bought v1 label says about the request (recipient, service picked, insurance). */
export type V1ShipmentMeta = Omit<PendingInsert, 'packageKey' | 'platformUkId' | 'backendId'>;

export interface V1LedgerDeps {
  readonly db: Db;
  readonly purchases: V1PurchasesRepo;
  readonly shipments: ShipmentsRepo;
  /** The shipments row's fields for a journaled request (the desk reads its own request). */
  readonly metaOf: (row: V1PurchaseRow) => V1ShipmentMeta;
}

const entryOf = (row: V1PurchaseRow, platformUkId: string, resumed: boolean): Journaled<V1PurchaseRow> => ({
  row,
  packageKey: storedPackageKey(row.package_key),
  platformUkId,
  resumed,
});

/**
 * The v1 journal (migration 006). v1 purchases carry no platform_uk_id, so a
 * row is one attempt: pending before it is sent, unknown when its answer is
 * lost, and bought with the label stored as a shipments row (under the
 * claim's id, prefixed as every v1 label's) in the same transaction.
 */
export function createV1Ledger(deps: V1LedgerDeps): Ledger<V1PurchaseRow, V1Draft> {
  const { purchases, shipments } = deps;
  return {
    unfinished(backendId, packageKey) {
      const live = purchases.live(backendId, packageKey);
      if (live?.state !== 'bought') return live;
      // Its label is voided (no standing label is kept): the box is bought again.
      purchases.markVoided(live.id);
      return undefined;
    },
    journaledId: () => null,
    open(backendId, packageKey, draft, platformUkId, unfinished) {
      const holder = shipments.findByRef(platformUkId);
      if (holder) {
        fail('conflict', `This box already has a label on this v1 account (${holder.tracking_no ?? platformUkId}), kept under another service setting of this station; it was not bought again.`);
      }
      if (unfinished) return entryOf(unfinished, platformUkId, true);
      try {
        return entryOf(purchases.insertPending({ ...draft, backendId, packageKey }), platformUkId, false);
      } catch (error) {
        // Another station process on this data folder journaled the box a moment ago and is sending it: without an idempotency key, only it can settle it.
        if (purchases.live(backendId, packageKey)) fail('conflict', 'This box is being bought by another window or process of this station right now; its label will show here once bought. Nothing more was bought.');
        throw error;
      }
    },
    resume: (row, platformUkId) => entryOf(row, platformUkId, true),
    sent: (entry) => purchases.countSent(entry.row.id),
    bought(entry, update) {
      const { row } = entry;
      const id = deps.db.transaction(() => {
        const shipment = shipments.insertPending({ packageKey: row.package_key, platformUkId: entry.platformUkId, backendId: row.backend_id, ...deps.metaOf(row) });
        shipments.markBought(shipment.id, update);
        purchases.markBought(row.id, shipment.id, update.trackingNo);
        return shipment.id;
      })();
      return shipments.get(id) as ShipmentRow;
    },
    refused: (entry, message) => purchases.markFailed(entry.row.id, message),
    unknown: (entry, message) => purchases.markUnknown(entry.row.id, message),
    renew(entry, draft) {
      // A row this press journaled (taking over from a stopped bench) is sent as it is.
      if (!entry.resumed) return entry;
      purchases.markFailed(entry.row.id, 'The service sold no label for this attempt.');
      return entryOf(purchases.insertPending({ ...draft, backendId: entry.row.backend_id, packageKey: entry.row.package_key }), entry.platformUkId, false);
    },
    adopted(row, bench, ref) {
      if (row) purchases.markFailed(row.id, `Bought at bench ${bench} (${ref}).`);
    },
    boughtHere: (row) => purchases.byShipment(row.id) !== undefined,
    voided(row) {
      if (row.tracking_no) purchases.voidedByTracking(row.tracking_no);
    },
    unsettled: (backendId) =>
      purchases.unresolved(backendId).map((row) => ({ row, packageKey: storedPackageKey(row.package_key), backendId: row.backend_id, orderNumber: row.order_number })),
    holdsTracking: (trackingNo) => purchases.holdsTracking(trackingNo),
  };
}
