import { randomUUID } from 'node:crypto';
import type { V1OrderLabel, V1PurchaseLabelResponse, V1ShipmentRequest } from '../../shared/api/v1';
import type { V1RateQuote } from '../../shared/contract/account';
import { StationFailure } from '../../shared/contract/errors';
import { toCents } from '../../shared/domain/money';
import { UnreadableAnswerFailure } from '../api/answer';
import { isOutcomeUnknown } from '../api/failures';
import { salvagedPurchase } from '../shipping/salvage';
import type { Logger } from '../log/logger';
import type { Db } from '../store/database';
import { LEGACY_ID_PREFIX, type BoughtUpdate, type ShipmentRow, type ShipmentsRepo } from '../store/shipmentsRepo';
import type { AccountV1 } from './ports';
import { serviceCodeOf, v1Refusal } from './refusals';
import { judgeReadBack } from './v1ReadBack';
import type { V1PurchaseDraft, V1PurchaseRow, V1PurchasesRepo } from './v1PurchasesRepo';

/** What a journal row's request_json holds: the request, and the rate picked when buying by rate id. */
export interface StoredV1Request {
  readonly request: V1ShipmentRequest;
  readonly rate?: V1RateQuote;
}

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

function unclearMessage(row: V1PurchaseRow, unclaimed: number, matching: number): string {
  const labels = `${unclaimed} label${unclaimed === 1 ? '' : 's'}`;
  const why = matching === 0 ? 'none of them has this box\'s service and weight' : 'the station cannot tell which one is this box\'s (another bench may have bought a box of this order)';
  return (
    `The purchase for box ${boxOf(row.package_key)} of order ${row.order_number} was not confirmed. The order has ${labels} this station does not hold, and ${why}. ` +
    'So this box is kept as unknown: the station neither buys it again nor takes one of those labels as its own. Check with the other benches which labels of this order they hold.'
  );
}

/**
 * The legacy purchase journal (design.md invariant 2 for v1). v1 purchases
 * carry no platform_uk_id, so the service cannot tell a repeat from a new
 * purchase: the station journals the request before sending, single-flights
 * each order package, and when an answer is lost it reads the order's labels
 * back (shipments/get) before it ever sends another purchase for that package.
 * A label found that way, or bought, is stored with its image in the
 * shipments table before anyone prints it (invariant 3).
 */
export function createV1Journal(deps: V1JournalDeps) {
  const inFlight = new Map<string, Promise<V1Bought>>();

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

  async function record(row: V1PurchaseRow, sold: Sold): Promise<ShipmentRow> {
    const labels = await labelImages(sold.labelUrls);
    return store(row, `${LEGACY_ID_PREFIX}${randomUUID()}`, {
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
  async function recordUnreadable(row: V1PurchaseRow, failure: UnreadableAnswerFailure): Promise<ShipmentRow> {
    const platformUkId = `${LEGACY_ID_PREFIX}${randomUUID()}`;
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

  function store(row: V1PurchaseRow, platformUkId: string, update: BoughtUpdate): ShipmentRow {
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
    return deps.shipments.get(id) as ShipmentRow;
  }

  /**
   * Asks the service which labels the order has and judges them
   * (v1ReadBack.ts): the one unclaimed label of the asked service and weight
   * is this purchase's and is stored; no unclaimed label means nothing was
   * sold. Anything else, or a service that cannot be asked, leaves the
   * purchase unknown: no second purchase is sent for it.
   */
  async function readBack(v1: AccountV1, row: V1PurchaseRow): Promise<ShipmentRow | undefined> {
    let labels: readonly V1OrderLabel[];
    try {
      labels = await v1.orderLabels({ store_name: row.store_name, order_number: row.order_number });
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
    const stored = JSON.parse(row.request_json) as StoredV1Request;
    const verdict = judgeReadBack(labels, stored, (trackingCode) => deps.shipments.findByRef(trackingCode) !== undefined || deps.purchases.holdsTracking(trackingCode));
    if (verdict.kind === 'not_sold') return undefined;
    if (verdict.kind === 'unclear') {
      const message = unclearMessage(row, verdict.unclaimed, verdict.matching);
      deps.purchases.markUnknown(row.id, message);
      deps.log.warn('v1 read-back cannot tell which label is this purchase\'s', { order: row.order_number, unclaimed: verdict.unclaimed, matching: verdict.matching });
      throw new StationFailure({ code: 'conflict', message, retryable: false });
    }
    deps.log.warn('v1 purchase found by reading the order back', { order: row.order_number, attempts: row.attempts });
    return record(row, fromOrderLabel(verdict.label));
  }

  async function buyOnce(v1: AccountV1, draft: V1PurchaseDraft, send: () => Promise<V1PurchaseLabelResponse>): Promise<V1Bought> {
    let live = deps.purchases.live(draft.backendId, draft.packageKey);
    if (live?.state === 'bought') {
      const shipment = live.shipment_id === null ? undefined : deps.shipments.get(live.shipment_id);
      if (shipment && shipment.state !== 'voided') {
        return { shipment, note: `Package ${draft.packageKey.split('#')[1]} of order ${draft.orderNumber} already has a label (${shipment.tracking_no}); it was not bought again.`, earlier: true };
      }
      deps.purchases.markVoided(live.id);
      live = undefined;
    }
    if (live) {
      // An earlier purchase (before a crash, or whose answer was lost) may have gone through.
      const found = await readBack(v1, live);
      if (found) return { shipment: found, note: 'The earlier purchase for this package went through although its answer was lost; this is its label. Nothing was bought twice.', earlier: false };
      deps.purchases.markFailed(live.id, 'The service sold no label for this attempt.');
    }
    const row = deps.purchases.insertPending(draft);
    deps.purchases.countSent(row.id);
    let answer: V1PurchaseLabelResponse;
    try {
      answer = await send();
    } catch (error) {
      if (error instanceof UnreadableAnswerFailure) {
        const shipment = await recordUnreadable(row, error);
        return { shipment, note: shipment.error, earlier: false };
      }
      if (error instanceof StationFailure && isOutcomeUnknown(error.error)) {
        deps.purchases.markUnknown(row.id, error.error.message);
        const found = await readBack(v1, row);
        if (found) return { shipment: found, note: 'The service\'s answer was lost, so the station read the order back: the label was bought once, and this is it.', earlier: false };
        const message = 'The service did not answer the purchase, and reading the order back shows no label was sold, so nothing was charged. Press Buy again.';
        deps.purchases.markFailed(row.id, message);
        throw new StationFailure({ code: 'timeout', message, retryable: true });
      }
      const failure = v1Refusal(error);
      deps.purchases.markFailed(row.id, failure instanceof StationFailure ? failure.error.message : String(failure));
      throw failure;
    }
    return { shipment: await record(row, fromPurchase(answer)), note: null, earlier: false };
  }

  /**
   * Settles every purchase of this backend a previous session (or a lost
   * answer) left unknown: a label found by reading the order back is stored,
   * none means nothing was sold. Stops at the first read-back that cannot be
   * made, leaving the rest unknown for the next round or the next Buy.
   */
  async function reconcile(v1: AccountV1, backendId: string): Promise<{ readonly found: number; readonly notSold: number; readonly stillUnknown: number }> {
    let found = 0;
    let notSold = 0;
    let unclear = 0;
    const rows = deps.purchases.unresolved(backendId).filter((row) => !inFlight.has(`${row.backend_id}|${row.package_key}`));
    for (const [index, row] of rows.entries()) {
      try {
        if (await readBack(v1, row)) found += 1;
        else {
          deps.purchases.markFailed(row.id, 'The service sold no label for this attempt.');
          notSold += 1;
        }
      } catch (error) {
        // A read-back that cannot tell the labels apart waits for the operator; one that could not be made ends the round.
        if (error instanceof StationFailure && error.error.code === 'conflict') unclear += 1;
        else return { found, notSold, stillUnknown: unclear + rows.length - index };
      }
    }
    return { found, notSold, stillUnknown: unclear };
  }

  return {
    reconcile,
    /** One purchase per order package: a second press while one is in flight gets the same answer. */
    purchase(v1: AccountV1, draft: V1PurchaseDraft, send: () => Promise<V1PurchaseLabelResponse>): Promise<V1Bought> {
      const key = `${draft.backendId}|${draft.packageKey}`;
      const running = inFlight.get(key);
      if (running) return running;
      const promise = buyOnce(v1, draft, send).finally(() => inFlight.delete(key));
      inFlight.set(key, promise);
      return promise;
    },
    readBack,
    async close(): Promise<void> {
      await Promise.allSettled([...inFlight.values()]);
    },
  };
}
