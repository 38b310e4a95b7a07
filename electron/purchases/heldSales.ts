import { StationFailure, diskFullError } from '../../shared/contract/errors';
import { isDiskFull } from '../core/diskFull';
import type { Logger } from '../log/logger';
import type { BoughtUpdate, ShipmentRow, ShipmentsRepo } from '../store/shipmentsRepo';
import type { Journaled } from './adapter';

/** How often a label kept in memory is tried on disk again, besides at every Buy and every round of settling. */
export const HELD_RETRY_MS = 5_000;

/** A label the service sold whose bought row could not be written: the disk holding the station's data was full. */
interface HeldSale {
  readonly entry: Journaled;
  readonly update: BoughtUpdate;
}

/** The words of a sale kept in memory: it was bought, it is kept, nothing is bought again. */
export function keptInMemoryWords(trackingNo: string | null): string {
  return `The label was bought${trackingNo ? ` (tracking ${trackingNo})` : ''}, but the disk holding the station's data is full: the label is kept in memory and written to the station's data as soon as space returns, and it is not bought again. Free some space; nothing was lost.`;
}

/** Thrown where a purchase would have said "bought": the sale is held, and the operator hears so. */
export class SaleKeptInMemory extends StationFailure {
  constructor(readonly trackingNo: string | null) {
    super({ ...diskFullError, message: keptInMemoryWords(trackingNo) });
  }
}

export interface HeldSalesDeps {
  readonly shipments: ShipmentsRepo;
  /** What follows a bought row being written (the claim's label shared, progress told). */
  readonly written: (entry: Journaled, row: ShipmentRow) => Promise<void>;
  readonly log: Logger;
  readonly retryMs?: number;
}

/**
 * Labels sold while the disk was full (issue 21): the service's answer is
 * kept in memory, bytes and all, under the journal row that still says
 * pending, and written the moment a write succeeds again. A Buy for the
 * package finds it here before anything else, so it is never bought twice;
 * a label written from here was never printed, so the next Buy prints it.
 */
export function createHeldSales(deps: HeldSalesDeps) {
  const held = new Map<number, HeldSale>();
  /** Rows written from memory whose label no Buy has handed on yet. */
  const unprinted = new Set<number>();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> | undefined;

  const stopTimer = () => {
    clearInterval(timer);
    timer = undefined;
  };

  async function writeAll(): Promise<void> {
    for (const [id, sale] of [...held]) {
      try {
        deps.shipments.markBought(id, sale.update);
      } catch (error) {
        if (isDiskFull(error)) return;
        throw error;
      }
      held.delete(id);
      unprinted.add(id);
      const row = deps.shipments.get(id) as ShipmentRow;
      deps.log.info('a label kept in memory while the disk was full is now written', { platformUkId: sale.entry.platformUkId });
      await deps.written(sale.entry, row);
    }
    if (held.size === 0) stopTimer();
  }

  /** Tries every held label on disk again; one at a time, whoever asks. */
  function flush(): Promise<void> {
    if (held.size === 0) return Promise.resolve();
    flushing ??= writeAll().finally(() => {
      flushing = undefined;
    });
    return flushing;
  }

  return {
    /** Keeps a sale whose row could not be written and throws the words that say so. */
    hold(entry: Journaled, update: BoughtUpdate): never {
      held.set(entry.row.id, { entry, update });
      deps.log.warn('the disk is full; a bought label is kept in memory until it can be written', { platformUkId: entry.platformUkId, tracking: update.trackingNo });
      timer ??= setInterval(() => {
        flush().catch((error: unknown) => deps.log.error('a label kept in memory could not be written', { error: error instanceof Error ? error : String(error) }));
      }, deps.retryMs ?? HELD_RETRY_MS).unref();
      throw new SaleKeptInMemory(update.trackingNo);
    },
    flush,
    /** The package's sale still in memory, as the failure a Buy for it hears. */
    heldFor(backendId: string, packageKey: string): SaleKeptInMemory | undefined {
      for (const sale of held.values()) {
        if (sale.entry.packageKey === packageKey && (sale.entry.row.backend_id ?? backendId) === backendId) return new SaleKeptInMemory(sale.update.trackingNo);
      }
      return undefined;
    },
    isHeld: (rowId: number): boolean => held.has(rowId),
    /** True once for a row written from memory: its label is still to be printed. */
    takeUnprinted: (rowId: number): boolean => unprinted.delete(rowId),
    /** A last try before the station stops; what stays in memory is settled by the next start (the row says pending). */
    async close(): Promise<void> {
      stopTimer();
      await flush().catch(() => undefined);
    },
  };
}

export type HeldSales = ReturnType<typeof createHeldSales>;
