import { StationFailure, fail } from '../../shared/contract/errors';
import { UnreadableAnswerFailure } from '../api/answer';
import { isDiskFull } from '../core/diskFull';
import type { Logger } from '../log/logger';
import { normalizeTracking, type ShipmentRow, type ShipmentsRepo } from '../store/shipmentsRepo';
import type { Journaled, LostAnswer, OrderHoldings, PurchaseAdapter, Sold } from './adapter';
import type { PurchaseClaims } from './claims';
import { SaleKeptInMemory, keptInMemoryWords, type HeldSales } from './heldSales';
import { VoidedElsewhere, foreignLabelState, uncheckedWords, voidedElsewhereNote } from './foreignDuplicate';
import type { ChosenService } from './journal';
import { orderPrefixOf } from './packageKey';
import { salvagedPurchase } from './salvage';

export type Stage = 'journaled' | 'sent' | 'bought' | 'failed';

/** How a purchase ended in a label this bench keeps. */
export type BoughtHow = 'bought' | 'unreadable' | 'resumed' | 'read_back';

export interface AttemptDeps {
  readonly shipments: ShipmentsRepo;
  readonly claims: PurchaseClaims;
  /** Where a sold label waits when its row cannot be written for lack of space. */
  readonly held: HeldSales;
  readonly fetchBytes: (url: string) => Promise<Uint8Array>;
  readonly log: Logger;
  readonly retryDelayMs: number;
  readonly stage: (entry: { readonly packageKey: string; readonly platformUkId: string }, stage: Stage, row?: ShipmentRow, message?: string) => void;
  readonly closed: () => boolean;
}

type Api = PurchaseAdapter<unknown>;
type Foreign = { kind: 'voided' } | { kind: 'unknown'; reason: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function toFailure(error: unknown): StationFailure {
  if (error instanceof StationFailure) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new StationFailure({ code: 'service_unavailable', message: `The purchase could not be completed (${message}).`, retryable: true });
}

/** A journaled purchase sent under its one id until it is bought (answered, salvaged or read back), refused, or left for later. */
export function createAttempts(deps: AttemptDeps) {
  /** So a round of settling counts these as not sold. */
  const refusals = new WeakSet<StationFailure>();
  const warn = (what: string, platformUkId: string) => (error: unknown) => deps.log.warn(what, { platformUkId, error });

  const { shipments } = deps;
  /** Whether this station may have bought the label a duplicate answer repeats. */
  const sentBefore = (entry: Journaled) => {
    const now = shipments.get(entry.row.id) ?? entry.row;
    return now.state === 'bought' || now.attempts > 1;
  };

  async function keep(entry: Journaled, update: Sold['update']): Promise<ShipmentRow> {
    try {
      shipments.markBought(entry.row.id, update);
    } catch (error) {
      if (!isDiskFull(error)) throw error;
      deps.stage(entry, 'bought', undefined, keptInMemoryWords(update.trackingNo));
      deps.held.hold(entry, update);
    }
    const row = shipments.get(entry.row.id) as ShipmentRow;
    await deps.claims.publish(row);
    deps.stage(entry, 'bought', row);
    return row;
  }

  /** Marks the row refused; the failure returned is for the caller to throw. */
  async function refuse(entry: Journaled, message: string, failure = new StationFailure({ code: 'service_rejected', message, retryable: true })): Promise<StationFailure> {
    shipments.markFailed(entry.row.id, message);
    deps.stage(entry, 'failed', undefined, message);
    await deps.claims.release(entry.platformUkId).catch(warn('could not release the purchase claim', entry.platformUkId));
    refusals.add(failure);
    return failure;
  }

  /** Asks the adapter what a lost answer means; a read-back judges the order's labels by what every bench holds. */
  function lost(adapter: Api, entry: Journaled, claimBackendId: string): Promise<LostAnswer> {
    return adapter.lost(entry, async (trackingNos): Promise<OrderHoldings> => {
      const seen = await deps.claims.orderSeen({ backendId: claimBackendId, orderPrefix: orderPrefixOf(entry.packageKey), packageKey: entry.packageKey, trackingNos });
      return {
        isClaimed: (t) => seen.held.has(normalizeTracking(t)) || shipments.findByRef(t) !== undefined,
        buying: seen.buying,
      };
    });
  }

  /** A found label is kept; an unclear read-back leaves the package unknown; null: send (again). */
  async function settleLost(entry: Journaled, answer: LostAnswer): Promise<ShipmentRow | { notSold: string } | null> {
    if (answer.kind === 'resend') return null;
    if (answer.kind === 'not_sold') return { notSold: answer.message };
    if (answer.kind === 'unclear') {
      shipments.noteError(entry.row.id, answer.message);
      throw new StationFailure({ code: 'conflict', message: answer.message, retryable: false });
    }
    deps.log.warn('purchase found by reading the order back', { platformUkId: entry.platformUkId });
    return keep(entry, answer.update);
  }

  /** A label bought elsewhere that is not usable: kept as voided (then VoidedElsewhere), or refused in words. */
  async function settleForeign(entry: Journaled, sold: Sold, state: Foreign): Promise<never> {
    if (state.kind === 'voided') {
      const { shipmentNo, trackingNo, carrierCode, serviceLevel } = sold.update;
      shipments.markVoidedAtService(entry.row.id, { shipmentNo, trackingNo, carrierCode, serviceLevel, note: voidedElsewhereNote({ tracking_no: trackingNo, shipment_no: shipmentNo }) });
      const row = shipments.get(entry.row.id) as ShipmentRow;
      await deps.claims.voided(entry.platformUkId).catch(warn('could not share the void', entry.platformUkId));
      deps.log.warn('the service answered with a label voided elsewhere on the account; buying under the next void generation', { platformUkId: entry.platformUkId });
      throw new VoidedElsewhere(row);
    }
    const message = uncheckedWords(state.reason);
    shipments.markDuplicateUnchecked(entry.row.id, message);
    await deps.claims.release(entry.platformUkId).catch(warn('could not release the purchase claim', entry.platformUkId));
    deps.log.warn('the service answered with a label bought elsewhere whose state could not be checked; not kept', { platformUkId: entry.platformUkId, reason: state.reason });
    deps.stage(entry, 'failed', undefined, message);
    throw new StationFailure({ code: 'service_unavailable', message, retryable: true });
  }

  /** Sends the journaled request until it is bought, refused, or the adapter's attempts run out. */
  async function send(adapter: Api, entry: Journaled, claimBackendId: string): Promise<{ row: ShipmentRow; how: BoughtHow }> {
    let last: StationFailure | undefined;
    let foreign: { readonly sold: Sold; readonly state: Foreign } | undefined;
    for (let attempt = 1; attempt <= adapter.attempts && !deps.closed() && !foreign; attempt += 1) {
      shipments.countAttempt(entry.row.id);
      // The lease tells other benches this purchase is alive; losing the shared store mid-purchase does not stop a re-send of the same id.
      await deps.claims.touch(entry.platformUkId).catch(warn('could not renew the purchase claim', entry.platformUkId));
      deps.stage(entry, 'sent');
      try {
        const answer = await adapter.send(entry);
        if (deps.closed()) break;
        const sold = await adapter.read(entry, answer);
        if (sold.duplicate && !sentBefore(entry)) {
          const state = await foreignLabelState(adapter.trackingStatus ? async () => adapter.trackingStatus?.(entry) : undefined);
          if (deps.closed()) break;
          if (state.kind !== 'usable') {
            foreign = { sold, state };
            continue;
          }
        }
        return { row: await keep(entry, sold.update), how: 'bought' };
      } catch (error) {
        // Sold, and kept in memory until the disk has room: nothing to re-send or read back.
        if (error instanceof SaleKeptInMemory) throw error;
        if (error instanceof UnreadableAnswerFailure && !deps.closed()) {
          // The request was sent and answered: the label may be paid for, so it is recorded as bought and never sent again.
          const chosen = entry.row.chosen_json ? (JSON.parse(entry.row.chosen_json) as ChosenService) : {};
          // v1 labels void by tracking code only, so no id of the station's can void them.
          const { update, findings, labelFrom } = await salvagedPurchase({ failure: error, platformUkId: entry.platformUkId, fetchBytes: deps.fetchBytes, ownIds: adapter.ownIds(entry), chosen, voidableById: adapter.api === 'v2' });
          deps.log.warn('a purchase answer was not understood; the label is recorded as bought from what the answer held', {
            api: adapter.api, platformUkId: entry.platformUkId, endpoint: error.endpoint, tracking: findings.trackingPath, label: labelFrom,
          });
          return { row: await keep(entry, update), how: 'unreadable' };
        }
        last = toFailure(error);
        if (deps.closed()) break;
        const kind = adapter.classify(last);
        if (kind instanceof StationFailure) throw await refuse(entry, kind.error.message, kind);
        shipments.noteError(entry.row.id, last.error.message);
        if (kind === 'unsent') break;
        const settled = await settleLost(entry, await lost(adapter, entry, claimBackendId));
        if (settled && 'notSold' in settled) throw await refuse(entry, settled.notSold, new StationFailure({ code: 'timeout', message: settled.notSold, retryable: true }));
        if (settled) return { row: settled, how: 'read_back' };
        deps.log.warn('purchase attempt failed; re-sending with the same platform_uk_id', { platformUkId: entry.platformUkId, attempt, code: last.error.code });
        if (attempt < adapter.attempts) await sleep(deps.retryDelayMs * attempt);
      }
    }
    if (foreign) return settleForeign(entry, foreign.sold, foreign.state);
    const message = `The purchase was not confirmed (${last?.error.message ?? 'the station is closing'}). It is kept under id ${entry.platformUkId}; pressing Buy again re-sends the same id, so it is never charged twice.`;
    deps.stage(entry, 'failed', undefined, message);
    const keepCode = last && (adapter.classify(last) === 'unsent' || last.error.code === 'rate_limited');
    return fail(last && keepCode ? last.error.code : 'timeout', message, { retryable: true });
  }

  /** What an earlier attempt under the row did, as the adapter tells (v2: send the same id again; v1: the order is read back). */
  async function resume(adapter: Api, entry: Journaled, claimBackendId: string): Promise<{ row: ShipmentRow; how: BoughtHow } | 'send' | 'not_sold'> {
    const settled = await settleLost(entry, await lost(adapter, entry, claimBackendId));
    if (settled === null) return 'send';
    return 'notSold' in settled ? 'not_sold' : { row: settled, how: 'resumed' };
  }

  return { send, resume, refuse, wasRefused: (error: unknown) => error instanceof StationFailure && refusals.has(error) };
}
