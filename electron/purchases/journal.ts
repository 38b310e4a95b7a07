import { fail } from '../../shared/contract/errors';
import { describeBackend } from '../backend/identity';
import type { PendingInsert, ShipmentRow, ShipmentsRepo } from '../store/shipmentsRepo';
import type { Journaled } from './adapter';
import { storedPackageKey, type PackageKey } from './packageKey';

/** The service picked by the operator, kept to compare with what the service sold. */
export interface ChosenService {
  readonly carrierCode: string | null;
  readonly serviceLevel: string | null;
  readonly serviceName: string | null;
  readonly price: number | null;
  /** The operator overrode the address check for this purchase (what the service said). */
  readonly addressOverride?: string;
  /** How the package was chosen (rules, an automatic buy, a skipped check), in operator words. */
  readonly decisions?: readonly string[];
  /** The weight rated, for reports: a rated purchase's request names only its rate. */
  readonly weightOz?: number;
}

/** A purchase as its journal row holds it: the request to send (without an id) and what History shows of it. */
export type JournalDraft = Omit<PendingInsert, 'packageKey' | 'platformUkId' | 'backendId'>;

export type Journal = ReturnType<typeof createJournal>;

/** Whom a purchase ships to, as History lists it. */
export const recipientOf = (to: { readonly name: string; readonly city: string; readonly zip: string }) => ({ recipientName: to.name, recipientCity: to.city, recipientZip: to.zip });

const entryOf = (row: ShipmentRow, resumed: boolean): Journaled => ({ row, packageKey: storedPackageKey(row.package_key), platformUkId: row.platform_uk_id, resumed });

/**
 * Both APIs' journal (migration 016): a shipments row, pending with its id and
 * request before anything is sent, until bought (with its label bytes), refused
 * or voided. A v2 row (`idempotent`) takes the latest request and another
 * process's row is re-sent under its id; a v1 row keeps what went out, for a read-back.
 */
export function createJournal(shipments: ShipmentsRepo) {
  /** A v1 id only names the claim among benches, so a v1 row takes the claim's id; a v2 row keeps the id it went out under. */
  const named = (idempotent: boolean, row: ShipmentRow, platformUkId: string) =>
    idempotent || row.platform_uk_id === platformUkId || row.state === 'bought' ? row : shipments.rename(row.id, platformUkId);
  return {
    /** The package's unfinished purchase on this bench (pending or refused). */
    unfinished(backendId: string, packageKey: PackageKey): ShipmentRow | undefined {
      const live = shipments.liveByPackageKey(backendId, packageKey);
      return live && live.state !== 'bought' ? live : undefined;
    },
    /** The pending row, written before anything is sent; a row another process bought meanwhile comes back as bought. */
    open(idempotent: boolean, backendId: string, packageKey: PackageKey, draft: JournalDraft, platformUkId: string, unfinished: ShipmentRow | undefined): Journaled | { readonly bought: ShipmentRow } {
      const reuse = (found: ShipmentRow) => {
        const live = named(idempotent, found, platformUkId);
        if (live.state === 'bought') return { bought: live };
        // A v1 attempt that may have gone out keeps its request: only a read-back saying nothing was sold replaces it.
        if (live.state === 'pending' && !idempotent) return entryOf(live, true);
        return entryOf(shipments.reusePending(live.id, draft), live.state === 'pending');
      };
      if (unfinished) return reuse(unfinished);
      try {
        return entryOf(shipments.insertPending({ packageKey, platformUkId, backendId, ...draft }), false);
      } catch (error) {
        // Another station process on this data folder journaled the package a moment ago.
        const raced = shipments.liveByPackageKey(backendId, packageKey);
        if (raced && (idempotent || raced.state === 'bought')) return reuse(raced);
        // Without an idempotency key only the process that is sending it can settle it.
        if (raced) fail('conflict', 'This box is being bought by another window or process of this station right now; its label will show here once bought. Nothing more was bought.');
        const holder = shipments.findByRef(platformUkId);
        if (holder) {
          // Same account and package through another address of the service: the service would answer with that purchase.
          fail('conflict', `This package was already bought, or is being bought, on this account through ${describeBackend(holder.backend_id ?? 'default')}; switch the station to it to see or finish that purchase.`);
        }
        throw error;
      }
    },
    resume: (idempotent: boolean, row: ShipmentRow, platformUkId: string): Journaled => entryOf(named(idempotent, row, platformUkId), true),
    /** An earlier attempt sold nothing: a v1 row is journaled again with this press's request (a v2 row took it when opened). */
    renew(entry: Journaled, draft: JournalDraft): Journaled {
      return entry.resumed ? entryOf(shipments.reusePending(entry.row.id, draft), false) : entry;
    },
    /** Unconfirmed purchases of one API on one backend (and v2 rows from before purchases had one). */
    unsettled: (backendId: string, api: 'v1' | 'v2') =>
      shipments.pending(backendId, api === 'v1').map((row) => ({ row, packageKey: storedPackageKey(row.package_key), backendId: row.backend_id ?? backendId, orderNumber: row.order_number })),
  };
}
