import type { V1OrderLabel, V1PurchaseLabelResponse } from '../../shared/api/v1';
import { StationFailure } from '../../shared/contract/errors';
import { toCents } from '../../shared/domain/money';
import { isOutcomeUnknown } from '../api/failures';
import type { Logger } from '../log/logger';
import type { Journaled, LostAnswer, OrderHoldings, PurchaseAdapter } from '../purchases/adapter';
import { boxOf } from '../purchases/packageKey';
import { recipientOf, type JournalDraft } from '../purchases/journal';
import { labelImages, missingLabelNote } from '../purchases/labelBytes';
import type { BoughtUpdate, ShipmentRow } from '../store/shipmentsRepo';
import type { AccountBackend } from './ports';
import { serviceCodeOf, v1Refusal } from './refusals';
import { judgeReadBack, type StoredV1Request } from './v1ReadBack';

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

const storedOf = (row: ShipmentRow) => JSON.parse(row.request_json) as StoredV1Request;

/** The v1 order a journaled purchase is for (v1 orders live in a store). */
export const v1OrderOf = (row: ShipmentRow) => ({ store_name: storedOf(row).request.order.store_name ?? '', order_number: row.order_number ?? '' });

const chosenOf = (stored: StoredV1Request) =>
  stored.rate
    ? { carrierCode: stored.rate.carrier, serviceLevel: stored.rate.serviceType, serviceName: stored.rate.service, price: stored.rate.price }
    : { carrierCode: null, serviceLevel: stored.request.order.service_type ?? null, serviceName: null, price: null };

/** A v1 request as the journal keeps it: a purchase by rate is journaled as create_and_pay, a direct one as direct_buy. */
export function v1Draft(stored: StoredV1Request, orderNumber: string): JournalDraft {
  const insurance = stored.request.shipments[0]?.insurance_amount;
  return {
    method: stored.rate ? 'create_and_pay' : 'direct_buy',
    requestJson: JSON.stringify(stored),
    chosenJson: JSON.stringify(chosenOf(stored)),
    orderNumber,
    ...recipientOf(stored.request.to),
    insuranceCents: insurance ? toCents(insurance) : null,
    isReturn: false,
  };
}

function unclearMessage(row: ShipmentRow, unclaimed: number, matching: number, buying: OrderHoldings['buying']): string {
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

export interface V1AdapterDeps {
  readonly backend: AccountBackend;
  readonly fetchBytes: (url: string) => Promise<Uint8Array>;
  readonly log: Logger;
}

/** A v1 purchase over the wire: without an idempotency key a lost answer is never sent again; the order's labels are read back and judged (v1ReadBack.ts). */
export function createV1Adapter(deps: V1AdapterDeps): PurchaseAdapter<V1PurchaseLabelResponse> {
  const v1 = async () => (await deps.backend.clients()).v1;

  async function update(sold: Sold): Promise<BoughtUpdate> {
    const { labels, problem } = await labelImages([{ kind: 'label', urls: sold.labelUrls }], deps.fetchBytes);
    return {
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
      note: missingLabelNote(labels, problem),
      labels,
    };
  }

  /** v1 errors carry only {message} (legacy-v1-openapi.yaml): a refusal of shipments/get says the order has no label; only a missing answer leaves it unknown. */
  async function orderLabels(row: ShipmentRow): Promise<readonly V1OrderLabel[]> {
    try {
      return await (await v1()).orderLabels(v1OrderOf(row));
    } catch (error) {
      if (serviceCodeOf(error) === 'order_has_no_label' || (error instanceof StationFailure && error.error.code === 'service_rejected')) return [];
      const why = error instanceof StationFailure ? error.error.message : String(error);
      throw new StationFailure({
        code: 'timeout',
        message: `The last purchase for order ${row.order_number} was not confirmed, and the station could not ask the service whether it went through (${why}). It will not buy this package again until it can check; try again in a moment.`,
        retryable: true,
      });
    }
  }

  /** The one unheld label of the asked service and weight, while no other box of the order is being bought, is this purchase's; none: nothing sold. */
  async function readBack({ row }: Journaled, holdings: (trackingNos: readonly string[]) => Promise<OrderHoldings>): Promise<LostAnswer> {
    const labels = await orderLabels(row);
    const held = await holdings(labels.map((l) => l.tracking_code));
    const verdict = judgeReadBack(labels, storedOf(row), (t) => held.isClaimed(t), held.buying.length);
    if (verdict.kind === 'not_sold') {
      return { kind: 'not_sold', message: 'The service did not answer the purchase, and reading the order back shows no label was sold, so nothing was charged. Press Buy again.' };
    }
    if (verdict.kind === 'unclear') {
      deps.log.warn('v1 read-back cannot tell which label is this purchase\'s', { order: row.order_number, unclaimed: verdict.unclaimed, matching: verdict.matching, buying: held.buying.length });
      return { kind: 'unclear', message: unclearMessage(row, verdict.unclaimed, verdict.matching, held.buying) };
    }
    return { kind: 'found', update: await update(fromOrderLabel(verdict.label)) };
  }

  return {
    api: 'v1',
    idempotent: false,
    attempts: 1,
    async send({ row }) {
      const client = await v1();
      const stored = storedOf(row);
      return stored.rate ? client.buy(stored.rate.rateId) : client.buyLabel(stored.request);
    },
    read: async (_entry, answer) => ({ update: await update(fromPurchase(answer)), duplicate: false }),
    classify(failure) {
      if (isOutcomeUnknown(failure.error)) return 'unknown';
      const words = v1Refusal(failure);
      return words instanceof StationFailure ? words : failure;
    },
    lost: readBack,
    ownIds: ({ row }) => {
      const { rate } = storedOf(row);
      return rate ? [rate.rateId] : [];
    },
  };
}
