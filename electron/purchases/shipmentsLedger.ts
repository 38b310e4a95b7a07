import { fail } from '../../shared/contract/errors';
import { describeBackend } from '../backend/identity';
import type { ShipmentRow, ShipmentsRepo } from '../store/shipmentsRepo';
import type { Journaled, Ledger } from './adapter';
import { storedPackageKey, type PackageKey } from './packageKey';

/** The service picked by the operator, kept to compare with what the service sold. */
export interface ChosenService {
  readonly carrierCode: string | null;
  readonly serviceLevel: string | null;
  readonly serviceName: string | null;
  readonly price: number | null;
  /** The operator overrode the address check for this purchase (what the service said). */
  readonly addressOverride?: string;
}

/** A v2 purchase as its journal row holds it. */
export interface PurchaseDraft {
  readonly method: ShipmentRow['method'];
  /** The request body without platform_uk_id; the adapter adds the row's id on every send. */
  readonly body: Readonly<Record<string, unknown>>;
  readonly chosen: ChosenService;
  readonly orderNumber: string | null;
  readonly recipientName: string | null;
  readonly recipientCity: string | null;
  readonly recipientZip: string | null;
  readonly insuranceCents: number | null;
  readonly isReturn: boolean;
}

export type ShipmentsLedger = ReturnType<typeof createShipmentsLedger>;

const entryOf = (row: ShipmentRow, resumed: boolean): Journaled<ShipmentRow> => ({
  row,
  packageKey: storedPackageKey(row.package_key),
  platformUkId: row.platform_uk_id,
  resumed,
});

/**
 * The v2 journal: a purchase is a shipments row, pending with its
 * platform_uk_id and full request before anything is sent; the same row
 * (same id) is re-sent until it is bought, and its label bytes are stored in
 * the transaction that marks it bought.
 */
export function createShipmentsLedger(shipments: ShipmentsRepo) {
  const current = (entry: Journaled<ShipmentRow>) => shipments.get(entry.row.id) ?? entry.row;

  const ledger: Ledger<ShipmentRow, PurchaseDraft> = {
    unfinished(backendId: string, packageKey: PackageKey) {
      const live = shipments.liveByPackageKey(backendId, packageKey);
      return live && live.state !== 'bought' ? live : undefined;
    },
    journaledId: (row) => row?.platform_uk_id ?? null,
    open(backendId, packageKey, draft, platformUkId, unfinished) {
      const meta = {
        method: draft.method,
        requestJson: JSON.stringify(draft.body),
        chosenJson: JSON.stringify(draft.chosen),
        orderNumber: draft.orderNumber,
        recipientName: draft.recipientName,
        recipientCity: draft.recipientCity,
        recipientZip: draft.recipientZip,
        insuranceCents: draft.insuranceCents,
        isReturn: draft.isReturn,
      };
      const reuse = (live: ShipmentRow) => (live.state === 'bought' ? { bought: live } : entryOf(shipments.reusePending(live.id, meta), true));
      if (unfinished) return reuse(unfinished);
      try {
        return entryOf(shipments.insertPending({ packageKey, platformUkId, backendId, ...meta }), false);
      } catch (error) {
        // Another station process on this data folder journaled the package a moment ago: use its id.
        const raced = shipments.liveByPackageKey(backendId, packageKey);
        if (raced) return reuse(raced);
        const holder = shipments.findByRef(platformUkId);
        if (holder) {
          // Same account and package through another address of the service: the service would answer with that purchase.
          fail('conflict', `This package was already bought, or is being bought, on this account through ${describeBackend(holder.backend_id ?? 'default')}; switch the station to it to see or finish that purchase.`);
        }
        throw error;
      }
    },
    resume: (row) => entryOf(row, true),
    sent: (entry) => shipments.countAttempt(entry.row.id),
    bought(entry, update) {
      shipments.markBought(entry.row.id, update);
      return shipments.get(entry.row.id) as ShipmentRow;
    },
    refused: (entry, message) => shipments.markFailed(entry.row.id, message),
    unknown: (entry, message) => shipments.noteError(entry.row.id, message),
    // The row was re-journaled with this draft when it was opened.
    renew: (entry) => entry,
    // adoptShared already failed this bench's unfinished row of the package.
    adopted: () => undefined,
    // A label kept from another bench was never sent from here.
    boughtHere: (row) => row.attempts > 0,
    voided: () => undefined,
    duplicates: {
      sentBefore(entry) {
        const now = current(entry);
        return now.state === 'bought' || now.attempts > 1;
      },
      voidedElsewhere(entry, label, note) {
        shipments.markVoidedAtService(entry.row.id, { ...label, note });
        return current(entry);
      },
      unchecked: (entry, message) => shipments.markDuplicateUnchecked(entry.row.id, message),
    },
    unsettled: (backendId) =>
      shipments.pending(backendId).map((row) => ({ row, packageKey: storedPackageKey(row.package_key), backendId: row.backend_id ?? backendId, orderNumber: row.order_number })),
    holdsTracking: () => false,
  };
  return ledger;
}
