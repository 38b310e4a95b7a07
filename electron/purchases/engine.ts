import { StationFailure, fail } from '../../shared/contract/errors';
import { DEFAULT_TIMEOUT_MS } from '../api/http';
import type { Logger } from '../log/logger';
import type { StationContext } from '../core/module';
import type { SharedShipment, ShipmentRow, ShipmentsRepo } from '../store/shipmentsRepo';
import type { Journaled, PurchaseAdapter } from './adapter';
import { createAttempts, type BoughtHow, type Stage } from './attempts';
import { createLocalClaims, heldWords, type ClaimRequest, type PurchaseClaims } from './claims';
import { FOREIGN_VOID_ROUNDS, VoidedElsewhere, tooManyVoidsWords } from './foreignDuplicate';
import { SaleKeptInMemory, createHeldSales } from './heldSales';
import { createJournal, type JournalDraft } from './journal';
import type { PackageKey } from './packageKey';

/** Sends per v2 purchase while the outcome is unknown (the HTTP layer never repeats one), so the longest wait is bounded and said on screen. */
export const PURCHASE_ATTEMPTS = 4;
export const PURCHASE_RETRY_DELAY_MS = 300;
export const PURCHASE_LIMIT_SECONDS = Math.ceil(
  (PURCHASE_ATTEMPTS * DEFAULT_TIMEOUT_MS + (PURCHASE_RETRY_DELAY_MS * PURCHASE_ATTEMPTS * (PURCHASE_ATTEMPTS - 1)) / 2) / 1000,
);

/** Where a purchase goes and what it is claimed under among benches. */
export interface PurchaseTarget {
  /** Where this bench journals it. */
  readonly backendId: string;
  /** The service and key identity the claim lives under among benches (v1: the legacy service and token). */
  readonly claimBackendId: string;
  /** A hash of the account: with the package and void generation it derives the id. */
  readonly accountId: string;
}

export interface PurchaseRequest {
  readonly target: PurchaseTarget;
  readonly packageKey: PackageKey;
  readonly orderNumber: string | null;
  /** Built only when something is to be sent: a package bought already costs no insurance quote. */
  readonly draft: () => JournalDraft | Promise<JournalDraft>;
}

/** How a Buy ended in a label this bench keeps: bought now, kept from before, or another bench's. */
export interface Purchased {
  readonly row: ShipmentRow;
  readonly how: BoughtHow | 'standing' | 'adopted';
  /** The bench that bought the label, when it is another bench's. */
  readonly boughtAt: string | null;
  /** This press joined one already running for the package (one charge, one print job). */
  readonly joined: boolean;
}

export interface PurchaseEngineDeps {
  readonly shipments: ShipmentsRepo;
  /** Where purchases are claimed and labels shared; this bench alone when absent. */
  readonly claims?: PurchaseClaims;
  readonly fetchBytes: (url: string) => Promise<Uint8Array>;
  readonly log: Logger;
  /** The store's damage check (store/storeCheck.ts), awaited before anything is claimed or sent: nothing is bought into a damaged file. */
  readonly storeSound?: () => Promise<void>;
  /** Progress events (purchase.progress) and change notices; silent when absent. */
  readonly emit?: StationContext['emit'];
  readonly retryDelayMs?: number;
  /** How often labels kept in memory while the disk is full are tried on disk again (heldSales.ts). */
  readonly heldRetryMs?: number;
}

export type PurchaseEngine = ReturnType<typeof createPurchaseEngine>;

/**
 * The purchase engine of both APIs (design.md invariants 2 and 8): one flight
 * per package for Buy and settling, the label kept shows, a claim among
 * benches, the request journaled before it is sent and sent until settled.
 * The adapter says what differs: v2 re-sends the same id, v1 reads back.
 */
export function createPurchaseEngine(deps: PurchaseEngineDeps) {
  const flights = new Map<string, Promise<Purchased>>();
  const claims = deps.claims ?? createLocalClaims();
  let closed = false;

  function stage(entry: { readonly packageKey: string; readonly platformUkId: string }, name: Stage, row?: ShipmentRow, message?: string): void {
    const { packageKey, platformUkId } = entry;
    deps.emit?.('purchase.progress', { packageKey, stage: name, platformUkId, ...(row?.tracking_no ? { trackingNo: row.tracking_no } : {}), ...(message ? { message } : {}) });
    if (name === 'bought' || name === 'failed') deps.emit?.('station.changed', { topics: ['shipments'] });
  }

  const journal = createJournal(deps.shipments);
  const held = createHeldSales({
    shipments: deps.shipments,
    log: deps.log,
    retryMs: deps.heldRetryMs,
    async written(entry, row) {
      await claims.publish(row);
      stage(entry, 'bought', row);
      deps.emit?.('station.notice', { level: 'info', message: `The label bought while the disk was full (tracking ${row.tracking_no ?? 'unknown'}) is now kept in the station's data; press Buy for the package to print it.` });
    },
  });
  const attempts = createAttempts({ shipments: deps.shipments, claims, held, fetchBytes: deps.fetchBytes, log: deps.log, retryDelayMs: deps.retryDelayMs ?? PURCHASE_RETRY_DELAY_MS, stage, closed: () => closed });
  const flightKey = (backendId: string, packageKey: string) => `${backendId}|${packageKey}`;

  /** The claim a purchase of `packageKey` makes; `journaledId` is an unfinished purchase's id, re-sent rather than replaced. */
  function claimOf(api: 'v1' | 'v2', target: PurchaseTarget, packageKey: string, orderNumber: string | null, journaledId: string | null): ClaimRequest {
    const localVoidGeneration = deps.shipments.voidedCount(target.backendId, packageKey);
    return { api, backendId: target.claimBackendId, accountId: target.accountId, packageKey, localVoidGeneration, journaledId, orderNumber };
  }

  /** The label this bench keeps for the package, unless a bench voided it since (then voided here too: the box may be bought again). */
  async function standing(backendId: string, packageKey: PackageKey): Promise<Purchased | undefined> {
    const row = deps.shipments.liveByPackageKey(backendId, packageKey);
    if (row?.state !== 'bought') return undefined;
    const shared = await claims.find(row.platform_uk_id).catch(() => undefined);
    const same = shared?.platformUkId === row.platform_uk_id ? shared : undefined;
    // A label kept from another bench was never sent from here.
    if (same?.state !== 'voided') return { row, how: 'standing', boughtAt: same && row.attempts === 0 ? same.bench : null, joined: false };
    deps.shipments.markVoided(row.id);
    return undefined;
  }

  /** Another bench bought the package: its label is kept here too (reprints work offline, this bench's unfinished row gives way), nothing is bought. */
  function adopt(shared: SharedShipment): Purchased {
    const row = deps.shipments.adoptShared(shared);
    deps.log.info('package bought at another bench; its label is kept here', { platformUkId: shared.platformUkId, bench: shared.bench });
    return { row, how: 'adopted', boughtAt: shared.bench, joined: false };
  }

  /** Sends a journaled purchase once an earlier attempt that may have gone out is known to have sold nothing; then a Buy sends its own draft, settling refuses the row. */
  async function finish<A>(api: PurchaseAdapter<A>, target: PurchaseTarget, entry: Journaled, next: { readonly draft: JournalDraft; readonly takenOver: boolean } | 'refuse'): Promise<Purchased> {
    // A bench that stopped mid-purchase may have sold it: asked about like an earlier attempt of this bench's own.
    const ask = entry.resumed || (next !== 'refuse' && next.takenOver);
    const earlier = ask ? await attempts.resume(api, entry, target.claimBackendId) : 'send';
    if (typeof earlier === 'object') return { ...earlier, boughtAt: null, joined: false };
    let sending = entry;
    if (earlier === 'not_sold') {
      if (next === 'refuse') throw await attempts.refuse(entry, 'The service sold no label for this attempt.');
      sending = journal.renew(entry, next.draft);
    }
    return { ...(await attempts.send(api, sending, target.claimBackendId)), boughtAt: null, joined: false };
  }

  async function once<A>(api: PurchaseAdapter<A>, request: PurchaseRequest): Promise<Purchased> {
    if (closed) fail('conflict', 'The station is closing; buy again once it is back.');
    await deps.storeSound?.();
    const { target, packageKey } = request;
    // A label sold while the disk was full is this package's purchase: written now if space returned, never bought again.
    await held.flush();
    const waiting = held.heldFor(target.backendId, packageKey);
    if (waiting) throw waiting;
    const kept = await standing(target.backendId, packageKey);
    if (kept) return held.takeUnprinted(kept.row.id) ? { ...kept, how: 'bought' } : kept;
    const unfinished = journal.unfinished(target.backendId, packageKey);
    // Before anything is sent: while another bench holds the package (or the warehouse cannot say), nothing is bought here.
    const claim = await claims.claim(claimOf(api.api, target, packageKey, request.orderNumber, unfinished?.platform_uk_id ?? null));
    if (claim.kind === 'held') fail('conflict', heldWords(claim));
    if (claim.kind === 'bought') return adopt(claim.shipment);
    if (claim.takenOverFrom) deps.log.warn('taking over a purchase a stopped bench left unfinished', { platformUkId: claim.platformUkId, bench: claim.takenOverFrom });
    let opened: ReturnType<typeof journal.open>;
    let draft: JournalDraft;
    try {
      draft = await request.draft();
      opened = journal.open(api.idempotent, target.backendId, packageKey, draft, claim.platformUkId, unfinished);
    } catch (error) {
      await claims.release(claim.platformUkId).catch(() => undefined);
      throw error;
    }
    if ('bought' in opened) return { row: opened.bought, how: 'standing', boughtAt: null, joined: false };
    stage(opened, 'journaled');
    return finish(api, target, opened, { draft, takenOver: claim.takenOverFrom !== null });
  }

  /** A label voided elsewhere is now this station's void: the next claim derives the next generation's id. */
  async function rounds<A>(api: PurchaseAdapter<A>, request: PurchaseRequest): Promise<Purchased> {
    for (let round = 1; ; round += 1) {
      try {
        return await once(api, request);
      } catch (error) {
        if (!(error instanceof VoidedElsewhere)) throw error;
        if (round >= FOREIGN_VOID_ROUNDS) {
          const message = tooManyVoidsWords();
          stage({ packageKey: request.packageKey, platformUkId: error.row.platform_uk_id }, 'failed', error.row, message);
          fail('conflict', message);
        }
      }
    }
  }

  /** One flight per package: a second press while one runs joins it (one charge), and hears that it joined. */
  function fly(backendId: string, packageKey: string, run: () => Promise<Purchased>): Promise<Purchased> {
    const key = flightKey(backendId, packageKey);
    const running = flights.get(key);
    if (running) return running.then((p) => ({ ...p, joined: true }));
    const promise = run().finally(() => flights.delete(key));
    flights.set(key, promise);
    return promise;
  }

  /** Settles one unfinished row of a previous session: claimed again, then what its last attempt did is asked and, if need be, it is sent. */
  async function settle<A>(api: PurchaseAdapter<A>, target: PurchaseTarget, u: ReturnType<typeof journal.unsettled>[number]): Promise<Purchased> {
    await deps.storeSound?.();
    const claim = await claims.claim(claimOf(api.api, { ...target, backendId: u.backendId }, u.packageKey, u.orderNumber, u.row.platform_uk_id));
    if (claim.kind === 'held') fail('conflict', heldWords(claim));
    if (claim.kind === 'bought') return adopt(claim.shipment);
    return finish(api, target, journal.resume(api.idempotent, u.row, claim.platformUkId), 'refuse');
  }

  /**
   * Settles a backend's unfinished purchases (start-up, backend switch, network
   * back); one another bench is sending or a read-back cannot tell is left, and
   * once the service is out of reach the rest wait instead of holding up the bench.
   */
  async function reconcile<A>(api: PurchaseAdapter<A>, target: PurchaseTarget): Promise<{ readonly bought: number; readonly notSold: number; readonly stillPending: number }> {
    const count = { bought: 0, notSold: 0, stillPending: 0 };
    let unreachable = false;
    await held.flush();
    for (const u of journal.unsettled(target.backendId, api.api)) {
      if (flights.has(flightKey(u.backendId, u.packageKey))) continue;
      if (held.isHeld(u.row.id) || unreachable || closed) {
        count.stillPending += 1;
        continue;
      }
      try {
        await fly(u.backendId, u.packageKey, () => settle(api, target, u));
        count.bought += 1;
      } catch (error) {
        if (error instanceof VoidedElsewhere) {
          // A label voided elsewhere is not bought again unasked: the row is kept voided, and the next Buy buys the package anew.
          stage({ packageKey: u.packageKey, platformUkId: error.row.platform_uk_id }, 'failed', error.row, error.row.error ?? undefined);
          count.notSold += 1;
        } else if (attempts.wasRefused(error)) count.notSold += 1;
        else {
          count.stillPending += 1;
          unreachable ||= !(error instanceof StationFailure && (error.error.code === 'conflict' || error instanceof SaleKeptInMemory));
        }
      }
    }
    return count;
  }

  return {
    purchase: <A>(api: PurchaseAdapter<A>, request: PurchaseRequest): Promise<Purchased> => fly(request.target.backendId, request.packageKey, () => rounds(api, request)),
    reconcile,
    /** The claim a v2 purchase of `packageKey` makes (returns: picking the next number among benches). */
    claimRequest: (target: PurchaseTarget, packageKey: PackageKey, orderNumber: string | null): ClaimRequest =>
      claimOf('v2', target, packageKey, orderNumber, deps.shipments.liveByPackageKey(target.backendId, packageKey)?.platform_uk_id ?? null),
    /** Stops retrying; answers arriving later are not written (the next start settles them). */
    async close(): Promise<void> {
      closed = true;
      await Promise.allSettled([...flights.values()]);
      await held.close();
    },
  };
}
