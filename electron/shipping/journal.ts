import { StationFailure, fail, type StationError } from '../../shared/contract/errors';
import { toCents } from '../../shared/domain/money';
import { UnreadableAnswerFailure } from '../api/answer';
import { DEFAULT_TIMEOUT_MS } from '../api/http';
import type { Logger } from '../log/logger';
import type { BoughtUpdate, ShipmentRow, ShipmentsRepo } from '../store/shipmentsRepo';
import { labelPngProblem } from './labelBytes';
import { describeBackend, type PurchaseMethod, type WireShipment } from './ports';
import { createLocalClaims, heldWords, type ClaimRequest, type PurchaseClaims, type SharedShipment } from './claims';
import { createLabelSalvage } from './salvage';
import { FOREIGN_VOID_ROUNDS, VoidedElsewhere, foreignLabelState, tooManyVoidsWords, uncheckedWords, voidedElsewhereNote, type ForeignLabel, type TrackingStatusOf } from './foreignDuplicate';

/** The service picked by the operator, kept to compare with what the service sold. */
export interface ChosenService {
  readonly carrierCode: string | null;
  readonly serviceLevel: string | null;
  readonly serviceName: string | null;
  readonly price: number | null;
  /** The operator overrode the address check for this purchase (what the service said). */
  readonly addressOverride?: string;
}

export interface PurchaseDraft {
  /** The backend the purchase goes to; a package has one platform_uk_id per backend. */
  readonly backendId: string;
  /** The account behind the keys (a hash); with the package key and void generation it derives the platform_uk_id. */
  readonly accountId: string;
  readonly method: PurchaseMethod;
  /** The request body without platform_uk_id; the journal adds the row's id. */
  readonly body: Readonly<Record<string, unknown>>;
  readonly chosen: ChosenService;
  readonly orderNumber: string | null;
  readonly recipientName: string | null;
  readonly recipientCity: string | null;
  readonly recipientZip: string | null;
  readonly insuranceCents: number | null;
  readonly isReturn: boolean;
}

export interface JournalDeps {
  readonly shipments: ShipmentsRepo;
  /** Sends one purchase to the row's backend; throws a StationFailure on any failure (conflict when that backend is not the current one). */
  readonly send: (row: ShipmentRow, body: Readonly<Record<string, unknown>>) => Promise<WireShipment>;
  /** Fetches label bytes when the service sent only URLs. */
  readonly fetchBytes: (url: string) => Promise<Uint8Array>;
  readonly log: Logger;
  readonly onStage?: (packageKey: string, stage: 'journaled' | 'sent' | 'bought' | 'failed', row: ShipmentRow, message?: string) => void;
  /** Attempts per purchase for failures whose outcome is unknown (timeouts, resets, 5xx). */
  readonly attempts?: number;
  readonly retryDelayMs?: number;
  /** Where purchases are claimed and labels shared; this bench alone when absent. */
  readonly claims?: PurchaseClaims;
  /** Tracking status by platform_uk_id, asked of a duplicate this station did not buy; without it such a duplicate is refused. */
  readonly trackingStatus?: TrackingStatusOf;
}

export type PurchaseJournal = ReturnType<typeof createPurchaseJournal>;

/** Definitive refusals: the service read the request and sold no label, so the row fails (it keeps its id for a retry). */
const definitive = new Set<StationError['code']>(['service_rejected', 'invalid_input']);
/** The request never reached a service that would act on it; repeating now cannot help, and the row stays pending. */
const cannotSend = new Set<StationError['code']>(['unauthorized', 'not_configured', 'keychain_unavailable', 'conflict']);

/**
 * The journal owns a purchase's retries: this many attempts, each one HTTP
 * send (the HTTP layer does not repeat a purchase), so the longest an
 * operator waits is bounded and said on screen.
 */
export const PURCHASE_ATTEMPTS = 4;
export const PURCHASE_RETRY_DELAY_MS = 300;
export const PURCHASE_LIMIT_SECONDS = Math.ceil(
  (PURCHASE_ATTEMPTS * DEFAULT_TIMEOUT_MS + (PURCHASE_RETRY_DELAY_MS * PURCHASE_ATTEMPTS * (PURCHASE_ATTEMPTS - 1)) / 2) / 1000,
);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function toFailure(error: unknown): StationFailure {
  if (error instanceof StationFailure) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new StationFailure({ code: 'service_unavailable', message: `The purchase could not be completed (${message}).`, retryable: true });
}

const same = (a: string | null, b: string | null | undefined) => (a ?? '').toLowerCase() === (b ?? '').toLowerCase();

/**
 * The purchase journal (design.md invariant 2). A purchase is written as a
 * pending row holding its minted platform_uk_id and the full request before
 * anything is sent; every retry and every recovery re-sends that same id, so
 * the service de-duplicates and the operator pays once. The answer, with the
 * label bytes, is stored in the transaction that marks the row bought.
 * Purchases of one package are single-flighted: a second Buy joins the first.
 */
export function createPurchaseJournal(deps: JournalDeps) {
  const inFlight = new Map<string, Promise<ShipmentRow>>();
  const attempts = deps.attempts ?? PURCHASE_ATTEMPTS;
  const retryDelayMs = deps.retryDelayMs ?? PURCHASE_RETRY_DELAY_MS;
  const claims = deps.claims ?? createLocalClaims();
  const salvage = createLabelSalvage({ shipments: deps.shipments, fetchBytes: deps.fetchBytes, log: deps.log });
  let closed = false;

  function journal(packageKey: string, draft: PurchaseDraft, platformUkId: string): ShipmentRow {
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
    const reuse = (live: ShipmentRow) => (live.state === 'bought' ? live : deps.shipments.reusePending(live.id, meta));
    const live = deps.shipments.liveByPackageKey(draft.backendId, packageKey);
    if (live) return reuse(live);
    try {
      return deps.shipments.insertPending({ packageKey, platformUkId, backendId: draft.backendId, ...meta });
    } catch (error) {
      // Another station process on this data folder journaled the package a moment ago: use its id.
      const raced = deps.shipments.liveByPackageKey(draft.backendId, packageKey);
      if (raced) return reuse(raced);
      const holder = deps.shipments.findByRef(platformUkId);
      if (holder) {
        // Same account and package through another address of the service: the service would answer with that purchase.
        fail('conflict', `This package was already bought, or is being bought, on this account through ${describeBackend(holder.backend_id ?? 'default')}; switch the station to it to see or finish that purchase.`);
      }
      throw error;
    }
  }

  /**
   * The label images of an answer: base64 when the service sent it, else
   * fetched from its URL. A URL that cannot be fetched now is left for later
   * (history fetches it on demand), and bytes that are not a PNG are never
   * stored: the label is paid for either way, so the purchase is recorded as
   * bought rather than left unconfirmed, with a note saying what arrived.
   */
  async function decodeLabels(wire: WireShipment): Promise<{ labels: BoughtUpdate['labels']; problem: string | null }> {
    const labels: Array<BoughtUpdate['labels'][number]> = [];
    let problem: string | null = null;
    const collect = async (kind: 'label' | 'qrcode', data: readonly string[] | null | undefined, urls: readonly string[] | null | undefined) => {
      const count = Math.max(data?.length ?? 0, urls?.length ?? 0);
      for (let seq = 0; seq < count; seq += 1) {
        const b64 = data?.[seq];
        const url = urls?.[seq] ?? null;
        const png = b64 ? Buffer.from(b64, 'base64') : url ? await deps.fetchBytes(url).catch(() => undefined) : undefined;
        if (!png || png.length === 0) continue;
        const notPng = labelPngProblem(png);
        if (notPng === null) labels.push({ kind, seq, url, png });
        else {
          problem ??= notPng;
          deps.log.warn('the service sent label bytes that are not a PNG; not stored', { kind, seq, bytes: png.length, problem: notPng });
        }
      }
    };
    await collect('label', wire.label_data, wire.label_urls);
    await collect('qrcode', wire.label_qr_code_data, wire.qrcode_urls);
    return { labels, problem };
  }

  /** What the answer left out is taken from the request the station sent (the rate picked), never guessed otherwise. */
  function record(row: ShipmentRow, wire: WireShipment, { labels, problem }: { labels: BoughtUpdate['labels']; problem: string | null }): ShipmentRow {
    const chosen = row.chosen_json ? (JSON.parse(row.chosen_json) as ChosenService) : null;
    const bought: ChosenService = {
      carrierCode: wire.carrier_code ?? chosen?.carrierCode ?? null,
      serviceLevel: wire.service_level ?? chosen?.serviceLevel ?? null,
      serviceName: wire.service_name ?? wire.service_level ?? chosen?.serviceName ?? chosen?.serviceLevel ?? null,
      price: wire.total_fee ?? chosen?.price ?? null,
    };
    const toldCarrier = wire.carrier_code !== undefined && wire.carrier_code !== null;
    const toldLevel = wire.service_level !== undefined && wire.service_level !== null;
    const mismatch =
      chosen !== null &&
      ((toldCarrier && !same(chosen.carrierCode, bought.carrierCode)) || (toldLevel && chosen.serviceLevel !== null && !same(chosen.serviceLevel, bought.serviceLevel)));
    deps.shipments.markBought(row.id, {
      resultJson: JSON.stringify({ ...wire, label_data: undefined, label_qr_code_data: undefined }),
      shipmentNo: wire.shipment_no ?? null,
      trackingNo: wire.tracking_no,
      carrierCode: bought.carrierCode,
      serviceLevel: bought.serviceLevel,
      serviceName: bought.serviceName,
      costCents: bought.price === null ? null : toCents(bought.price),
      currency: wire.currency ?? 'USD',
      duplicateLabel: wire.duplicate_label ?? false,
      rateMismatchJson: mismatch ? JSON.stringify({ picked: chosen, bought }) : null,
      note: labels.some((l) => l.kind === 'label')
        ? null
        : problem
          ? 'The label is bought, but the image the service sent is not a readable PNG, so nothing was stored or printed; open it in History to fetch it again, or void it.'
          : 'The label is bought but its image has not arrived yet; open it in History to fetch it again.',
      labels,
    });
    return deps.shipments.get(row.id) as ShipmentRow;
  }

  /**
   * Whether a send of this station may have bought the label the service
   * answered as a duplicate: the row is bought (another process on this data
   * folder recorded it), or some attempt besides the one just answered went
   * out under the id (a lost answer, an earlier run, another process). Such a
   * duplicate is this station's own and is kept as today, with no question.
   */
  function sentHere(row: ShipmentRow): boolean {
    const now = deps.shipments.get(row.id);
    return now !== undefined && (now.state === 'bought' || now.attempts > 1);
  }

  /** A label bought elsewhere that is not usable: kept as voided (then VoidedElsewhere), or refused in words. */
  async function settleForeign(row: ShipmentRow, wire: WireShipment, state: Exclude<ForeignLabel, { kind: 'usable' }>, eventKey: string): Promise<never> {
    if (state.kind === 'voided') {
      deps.shipments.markVoidedAtService(row.id, {
        shipmentNo: wire.shipment_no ?? null,
        trackingNo: wire.tracking_no ?? null,
        carrierCode: wire.carrier_code ?? null,
        serviceLevel: wire.service_level ?? null,
        note: voidedElsewhereNote(wire),
      });
      await claims.voided(row.platform_uk_id).catch((error: unknown) => deps.log.warn('could not share the void', { platformUkId: row.platform_uk_id, error }));
      deps.log.warn('the service answered with a label voided elsewhere on the account; buying under the next void generation', { platformUkId: row.platform_uk_id });
      throw new VoidedElsewhere(deps.shipments.get(row.id) as ShipmentRow);
    }
    const message = uncheckedWords(state.reason);
    deps.shipments.markDuplicateUnchecked(row.id, message);
    await claims.release(row.platform_uk_id).catch((error: unknown) => deps.log.warn('could not release the purchase claim', { platformUkId: row.platform_uk_id, error }));
    deps.log.warn('the service answered with a label bought elsewhere whose state could not be checked; not kept', { platformUkId: row.platform_uk_id, reason: state.reason });
    deps.onStage?.(eventKey, 'failed', row, message);
    throw new StationFailure({ code: 'service_unavailable', message, retryable: true });
  }

  /** Sends the journaled request (same platform_uk_id every time) until it is bought, refused, or attempts run out. */
  async function send(row: ShipmentRow, eventKey: string = row.package_key): Promise<ShipmentRow> {
    const body = { ...(JSON.parse(row.request_json) as Record<string, unknown>), platform_uk_id: row.platform_uk_id };
    let last: StationFailure | undefined;
    let foreign: { readonly wire: WireShipment; readonly state: Exclude<ForeignLabel, { kind: 'usable' }> } | undefined;
    for (let attempt = 1; attempt <= attempts && !closed && !foreign; attempt += 1) {
      deps.shipments.countAttempt(row.id);
      // The lease tells other benches this purchase is alive; losing the shared store mid-purchase does not stop a re-send of the same id.
      await claims.touch(row.platform_uk_id).catch((error: unknown) => deps.log.warn('could not renew the purchase claim', { platformUkId: row.platform_uk_id, error }));
      deps.onStage?.(eventKey, 'sent', row);
      try {
        const wire = await deps.send(row, body);
        if (closed) break;
        if (wire.platform_uk_id && wire.platform_uk_id !== row.platform_uk_id) {
          fail('service_unavailable', 'The service answered a purchase with another package\'s id; the station will check again.', { retryable: true });
        }
        if (wire.duplicate_label === true && !sentHere(row)) {
          const state = await foreignLabelState(row, deps.trackingStatus);
          if (closed) break;
          if (state.kind !== 'usable') {
            foreign = { wire, state };
            continue;
          }
        }
        const labels = await decodeLabels(wire);
        const done = record(row, wire, labels);
        await claims.publish(done);
        deps.onStage?.(eventKey, 'bought', done);
        return done;
      } catch (error) {
        if (error instanceof UnreadableAnswerFailure && !closed) {
          // The request was sent and answered: the label may be paid for, so it is recorded as bought and never sent again.
          const { row: done } = await salvage.salvage(row, error);
          await claims.publish(done);
          deps.onStage?.(eventKey, 'bought', done);
          return done;
        }
        last = toFailure(error);
        if (closed) break;
        if (definitive.has(last.error.code)) {
          deps.shipments.markFailed(row.id, last.error.message);
          await claims.release(row.platform_uk_id).catch((error: unknown) => deps.log.warn('could not release the purchase claim', { platformUkId: row.platform_uk_id, error }));
          deps.onStage?.(eventKey, 'failed', row, last.error.message);
          throw last;
        }
        deps.shipments.noteError(row.id, last.error.message);
        if (cannotSend.has(last.error.code)) break;
        deps.log.warn('purchase attempt failed; re-sending with the same platform_uk_id', { platformUkId: row.platform_uk_id, attempt, code: last.error.code });
        if (attempt < attempts) await sleep(retryDelayMs * attempt);
      }
    }
    if (foreign) return settleForeign(row, foreign.wire, foreign.state, eventKey);
    const message = `The purchase was not confirmed (${last?.error.message ?? 'the station is closing'}). It is kept under id ${row.platform_uk_id}; pressing Buy again re-sends the same id, so it is never charged twice.`;
    deps.onStage?.(eventKey, 'failed', row, message);
    const code = last && (cannotSend.has(last.error.code) || last.error.code === 'rate_limited') ? last.error.code : 'timeout';
    throw new StationFailure({ code, message, retryable: true });
  }

  /** A label another bench bought for this package: kept here too (reprints work offline), nothing is bought. */
  function adopt(shared: SharedShipment): ShipmentRow {
    const row = deps.shipments.adoptShared(shared);
    deps.log.info('package bought at another bench; its label is kept here', { platformUkId: shared.platformUkId, bench: shared.bench });
    return row;
  }

  const flightKey = (backendId: string | null, packageKey: string) => `${backendId ?? ''}|${packageKey}`;

  /** The claim a v2 purchase of `packageKey` makes: a pending purchase journaled here is re-sent under its own id. */
  function claimRequest(target: Pick<PurchaseDraft, 'backendId' | 'accountId' | 'orderNumber'>, packageKey: string): ClaimRequest {
    return {
      api: 'v2',
      backendId: target.backendId,
      accountId: target.accountId,
      packageKey,
      localVoidGeneration: deps.shipments.voidedCount(target.backendId, packageKey),
      journaledId: deps.shipments.liveByPackageKey(target.backendId, packageKey)?.platform_uk_id ?? null,
      orderNumber: target.orderNumber,
    };
  }

  /** `eventKey` names the package in progress events (the caller's own key, when it differs from the stored one). */
  function purchase(packageKey: string, draft: PurchaseDraft, eventKey: string = packageKey): Promise<ShipmentRow> {
    const key = flightKey(draft.backendId, packageKey);
    const running = inFlight.get(key);
    if (running) return running;
    const once = async (): Promise<ShipmentRow> => {
      if (closed) fail('conflict', 'The station is closing; buy again once it is back.');
      const live = deps.shipments.liveByPackageKey(draft.backendId, packageKey);
      if (live?.state === 'bought') return live;
      const answer = await claims.claim(claimRequest(draft, packageKey));
      if (answer.kind === 'held') {
        fail('conflict', heldWords(answer));
      }
      if (answer.kind === 'bought') return adopt(answer.shipment);
      if (answer.takenOverFrom) deps.log.warn('taking over a purchase a stopped bench left unfinished', { platformUkId: answer.platformUkId, bench: answer.takenOverFrom });
      const row = journal(packageKey, draft, answer.platformUkId);
      if (row.state === 'bought') return row;
      deps.onStage?.(eventKey, 'journaled', row);
      return send(row, eventKey);
    };
    const promise = (async () => {
      // A label voided elsewhere is now this station's void: the next claim derives the next generation's id.
      for (let round = 1; ; round += 1) {
        try {
          return await once();
        } catch (error) {
          if (!(error instanceof VoidedElsewhere)) throw error;
          if (round >= FOREIGN_VOID_ROUNDS) {
            const message = tooManyVoidsWords();
            deps.onStage?.(eventKey, 'failed', error.row, message);
            fail('conflict', message);
          }
        }
      }
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, promise);
    return promise;
  }

  /** Re-sends every pending purchase of the current backend (start-up, a backend switch, or the network back). */
  async function reconcile(backendId: string): Promise<{ readonly bought: number; readonly failed: number; readonly stillPending: number }> {
    let bought = 0;
    let failed = 0;
    let stillPending = 0;
    let unreachable = false;
    for (const row of deps.shipments.pending(backendId)) {
      // Once the service failed to confirm one, the rest wait for the next round instead of holding up the bench.
      if (unreachable) {
        stillPending += 1;
        continue;
      }
      const key = flightKey(row.backend_id ?? backendId, row.package_key);
      if (inFlight.has(key)) continue;
      const promise = send(row).finally(() => inFlight.delete(key));
      inFlight.set(key, promise);
      try {
        await promise;
        bought += 1;
      } catch (error) {
        // A label voided elsewhere is not bought again unasked: the row is kept voided, and the next Buy buys the package anew.
        if (error instanceof VoidedElsewhere) deps.onStage?.(row.package_key, 'failed', error.row, error.row.error ?? undefined);
        if (error instanceof VoidedElsewhere || deps.shipments.get(row.id)?.state === 'failed') failed += 1;
        else {
          stillPending += 1;
          unreachable = true;
        }
      }
    }
    return { bought, failed, stillPending };
  }

  return {
    purchase,
    reconcile,
    claimRequest,
    isInFlight: (backendId: string, packageKey: string) => inFlight.has(flightKey(backendId, packageKey)),
    /** Stops retrying; answers arriving later are not written (the next start reconciles them). */
    async close(): Promise<void> {
      closed = true;
      await Promise.allSettled([...inFlight.values()]);
    },
  };
}
