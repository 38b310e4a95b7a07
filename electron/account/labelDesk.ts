import type { CommandArgs } from '../../shared/contract';
import type { V1Purchase, V1Rates } from '../../shared/contract/account';
import { fail, StationFailure } from '../../shared/contract/errors';
import type { CustomsDeclaration, StationAddress } from '../../shared/contract/shippingTypes';
import { formatMoney, toCents, toDollars } from '../../shared/domain/money';
import { isOutcomeUnknown } from '../api/failures';
import type { V1PurchaseLabelResponse } from '../../shared/api/v1';
import type { PurchaseClaims } from '../purchases/claims';
import type { PurchaseAdapter } from '../purchases/adapter';
import type { Purchased, PurchaseEngine, PurchaseTarget } from '../purchases/engine';
import { boxOf, v1PackageKey } from '../purchases/packageKey';
import { checkShipment, toCustomData } from '../shipping/customs';
import type { StationContext } from '../core/module';
import type { createLabelsRepo } from '../store/labelsRepo';
import { isLegacyShipment, type ShipmentRow, type ShipmentsRepo } from '../store/shipmentsRepo';
import type { AccountBackend } from './ports';
import { serviceCodeOf, v1Call } from './refusals';
import { fromV1Rate, ouncesToPounds, v1ShipmentRequest } from './v1Request';
import { v1Draft, v1OrderOf } from './v1Adapter';
import type { StoredV1Request } from './v1ReadBack';

export interface LabelDeskDeps {
  readonly ctx: StationContext;
  readonly backend: AccountBackend;
  readonly engine: PurchaseEngine;
  readonly v1: PurchaseAdapter<V1PurchaseLabelResponse>;
  readonly shipments: ShipmentsRepo;
  readonly labels: ReturnType<typeof createLabelsRepo>;
  /** Where purchases are claimed among benches: a void there lets any bench buy the box again. */
  readonly claims: PurchaseClaims;
  /** The station's ship-from (Settings), used when a request names none. */
  readonly shipFrom: () => StationAddress | null;
  /** The print after a Buy (shipping/printAfterBuy.ts), customs forms with it. */
  readonly printLabels: (row: ShipmentRow) => Promise<{ printJobId: string | null; printError: string | null }>;
  /** The customs declaration the station holds for an order (from the CSV, or its items when a v1 order was pulled). */
  readonly orderCustoms: (orderNumber: string) => CustomsDeclaration | null;
}

/** A rate this station quoted, with the order package and request it was quoted for. */
interface QuotedRate {
  readonly storeName: string;
  readonly orderNumber: string;
  readonly packageIndex: number;
  readonly stored: StoredV1Request;
}

const KEEP_QUOTES = 500;

/** Where a v1 purchase goes: the bench's backend, claimed among benches under the legacy service and api_token (hashes, never the token). */
export function v1TargetOf(c: Awaited<ReturnType<AccountBackend['clients']>>): PurchaseTarget {
  const backendId = c.backendId ?? 'default';
  const claimBackendId = c.legacyBackendId ?? backendId;
  return { backendId, claimBackendId, accountId: c.legacyAccountId ?? claimBackendId };
}

const boughtWords = (bench: string, trackingNo: string | null): string =>
  `Bench ${bench} bought this box's label (${trackingNo ?? 'no tracking number yet'}); it was not bought again.`;

/** The operator's words for how a Buy ended; `earlier`: the label was there before this press (shown, not printed again). */
function outcomeOf(p: Purchased, orderNumber: string): { note: string | null; earlier: boolean } {
  const s = p.row;
  const notes: Record<Purchased['how'], string | null> = {
    standing: p.boughtAt ? boughtWords(p.boughtAt, s.tracking_no) : `Package ${boxOf(s.package_key)} of order ${orderNumber} already has a label (${s.tracking_no}); it was not bought again.`,
    adopted: boughtWords(p.boughtAt ?? 'another', s.tracking_no),
    resumed: 'The earlier purchase for this package went through although its answer was lost; this is its label. Nothing was bought twice.',
    read_back: 'The service\'s answer was lost, so the station read the order back: the label was bought once, and this is it.',
    unreadable: s.error,
    bought: null,
  };
  return { note: notes[p.how], earlier: p.how === 'standing' || p.how === 'adopted' };
}

/** The v1 label desk: rates for an order package, buy a rate, buy direct, void by tracking code. */
export function createLabelDesk(deps: LabelDeskDeps) {
  const { ctx } = deps;
  const quoted = new Map<string, QuotedRate>();
  const clients = () => deps.backend.clients();
  const target = async () => v1TargetOf(await clients());

  /** An order package's request once the country rules hold (phones, and customs given or the order's own when it leaves the country). */
  function shipmentRequest(a: CommandArgs<'account.rates'>) {
    const origin = a.from ?? deps.shipFrom() ?? fail('not_configured', 'Set the ship-from address in Settings before rating', { field: 'from' });
    const customs = a.customs ?? deps.orderCustoms(a.orderNumber) ?? undefined;
    checkShipment(origin, a.to, customs);
    return v1ShipmentRequest(a, origin, toCustomData(origin, a.to, customs));
  }

  async function rates(a: CommandArgs<'account.rates'>): Promise<V1Rates> {
    const request = shipmentRequest(a);
    const { v1 } = await clients();
    const list = await v1Call(() => v1.ratesList(request));
    const rates = list.map(fromV1Rate).sort((x, y) => x.price - y.price);
    for (const rate of rates) {
      quoted.delete(rate.rateId);
      quoted.set(rate.rateId, { storeName: a.storeName, orderNumber: a.orderNumber, packageIndex: a.packageIndex, stored: { request, rate } });
    }
    for (const old of quoted.keys()) {
      if (quoted.size <= KEEP_QUOTES) break;
      quoted.delete(old);
    }
    return { storeName: a.storeName, orderNumber: a.orderNumber, weightLb: ouncesToPounds(a.package.weightOz), rates, quotedAt: ctx.now().toISOString() };
  }

  async function result(bought: Purchased, storeName: string, orderNumber: string, print: boolean): Promise<V1Purchase> {
    const s = bought.row;
    const { note, earlier } = outcomeOf(bought, orderNumber);
    ctx.emit('station.changed', { topics: ['shipments', 'orders'] });
    const label = deps.labels.list(s.id, 'label')[0];
    return {
      shipmentId: s.id,
      trackingCode: s.tracking_no ?? '',
      carrier: s.carrier_code ?? '',
      service: s.service_name,
      cost: s.cost_cents === null ? null : toDollars(s.cost_cents),
      storeName,
      orderNumber,
      labelPng: label ? Buffer.from(label.png).toString('base64') : null,
      // A press that joined one already running shows its label; the first press prints it.
      ...(print && !earlier && !bought.joined ? await deps.printLabels(s) : { printJobId: null, printError: null }),
      note,
      alreadyBought: earlier,
    };
  }

  /** One purchase per order package, through the purchase engine (single flight, claim, journal, read-back). */
  async function purchase(a: { storeName: string; orderNumber: string; packageIndex: number }, stored: StoredV1Request): Promise<Purchased> {
    const packageKey = v1PackageKey(a.storeName, a.orderNumber, a.packageIndex);
    return deps.engine.purchase(deps.v1, { target: await target(), packageKey, orderNumber: a.orderNumber, draft: () => v1Draft(stored, a.orderNumber) });
  }

  async function buy(a: CommandArgs<'account.buy'>): Promise<V1Purchase> {
    const quote = quoted.get(a.rateId);
    if (!quote) return fail('not_found', 'That rate is not one this station quoted (or it was quoted before a restart). Get rates again and pick one.', { field: 'rateId' });
    if (quote.storeName.toLowerCase() !== a.storeName.toLowerCase() || quote.orderNumber.toLowerCase() !== a.orderNumber.toLowerCase() || quote.packageIndex !== a.packageIndex) {
      return fail('invalid_input', `That rate was quoted for order ${quote.orderNumber} (package ${quote.packageIndex}); get rates for this order.`, { field: 'rateId' });
    }
    const bought = await purchase(a, quote.stored);
    return result(bought, a.storeName, a.orderNumber, a.print);
  }

  /**
   * A direct purchase names no rate, so a price on screen is checked against
   * the service's rate for that service type now: a price that moved buys nothing.
   */
  async function checkDirectPrice(request: StoredV1Request['request'], serviceType: string, shown: number): Promise<void> {
    const { v1 } = await clients();
    const wanted = serviceType.trim().toLowerCase();
    const rate = (await v1Call(() => v1.ratesList(request))).map(fromV1Rate).find((r) => r.serviceType.toLowerCase() === wanted);
    if (!rate) fail('conflict', `The service gives no ${serviceType} price for this package now, so nothing was bought. Get v1 rates to see what it offers.`, { field: 'serviceType' });
    if (toCents(rate.price) !== toCents(shown)) {
      fail('conflict', `${rate.service} now costs ${formatMoney(toCents(rate.price), 'USD')}, not the ${formatMoney(toCents(shown), 'USD')} shown, so nothing was bought. Check the price now shown and buy again.`, { field: 'serviceType' });
    }
  }

  async function buyDirect(a: CommandArgs<'account.buyDirect'>): Promise<V1Purchase> {
    const request = shipmentRequest(a);
    if (a.shownPrice !== undefined) await checkDirectPrice(request, a.serviceType, a.shownPrice);
    const bought = await purchase(a, { request });
    return result(bought, a.storeName, a.orderNumber, a.print);
  }

  /** Voided here and, in warehouse mode, for every bench: the box may then be bought again anywhere. */
  async function markVoided(trackingCode: string): Promise<void> {
    const row = deps.shipments.findByRef(trackingCode);
    if (row) deps.shipments.markVoided(row.id);
    // A label another bench bought and this bench never kept is named by the shared store.
    const platformUkId = row?.platform_uk_id ?? (await deps.claims.find(trackingCode).catch(() => undefined))?.platformUkId;
    if (platformUkId) await deps.claims.voided(platformUkId);
    ctx.emit('station.changed', { topics: ['shipments'] });
  }

  /** After a void whose answer was lost: the order's labels say whether it is voided. */
  async function voidReadBack(trackingCode: string, lost: StationFailure): Promise<boolean> {
    const shipment = deps.shipments.findByRef(trackingCode);
    // Only a label this bench bought through v1 holds the v1 request that names its store and order.
    if (!shipment || !isLegacyShipment(shipment) || shipment.attempts === 0) throw lost;
    const { v1 } = await clients();
    const labels = await v1.orderLabels(v1OrderOf(shipment)).catch(() => {
      throw lost;
    });
    const label = labels.find((l) => l.tracking_code === shipment.tracking_no);
    return label?.label_status === 'voided';
  }

  async function voidLabel(a: CommandArgs<'account.void'>): Promise<{ trackingCode: string; voided: true }> {
    const { v1 } = await clients();
    try {
      const r = await v1Call(() => v1.voidLabel(a.trackingCode));
      await markVoided(r.tracking_code || a.trackingCode);
      return { trackingCode: r.tracking_code || a.trackingCode, voided: true };
    } catch (error) {
      if (serviceCodeOf(error) === 'shipment_already_voided') await markVoided(a.trackingCode);
      if (error instanceof StationFailure && isOutcomeUnknown(error.error)) {
        if (await voidReadBack(a.trackingCode, error)) {
          await markVoided(a.trackingCode);
          return { trackingCode: a.trackingCode, voided: true };
        }
        fail('timeout', 'The service did not confirm the void, and the label still shows as not voided. Void it again.', { retryable: true });
      }
      throw error;
    }
  }

  return { rates, buy, buyDirect, voidLabel };
}

export type LabelDesk = ReturnType<typeof createLabelDesk>;
