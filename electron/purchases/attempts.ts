import { StationFailure, fail } from '../../shared/contract/errors';
import { UnreadableAnswerFailure } from '../api/answer';
import type { Logger } from '../log/logger';
import { normalizeTracking, type ShipmentRow, type ShipmentsRepo } from '../store/shipmentsRepo';
import type { DuplicateLedger, Journaled, Ledger, LostAnswer, OrderHoldings, PurchaseAdapter, Sold } from './adapter';
import type { PurchaseClaims } from './claims';
import { VoidedElsewhere, foreignLabelState, uncheckedWords, voidedElsewhereNote } from './foreignDuplicate';
import { orderPrefixOf } from './packageKey';
import { salvagedPurchase } from './salvage';

export type Stage = 'journaled' | 'sent' | 'bought' | 'failed';

/** How a purchase ended in a label this bench keeps. */
export type BoughtHow = 'bought' | 'unreadable' | 'resumed' | 'read_back';

export interface AttemptDeps {
  readonly shipments: ShipmentsRepo;
  readonly claims: PurchaseClaims;
  readonly fetchBytes: (url: string) => Promise<Uint8Array>;
  readonly log: Logger;
  readonly retryDelayMs: number;
  readonly stage: (entry: { readonly packageKey: string; readonly platformUkId: string }, stage: Stage, row: ShipmentRow | undefined, message?: string) => void;
  readonly closed: () => boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function toFailure(error: unknown): StationFailure {
  if (error instanceof StationFailure) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new StationFailure({ code: 'service_unavailable', message: `The purchase could not be completed (${message}).`, retryable: true });
}

/**
 * One journaled purchase sent until it is settled: bought (from the answer,
 * from an answer it could not read, or found by reading back), refused, or
 * left to be settled later. Every send carries the journaled request under
 * the same id; a lost answer is never met with a new id.
 */
export function createAttempts(deps: AttemptDeps) {
  /** Refusals thrown, so a round of settling counts them as not sold. */
  const refusals = new WeakSet<StationFailure>();
  const warn = (what: string, platformUkId: string) => (error: unknown) => deps.log.warn(what, { platformUkId, error });

  async function keep<R>(ledger: Ledger<R, unknown>, entry: Journaled<R>, sold: Pick<Sold, 'update'>): Promise<ShipmentRow> {
    const row = ledger.bought(entry, sold.update);
    await deps.claims.publish(row);
    deps.stage(entry, 'bought', row);
    return row;
  }

  async function refuse<R>(ledger: Ledger<R, unknown>, entry: Journaled<R>, message: string): Promise<void> {
    ledger.refused(entry, message);
    await deps.claims.release(entry.platformUkId).catch(warn('could not release the purchase claim', entry.platformUkId));
  }

  /** What the benches hold of the entry's order, for a read-back. */
  function holdings<R>(ledger: Ledger<R, unknown>, entry: Journaled<R>, claimBackendId: string, holdsTracking: (t: string) => boolean) {
    return async (trackingNos: readonly string[]): Promise<OrderHoldings> => {
      const seen = await deps.claims.orderSeen({ backendId: claimBackendId, orderPrefix: orderPrefixOf(entry.packageKey), packageKey: entry.packageKey, trackingNos });
      return {
        isClaimed: (t) => seen.held.has(normalizeTracking(t)) || deps.shipments.findByRef(t) !== undefined || holdsTracking(t),
        buying: seen.buying,
      };
    };
  }

  /** A label bought elsewhere that is not usable: kept as voided (then VoidedElsewhere), or refused in words. */
  async function settleForeign<R>(ledger: DuplicateLedger<R>, entry: Journaled<R>, sold: Sold, state: { kind: 'voided' } | { kind: 'unknown'; reason: string }): Promise<never> {
    if (state.kind === 'voided') {
      const u = sold.update;
      const row = ledger.voidedElsewhere(entry, { shipmentNo: u.shipmentNo, trackingNo: u.trackingNo, carrierCode: u.carrierCode, serviceLevel: u.serviceLevel }, voidedElsewhereNote({ tracking_no: u.trackingNo, shipment_no: u.shipmentNo }));
      await deps.claims.voided(entry.platformUkId).catch(warn('could not share the void', entry.platformUkId));
      deps.log.warn('the service answered with a label voided elsewhere on the account; buying under the next void generation', { platformUkId: entry.platformUkId });
      throw new VoidedElsewhere(row);
    }
    const message = uncheckedWords(state.reason);
    ledger.unchecked(entry, message);
    await deps.claims.release(entry.platformUkId).catch(warn('could not release the purchase claim', entry.platformUkId));
    deps.log.warn('the service answered with a label bought elsewhere whose state could not be checked; not kept', { platformUkId: entry.platformUkId, reason: state.reason });
    deps.stage(entry, 'failed', undefined, message);
    throw new StationFailure({ code: 'service_unavailable', message, retryable: true });
  }

  /** The answer the parser refused came after the request was sent: the label may be paid for, so it is recorded as bought and never sent again. */
  async function salvage<R, A>(ledger: Ledger<R, unknown>, adapter: PurchaseAdapter<R, A>, entry: Journaled<R>, failure: UnreadableAnswerFailure): Promise<ShipmentRow> {
    const { update, findings, labelFrom } = await salvagedPurchase({ failure, platformUkId: entry.platformUkId, fetchBytes: deps.fetchBytes, ...adapter.salvage(entry) });
    deps.log.warn('a purchase answer was not understood; the label is recorded as bought from what the answer held', {
      api: adapter.api,
      platformUkId: entry.platformUkId,
      endpoint: failure.endpoint,
      tracking: findings.trackingPath,
      label: labelFrom,
    });
    return keep(ledger, entry, { update });
  }

  /** Settles a lost answer as the adapter reads it; null means send (again). */
  async function settleLost<R>(ledger: Ledger<R, unknown>, entry: Journaled<R>, lost: LostAnswer): Promise<{ row: ShipmentRow } | { notSold: string } | null> {
    if (lost.kind === 'resend') return null;
    if (lost.kind === 'found') {
      deps.log.warn('purchase found by reading the order back', { platformUkId: entry.platformUkId });
      return { row: await keep(ledger, entry, { update: lost.update }) };
    }
    if (lost.kind === 'unclear') {
      ledger.unknown(entry, lost.message);
      throw new StationFailure({ code: 'conflict', message: lost.message, retryable: false });
    }
    return { notSold: lost.message };
  }

  /**
   * Sends the journaled request until it is bought, refused, or the
   * adapter's attempts run out. `holdsTracking`: a tracking number this
   * bench's journal already holds; `claimBackendId`: where the claim lives.
   */
  async function send<R, A>(
    ledger: Ledger<R, unknown>,
    adapter: PurchaseAdapter<R, A>,
    entry: Journaled<R>,
    claimBackendId: string,
    holdsTracking: (trackingNo: string) => boolean,
  ): Promise<{ row: ShipmentRow; how: BoughtHow }> {
    let last: StationFailure | undefined;
    let foreign: { readonly sold: Sold; readonly state: { kind: 'voided' } | { kind: 'unknown'; reason: string }; readonly duplicates: DuplicateLedger<R> } | undefined;
    for (let attempt = 1; attempt <= adapter.attempts && !deps.closed() && !foreign; attempt += 1) {
      ledger.sent(entry);
      // The lease tells other benches this purchase is alive; losing the shared store mid-purchase does not stop a re-send of the same id.
      await deps.claims.touch(entry.platformUkId).catch(warn('could not renew the purchase claim', entry.platformUkId));
      deps.stage(entry, 'sent', undefined);
      try {
        const answer = await adapter.send(entry);
        if (deps.closed()) break;
        const sold = await adapter.read(entry, answer);
        const duplicates = ledger.duplicates;
        if (sold.duplicate && duplicates && !duplicates.sentBefore(entry)) {
          const state = await foreignLabelState(adapter.trackingStatus ? async () => adapter.trackingStatus?.(entry) : undefined);
          if (deps.closed()) break;
          if (state.kind !== 'usable') {
            foreign = { sold, state, duplicates };
            continue;
          }
        }
        return { row: await keep(ledger, entry, sold), how: 'bought' };
      } catch (error) {
        if (error instanceof UnreadableAnswerFailure && !deps.closed()) return { row: await salvage(ledger, adapter, entry, error), how: 'unreadable' };
        last = toFailure(error);
        if (deps.closed()) break;
        const kind = adapter.classify(last);
        if (kind === 'refused') {
          const refusal = adapter.refusal(last);
          await refuse(ledger, entry, refusal.error.message);
          deps.stage(entry, 'failed', undefined, refusal.error.message);
          refusals.add(refusal);
          throw refusal;
        }
        ledger.unknown(entry, last.error.message);
        if (kind === 'unsent') break;
        const settled = await settleLost(ledger, entry, await adapter.lost(entry, holdings(ledger, entry, claimBackendId, holdsTracking)));
        if (settled && 'row' in settled) return { row: settled.row, how: 'read_back' };
        if (settled) {
          await refuse(ledger, entry, settled.notSold);
          deps.stage(entry, 'failed', undefined, settled.notSold);
          throw new StationFailure({ code: 'timeout', message: settled.notSold, retryable: true });
        }
        deps.log.warn('purchase attempt failed; re-sending with the same platform_uk_id', { platformUkId: entry.platformUkId, attempt, code: last.error.code });
        if (attempt < adapter.attempts) await sleep(deps.retryDelayMs * attempt);
      }
    }
    if (foreign) return settleForeign(foreign.duplicates, entry, foreign.sold, foreign.state);
    const message = `The purchase was not confirmed (${last?.error.message ?? 'the station is closing'}). It is kept under id ${entry.platformUkId}; pressing Buy again re-sends the same id, so it is never charged twice.`;
    deps.stage(entry, 'failed', undefined, message);
    const unsent = last !== undefined && adapter.classify(last) === 'unsent';
    const code = last && (unsent || last.error.code === 'rate_limited') ? last.error.code : 'timeout';
    return fail(code, message, { retryable: true });
  }

  /**
   * Before sending under a journaled row an earlier attempt may have gone out
   * under, the adapter says what that attempt did (v2: nothing to ask, the
   * same id is sent; v1: the order is read back). A found label is kept; an
   * attempt that sold nothing gives way to a new one.
   */
  async function resume<R, A>(
    ledger: Ledger<R, unknown>,
    adapter: PurchaseAdapter<R, A>,
    entry: Journaled<R>,
    claimBackendId: string,
    holdsTracking: (trackingNo: string) => boolean,
  ): Promise<{ row: ShipmentRow; how: BoughtHow } | { next: Journaled<R> } | { notSold: true }> {
    const settled = await settleLost(ledger, entry, await adapter.lost(entry, holdings(ledger, entry, claimBackendId, holdsTracking)));
    if (settled === null) return { next: entry };
    if ('row' in settled) return { row: settled.row, how: 'resumed' };
    return { notSold: true };
  }

  return { send, resume, refuse, wasRefused: (error: unknown) => error instanceof StationFailure && refusals.has(error) };
}
