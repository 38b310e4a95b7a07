import type { V1OrderLabel, V1PurchaseLabelResponse } from '../../shared/api/v1';
import { fail, StationFailure } from '../../shared/contract/errors';
import { toCents } from '../../shared/domain/money';
import { UnreadableAnswerFailure } from '../api/answer';
import { isOutcomeUnknown } from '../api/failures';
import { createLocalClaims, heldWords, type OrderSeen, type PurchaseClaims, type SharedShipment } from '../shipping/claims';
import { salvagedPurchase } from '../shipping/salvage';
import type { Logger } from '../log/logger';
import type { Db } from '../store/database';
import { normalizeTracking, type BoughtUpdate, type ShipmentRow, type ShipmentsRepo } from '../store/shipmentsRepo';
import type { AccountBackend, AccountV1 } from './ports';
import { serviceCodeOf, v1Refusal } from './refusals';
import { judgeReadBack, type StoredV1Request } from './v1ReadBack';
import type { V1PurchaseDraft, V1PurchaseRow, V1PurchasesRepo } from './v1PurchasesRepo';

export interface V1Bought {
  readonly shipment: ShipmentRow;
  /** Operator words when the label was not just bought by this press. */
  readonly note: string | null;
  /** True when the label was bought and printed by an earlier press: it is shown, not printed again. */
  readonly earlier: boolean;
}

export interface V1JournalDeps {
  readonly db: Db;
  readonly purchases: V1PurchasesRepo;
  readonly shipments: ShipmentsRepo;
  readonly fetchBytes: (url: string) => Promise<Uint8Array>;
  readonly log: Logger;
  /** Where purchases are claimed among benches and bought labels shared; this bench alone when absent. */
  readonly claims?: PurchaseClaims;
}

/** The v1 account a purchase goes to: its client, and what the purchase is claimed under among benches. */
export interface V1Account {
  readonly v1: AccountV1;
  /** The legacy service at its normalized address with the api_token's identity (never the token). */
  readonly claimBackendId: string;
  /** The api_token's identity: with the package and its void generation it names the claim. */
  readonly accountId: string;
}

/** The current backend's v1 account; without legacy names (a test's desk) the bench's backend stands for them. */
export function v1AccountOf(c: Awaited<ReturnType<AccountBackend['clients']>>): V1Account & { readonly backendId: string } {
  const backendId = c.backendId ?? 'default';
  const claimBackendId = c.legacyBackendId ?? backendId;
  return { v1: c.v1, backendId, claimBackendId, accountId: c.legacyAccountId ?? claimBackendId };
}

/** A label the service sold, from whichever answer told the station about it. */
interface Sold {
  readonly trackingCode: string;
  readonly carrier: string;
  readonly service: string | null;
  readonly cost: number | null;
  readonly shipmentNo: string;
  readonly labelUrls: readonly string[];
  readonly result: Readonly<Record<string, unknown>>;
}

const fromPurchase = (r: V1PurchaseLabelResponse): Sold => ({
  trackingCode: r.tracking_code,
  carrier: r.carrier,
  service: r.service ?? null,
  cost: r.rate + (r.service_fee ?? 0) + (r.insurance_fee ?? 0),
  shipmentNo: r.shipment_id != null ? String(r.shipment_id) : r.tracking_code,
  labelUrls: r.label_url,
  result: r,
});

const fromOrderLabel = (l: V1OrderLabel): Sold => ({
  trackingCode: l.tracking_code,
  carrier: l.carrier,
  service: l.service_level ?? null,
  cost: l.rate == null ? null : l.rate + (l.service_fee ?? 0),
  shipmentNo: l.packing_slip_number != null ? String(l.packing_slip_number) : l.tracking_code,
  labelUrls: l.label_urls,
  result: l,
});

const boxOf = (packageKey: string): string => packageKey.split('#')[1] ?? '?';
/** The start every package key of one order shares (`v1:store/order#`). */
const orderPrefixOf = (packageKey: string): string => packageKey.slice(0, packageKey.lastIndexOf('#') + 1);

const boughtWords = (bench: string, trackingNo: string | null): string =>
  `Bench ${bench} bought this box's label (${trackingNo ?? 'no tracking number yet'}); it was not bought again.`;

function unclearMessage(row: V1PurchaseRow, unclaimed: number, matching: number, buying: OrderSeen['buying']): string {
  const labels = `${unclaimed} label${unclaimed === 1 ? '' : 's'}`;
  const others = buying.map((b) => `bench ${b.bench} (box ${boxOf(b.packageKey)})`).join(', ');
  const why =
    buying.length > 0
      ? `the station cannot tell which one is this box's while ${others} ${buying.length === 1 ? 'has' : 'have'} a purchase of this order not yet confirmed`
      : matching === 0
        ? 'none of them has this box\'s service and weight'
        : 'the station cannot tell which one is this box\'s (another bench may have bought a box of this order)';
  return (
    `The purchase for box ${boxOf(row.package_key)} of order ${row.order_number} was not confirmed. The order has ${labels} this station does not hold, and ${why}. ` +
    'So this box is kept as unknown: the station neither buys it again nor takes one of those labels as its own. Check with the other benches which labels of this order they hold.'
  );
}

/**
 * The legacy purchase journal (design.md invariant 2 for v1). v1 purchases
 * carry no platform_uk_id, so the service cannot tell a repeat from a new
 * purchase: the station claims the package (among benches, in warehouse
 * mode), journals the request before sending, single-flights each order
 * package, and when an answer is lost it reads the order's labels back
 * (shipments/get) before it ever sends another purchase for that package.
 * A label found that way, or bought, is stored with its image in the
 * shipments table before anyone prints it (invariant 3), then shared with
 * the other benches under the claim's id.
 */
export function createV1Journal(deps: V1JournalDeps) {
  const inFlight = new Map<string, Promise<V1Bought>>();
  const claims = deps.claims ?? createLocalClaims();

  async function labelImages(urls: readonly string[]): Promise<BoughtUpdate['labels']> {
    const labels: Array<BoughtUpdate['labels'][number]> = [];
    for (const [seq, url] of urls.entries()) {
      const png = await deps.fetchBytes(url).catch(() => undefined);
      if (png && png.length > 0) labels.push({ kind: 'label', seq, url, png });
    }
    return labels;
  }

  const chosenOf = (stored: StoredV1Request) =>
    stored.rate
      ? { carrierCode: stored.rate.carrier, serviceLevel: stored.rate.serviceType, serviceName: stored.rate.service, price: stored.rate.price }
      : { carrierCode: null, serviceLevel: stored.request.order.service_type ?? null, serviceName: null, price: null };

  async function record(row: V1PurchaseRow, sold: Sold, platformUkId: string): Promise<ShipmentRow> {
    const labels = await labelImages(sold.labelUrls);
    return store(row, platformUkId, {
      resultJson: JSON.stringify({ api: 'v1', ...sold.result, label_urls: sold.labelUrls }),
      shipmentNo: sold.shipmentNo,
      trackingNo: sold.trackingCode,
      carrierCode: sold.carrier,
      serviceLevel: sold.service,
      serviceName: sold.service,
      costCents: sold.cost === null ? null : toCents(sold.cost),
      currency: 'USD',
      duplicateLabel: false,
      rateMismatchJson: null,
      note: labels.length > 0 ? null : 'The label is bought but its image has not arrived yet; open it in History to fetch it again.',
      labels,
    });
  }

  /**
   * A v1 purchase answer the parser refused: the service read the request
   * and answered, so the label may be paid for; with no platform_uk_id a
   * second send would buy another. It is recorded as bought from what the
   * answer holds (shipping/salvage.ts), never sent again.
   */
  async function recordUnreadable(row: V1PurchaseRow, failure: UnreadableAnswerFailure, platformUkId: string): Promise<ShipmentRow> {
    const { update } = await salvagedPurchase({
      failure,
      platformUkId,
      ownIds: row.rate_id ? [row.rate_id] : [],
      chosen: chosenOf(JSON.parse(row.request_json) as StoredV1Request),
      // A v1 label is voided by its tracking code only.
      voidableById: false,
      fetchBytes: deps.fetchBytes,
    });
    deps.log.warn('a v1 purchase answer was not understood; the label is recorded as bought from what the answer held', { order: row.order_number, endpoint: failure.endpoint });
    return store(row, platformUkId, update);
  }

  /** Keeps the label on this bench, then shares it (publish keeps it here for later while the shared store is away). */
  async function store(row: V1PurchaseRow, platformUkId: string, update: BoughtUpdate): Promise<ShipmentRow> {
    const stored = JSON.parse(row.request_json) as StoredV1Request;
    const insurance = stored.request.shipments[0]?.insurance_amount;
    const id = deps.db.transaction(() => {
      const shipment = deps.shipments.insertPending({
        packageKey: row.package_key,
        platformUkId,
        backendId: row.backend_id,
        method: row.kind === 'rate' ? 'create_and_pay' : 'direct_buy',
        requestJson: row.request_json,
        chosenJson: JSON.stringify(chosenOf(stored)),
        orderNumber: row.order_number,
        recipientName: stored.request.to.name,
        recipientCity: stored.request.to.city,
        recipientZip: stored.request.to.zip,
        insuranceCents: insurance ? toCents(insurance) : null,
        isReturn: false,
      });
      deps.shipments.markBought(shipment.id, update);
      deps.purchases.markBought(row.id, shipment.id, update.trackingNo);
      return shipment.id;
    })();
    const shipment = deps.shipments.get(id) as ShipmentRow;
    await claims.publish(shipment);
    return shipment;
  }

  /** The service sold nothing for this attempt: the row fails, and the package may be claimed again. */
  async function notSold(row: V1PurchaseRow, platformUkId: string, message: string): Promise<void> {
    deps.purchases.markFailed(row.id, message);
    await claims.release(platformUkId).catch((error: unknown) => deps.log.warn('could not release the v1 purchase claim', { platformUkId, error }));
  }

  /**
   * Asks the service which labels the order has and judges them
   * (v1ReadBack.ts): the one label of the asked service and weight that no
   * bench holds, while no other box of the order is being bought, is this
   * purchase's and is stored; no unclaimed label means nothing was sold.
   * Anything else, or a service or warehouse that cannot be asked, leaves the
   * purchase unknown: no second purchase is sent for it.
   */
  async function readBack(on: V1Account, row: V1PurchaseRow, platformUkId: string): Promise<ShipmentRow | undefined> {
    let labels: readonly V1OrderLabel[];
    try {
      labels = await on.v1.orderLabels({ store_name: row.store_name, order_number: row.order_number });
    } catch (error) {
      // v1 errors carry only {message} (legacy-v1-openapi.yaml): a refusal of shipments/get (4xx, say
      // "applicable only to orders with a purchased label") is the service's answer that the order has
      // no label; only an answer that never came leaves the purchase unknown.
      if (serviceCodeOf(error) === 'order_has_no_label' || (error instanceof StationFailure && error.error.code === 'service_rejected')) labels = [];
      else {
        const why = error instanceof StationFailure ? error.error.message : String(error);
        throw new StationFailure({
          code: 'timeout',
          message: `The last purchase for order ${row.order_number} was not confirmed, and the station could not ask the service whether it went through (${why}). It will not buy this package again until it can check; try again in a moment.`,
          retryable: true,
        });
      }
    }
    const seen = await claims.orderSeen({
      backendId: on.claimBackendId,
      orderPrefix: orderPrefixOf(row.package_key),
      packageKey: row.package_key,
      trackingNos: labels.map((l) => l.tracking_code),
    });
    const stored = JSON.parse(row.request_json) as StoredV1Request;
    const verdict = judgeReadBack(
      labels,
      stored,
      (trackingCode) => seen.held.has(normalizeTracking(trackingCode)) || deps.shipments.findByRef(trackingCode) !== undefined || deps.purchases.holdsTracking(trackingCode),
      seen.buying.length,
    );
    if (verdict.kind === 'not_sold') return undefined;
    if (verdict.kind === 'unclear') {
      const message = unclearMessage(row, verdict.unclaimed, verdict.matching, seen.buying);
      deps.purchases.markUnknown(row.id, message);
      deps.log.warn('v1 read-back cannot tell which label is this purchase\'s', { order: row.order_number, unclaimed: verdict.unclaimed, matching: verdict.matching, buying: seen.buying.length });
      throw new StationFailure({ code: 'conflict', message, retryable: false });
    }
    deps.log.warn('v1 purchase found by reading the order back', { order: row.order_number, attempts: row.attempts });
    return record(row, fromOrderLabel(verdict.label), platformUkId);
  }

  /**
   * The label this bench keeps for the package, and the bench that bought it
   * when that was another one, unless the shared store says a bench voided it
   * since (then it is voided here too, and the box may be bought again).
   */
  async function standingLabel(backendId: string, packageKey: string): Promise<{ readonly row: ShipmentRow; readonly boughtAt: string | null } | undefined> {
    const row = deps.shipments.liveByPackageKey(backendId, packageKey);
    if (!row) return undefined;
    const shared = await claims.find(row.platform_uk_id).catch(() => undefined);
    const same = shared?.platformUkId === row.platform_uk_id ? shared : undefined;
    if (same?.state !== 'voided') return { row, boughtAt: same && !deps.purchases.byShipment(row.id) ? same.bench : null };
    deps.shipments.markVoided(row.id);
    if (row.tracking_no) deps.purchases.voidedByTracking(row.tracking_no);
    return undefined;
  }

  /** Another bench bought the package: its label is kept here too (reprints work offline), nothing is bought. */
  function adopt(shared: SharedShipment, live: V1PurchaseRow | undefined): V1Bought {
    const shipment = deps.shipments.adoptShared(shared);
    if (live) deps.purchases.markFailed(live.id, `Bought at bench ${shared.bench} (${shared.trackingNo ?? shared.platformUkId}).`);
    deps.log.info('v1 package bought at another bench; its label is kept here', { platformUkId: shared.platformUkId, bench: shared.bench });
    return { shipment, note: boughtWords(shared.bench, shared.trackingNo), earlier: true };
  }

  const claimOf = (on: V1Account, d: { readonly backendId: string; readonly packageKey: string; readonly orderNumber: string }) =>
    claims.claim({
      api: 'v1',
      backendId: on.claimBackendId,
      accountId: on.accountId,
      packageKey: d.packageKey,
      localVoidGeneration: deps.shipments.voidedCount(d.backendId, d.packageKey),
      journaledId: null,
      orderNumber: d.orderNumber,
    });

  async function buyOnce(on: V1Account, draft: V1PurchaseDraft, send: () => Promise<V1PurchaseLabelResponse>): Promise<V1Bought> {
    const standing = await standingLabel(draft.backendId, draft.packageKey);
    if (standing) {
      const { row: shipment, boughtAt } = standing;
      const note = boughtAt
        ? boughtWords(boughtAt, shipment.tracking_no)
        : `Package ${boxOf(draft.packageKey)} of order ${draft.orderNumber} already has a label (${shipment.tracking_no}); it was not bought again.`;
      return { shipment, note, earlier: true };
    }
    let live = deps.purchases.live(draft.backendId, draft.packageKey);
    if (live?.state === 'bought') {
      // Its label is voided: the box is bought again.
      deps.purchases.markVoided(live.id);
      live = undefined;
    }
    // Before anything is sent: while another bench holds the package (or the warehouse cannot say), nothing is bought here.
    const claim = await claimOf(on, draft);
    if (claim.kind === 'held') fail('conflict', heldWords(claim));
    if (claim.kind === 'bought') return adopt(claim.shipment, live);
    const { platformUkId } = claim;
    const holder = deps.shipments.findByRef(platformUkId);
    if (holder) {
      await claims.release(platformUkId).catch(() => undefined);
      fail('conflict', `This box already has a label on this v1 account (${holder.tracking_no ?? platformUkId}), kept under another service setting of this station; it was not bought again.`);
    }
    let row = live ?? deps.purchases.insertPending(draft);
    if (live || claim.takenOverFrom) {
      // An earlier purchase (before a crash, one whose answer was lost, or a bench that stopped mid-purchase) may have gone through.
      const found = await readBack(on, row, platformUkId);
      if (found) return { shipment: found, note: 'The earlier purchase for this package went through although its answer was lost; this is its label. Nothing was bought twice.', earlier: false };
      if (live) {
        deps.purchases.markFailed(live.id, 'The service sold no label for this attempt.');
        row = deps.purchases.insertPending(draft);
      }
    }
    deps.purchases.countSent(row.id);
    await claims.touch(platformUkId).catch((error: unknown) => deps.log.warn('could not renew the v1 purchase claim', { platformUkId, error }));
    let answer: V1PurchaseLabelResponse;
    try {
      answer = await send();
    } catch (error) {
      if (error instanceof UnreadableAnswerFailure) {
        const shipment = await recordUnreadable(row, error, platformUkId);
        return { shipment, note: shipment.error, earlier: false };
      }
      if (error instanceof StationFailure && isOutcomeUnknown(error.error)) {
        deps.purchases.markUnknown(row.id, error.error.message);
        const found = await readBack(on, row, platformUkId);
        if (found) return { shipment: found, note: 'The service\'s answer was lost, so the station read the order back: the label was bought once, and this is it.', earlier: false };
        const message = 'The service did not answer the purchase, and reading the order back shows no label was sold, so nothing was charged. Press Buy again.';
        await notSold(row, platformUkId, message);
        throw new StationFailure({ code: 'timeout', message, retryable: true });
      }
      const failure = v1Refusal(error);
      await notSold(row, platformUkId, failure instanceof StationFailure ? failure.error.message : String(failure));
      throw failure;
    }
    return { shipment: await record(row, fromPurchase(answer), platformUkId), note: null, earlier: false };
  }

  /**
   * Settles every purchase of this backend a previous session (or a lost
   * answer) left unknown: a label found by reading the order back is stored,
   * none means nothing was sold. A purchase another bench finished meanwhile
   * takes that bench's label; one another bench is finishing now is left to
   * it. Stops at the first read-back that cannot be made, leaving the rest
   * unknown for the next round or the next Buy.
   */
  async function reconcile(on: V1Account, backendId: string): Promise<{ readonly found: number; readonly notSold: number; readonly stillUnknown: number }> {
    let found = 0;
    let sold = 0;
    let unclear = 0;
    const rows = deps.purchases.unresolved(backendId).filter((row) => !inFlight.has(`${row.backend_id}|${row.package_key}`));
    for (const [index, row] of rows.entries()) {
      try {
        const claim = await claimOf(on, { backendId: row.backend_id, packageKey: row.package_key, orderNumber: row.order_number });
        if (claim.kind === 'held') unclear += 1;
        else if (claim.kind === 'bought') {
          adopt(claim.shipment, row);
          found += 1;
        } else if (await readBack(on, row, claim.platformUkId)) found += 1;
        else {
          await notSold(row, claim.platformUkId, 'The service sold no label for this attempt.');
          sold += 1;
        }
      } catch (error) {
        // A read-back that cannot tell the labels apart waits for the operator; one that could not be made ends the round.
        if (error instanceof StationFailure && error.error.code === 'conflict') unclear += 1;
        else return { found, notSold: sold, stillUnknown: unclear + rows.length - index };
      }
    }
    return { found, notSold: sold, stillUnknown: unclear };
  }

  return {
    reconcile,
    /** One purchase per order package: a second press while one is in flight gets the same answer. */
    purchase(on: V1Account, draft: V1PurchaseDraft, send: () => Promise<V1PurchaseLabelResponse>): Promise<V1Bought> {
      const key = `${draft.backendId}|${draft.packageKey}`;
      const running = inFlight.get(key);
      if (running) return running;
      const promise = buyOnce(on, draft, send).finally(() => inFlight.delete(key));
      inFlight.set(key, promise);
      return promise;
    },
    readBack,
    async close(): Promise<void> {
      await Promise.allSettled([...inFlight.values()]);
    },
  };
}
