import { randomUUID } from 'node:crypto';
import { unreadablePurchaseAnswer } from '../unreadableAnswers';
import { answerShapes, sparse, v1Answer } from '../answers';
import { refuse } from '../errorCodes';
import type { ServiceLevel } from '../domain/catalog';
import { internationalLevel, isInternationalLevel, quoteInternational } from '../domain/international';
import { isQuote, quoteLevel, type Quote, type QuoteRefusal } from '../domain/pricing';
import type { RatedShipment, RateEntry, V1RateLink } from '../domain/rateBook';
import type { SandboxContext } from '../context';
import type { Reply, SandboxRequest } from '../http/types';
import { jsonBody, queryObject } from '../http/validate';
import { parseRequest, v1Forms } from '../schemas/parse';
import { getApiRatesBuyQuery, ShipmentRequest } from '../schemas/v1/openapi';
import { DEMO_WAREHOUSE } from '../seed';
import type { ShipmentRecord } from '../store/shipments';
import { commitPurchase, labelUrl, type RenderedLabel } from '../v2/purchase';
import { applies, quoteInput } from '../v2/rating';
import { v1Levels, v1RatedShipment, v1IssueCoder, type V1ShipmentRequest } from './shipment';

const SERVICE_FEE_CENTS = 5;

/** An international level is priced by country group and weight; a domestic one by the rate book. */
function quoteFor(level: ServiceLevel, shipment: RatedShipment): Quote | QuoteRefusal {
  const international = internationalLevel(level.level);
  return international ? quoteInternational(international, shipment.to.country, shipment.weightOz) : quoteLevel(level, quoteInput(shipment));
}
const dollars = (cents: number) => Math.round(cents) / 100;
/** The published (retail) rate the discount is taken from. */
const published = (cents: number) => Math.round(cents * 1.22);

function orderLink(ctx: SandboxContext, body: V1ShipmentRequest, shipmentId: string): V1RateLink {
  const order: Partial<NonNullable<V1ShipmentRequest['order']>> = body.order ?? {};
  if (order.order_number) {
    if (!order.store_name) refuse('invalid_parameter', 'order.store_name is required with order.order_number.');
    if (!ctx.orders.get(order.store_name, order.order_number)) refuse('order_not_found', `No order ${order.order_number} in store ${order.store_name}.`);
  }
  const print = body.shipments[0];
  return {
    shipmentId,
    // The OpenAPI makes the order block optional; without one the label ships from the account's warehouse.
    warehouseName: order.warehouse_name ?? DEMO_WAREHOUSE,
    ...(order.store_name ? { storeName: order.store_name } : {}),
    ...(order.order_number ? { orderNumber: order.order_number } : {}),
    ...(order.status ? { orderStatus: order.status } : {}),
    ...(print?.custom_print1 ? { customPrint1: print.custom_print1 } : {}),
    ...(print?.custom_print2 ? { customPrint2: print.custom_print2 } : {}),
    hazmat: body.options?.require_hazmat ?? false,
  };
}

function rateWire(entry: RateEntry, quote: Quote): Record<string, unknown> {
  return {
    shipment_id: entry.v1?.shipmentId,
    rate_id: entry.rateId,
    provider: 'shipsaving',
    account_name: quote.carrier,
    carrier: quote.carrier,
    service: quote.level,
    service_type: quote.level.toLowerCase(),
    package: 'PACKAGE',
    package_type: entry.shipment.packageType,
    // The live v1 service sends delivery_days as a string.
    delivery_days: String(quote.deliveryDays),
    published_rate: dollars(published(quote.cents)),
    rate: dollars(quote.cents),
    rebate: dollars(published(quote.cents) - quote.cents),
    zone: quote.zone,
  };
}

/** POST /api/rates/list: a bare array of rates (the live service's shape); sparse answers use the OpenAPI's `{rates: [...]}`. */
export function listRates(ctx: SandboxContext, req: SandboxRequest): Reply {
  const body = parseRequest(ctx, req, v1Forms(ShipmentRequest), jsonBody(req), v1IssueCoder);
  const shipment = v1RatedShipment(body, ctx.now());
  const link = orderLink(ctx, body, `ship_${randomUUID()}`);
  const nowMs = ctx.now().getTime();
  const quotes = v1Levels(ctx, body, shipment)
    .filter((level) => isInternationalLevel(level.level) || applies(level, shipment))
    .map((level) => quoteFor(level, shipment))
    .filter(isQuote)
    .sort((a, b) => a.cents - b.cents);
  ctx.stats.ratesQuoted += quotes.length;
  const rates = quotes.map((quote) => rateWire(ctx.rates.add(quote, shipment, nowMs, 'v1', link), quote));
  return ctx.faults.current().sparseAnswers ? { json: sparse(answerShapes.v1Rates, { rates }) } : { json: rates };
}

/** PurchaseLabelResponse after the OpenAPI. */
export function purchaseWire(ctx: SandboxContext, record: ShipmentRecord, labels: readonly RenderedLabel[]): Record<string, unknown> {
  const { detail } = record;
  const v1 = detail.v1;
  const side = (prefix: 'from' | 'to') => {
    const a = detail[prefix];
    return {
      [`${prefix}_name`]: a.name,
      [`${prefix}_company`]: a.company,
      [`${prefix}_phone`]: a.phone,
      [`${prefix}_street`]: a.street,
      [`${prefix}_street2`]: a.street2,
      [`${prefix}_city`]: a.city,
      [`${prefix}_state`]: a.state,
      [`${prefix}_zip`]: a.zip,
      [`${prefix}_country`]: a.country,
    };
  };
  return {
    packing_slip_number: v1?.packingSlipNumber ?? null,
    master_tracking_code: '',
    prefix_tracking_code: '',
    tracking_code: record.trackingNo,
    label_size: '4x6',
    label_type: 'label',
    length: detail.dims[0],
    width: detail.dims[1],
    height: detail.dims[2],
    weight: Math.round((record.weightOz / 16) * 100) / 100,
    insurance: record.insuredValueCents === null ? 0 : dollars(record.insuredValueCents),
    insurance_fee: dollars(record.insuranceFeeCents),
    signature: detail.signature === 'adult_signature' ? 'ADULT_SIGNATURE' : detail.signature ? 'SIGNATURE' : 'NO_SIGNATURE',
    custom_print1: v1?.customPrint1 ?? '',
    custom_print2: v1?.customPrint2 ?? '',
    delivery_days: String(record.deliveryDays),
    service_fee: dollars(v1?.serviceFeeCents ?? 0),
    rate: dollars(record.labelFeeCents),
    rebate: dollars((v1?.publishedCents ?? record.labelFeeCents) - record.labelFeeCents),
    ...side('from'),
    ...side('to'),
    label_status: record.status === 'voided' ? 'voided' : 'completed',
    shipment_id: Number(record.shipmentNo.replace(/\D/g, '')),
    warehouse_name: v1?.warehouseName ?? '',
    store_name: record.storeName ?? '',
    order_number: record.orderNumber ?? '',
    provider: 'shipsaving',
    carrier: record.carrierCode,
    service: record.serviceLevel,
    package: 'PACKAGE',
    published_rate: dollars(v1?.publishedCents ?? record.labelFeeCents),
    label_url: labels.filter((l) => l.kind === 'label').map((l) => labelUrl(ctx.urls.legacy, l.id)),
    // One string in the OpenAPI; the first customs form of an international label.
    commercial_invoice_url: labels.filter((l) => l.kind === 'customs').map((l) => labelUrl(ctx.urls.legacy, l.id))[0] ?? null,
  };
}

function buy(ctx: SandboxContext, quote: Quote, entry: Pick<RateEntry, 'shipment'> & { v1: V1RateLink }): Reply {
  const link = entry.v1;
  const { record, labels } = commitPurchase(ctx, {
    api: 'v1',
    platformUkId: null,
    quote,
    shipment: entry.shipment,
    ...(entry.shipment.insuredValueCents ? { insuredValueCents: entry.shipment.insuredValueCents } : {}),
    hazardousMaterials: link.hazmat,
    lithiumBattery: false,
    labelPrintType: 'common',
    ...(link.storeName ? { storeName: link.storeName } : {}),
    ...(link.orderNumber ? { orderNumber: link.orderNumber } : {}),
    v1: {
      packingSlipNumber: ctx.meta.next('packing_slip', 100_000),
      warehouseName: link.warehouseName,
      serviceFeeCents: SERVICE_FEE_CENTS,
      publishedCents: published(quote.cents),
      ...(link.customPrint1 ? { customPrint1: link.customPrint1 } : {}),
      ...(link.customPrint2 ? { customPrint2: link.customPrint2 } : {}),
    },
  });
  if (link.storeName && link.orderNumber) ctx.orders.setStatus(link.storeName, link.orderNumber, link.orderStatus ?? 'awaiting');
  if (ctx.faults.takeDrop()) {
    ctx.stats.droppedResponses += 1;
    return { drop: true };
  }
  const unreadable = ctx.faults.takeUnreadable();
  const wire = purchaseWire(ctx, record, labels);
  // An unreadable answer is the fault itself: sent as made, never thinned by the sparse mode.
  return unreadable ? { json: unreadablePurchaseAnswer(wire, unreadable) } : v1Answer(ctx, answerShapes.v1Purchase, wire);
}

/** GET /api/rates/buy?rate_id= */
export function buyRate(ctx: SandboxContext, req: SandboxRequest): Reply {
  const query = parseRequest(ctx, req, v1Forms(getApiRatesBuyQuery), queryObject(req.query));
  const entry = ctx.rates.get(query.rate_id);
  if (!entry || entry.api !== 'v1' || !entry.v1) refuse('rate_not_found', `No rate with rate_id "${query.rate_id}".`);
  if (ctx.rates.isExpired(entry, ctx.now().getTime())) refuse('rate_expired');
  if (entry.purchased) refuse('rate_already_purchased');
  // buy() runs synchronously to its commit, so no second request can slip in between; mark only what was sold.
  const reply = buy(ctx, entry.quote, { shipment: entry.shipment, v1: entry.v1 });
  entry.purchased = true;
  return reply;
}

/** POST /api/rates/buy-label: needs order.service_type; works because the account has one carrier per type. */
export function buyLabel(ctx: SandboxContext, req: SandboxRequest): Reply {
  const body = parseRequest(ctx, req, v1Forms(ShipmentRequest), jsonBody(req), v1IssueCoder);
  if (!body.order?.service_type) refuse('service_type_required');
  const shipment = v1RatedShipment(body, ctx.now());
  const [level] = v1Levels(ctx, body, shipment);
  if (!level) refuse(shipment.from.country !== shipment.to.country ? 'service_level_not_international' : 'hazmat_service_not_allowed');
  if (!isInternationalLevel(level.level) && !applies(level, shipment)) refuse('service_level_not_offered', `${level.name} is not offered for this package or address.`);
  const quote = quoteFor(level, shipment);
  if (!isQuote(quote)) refuse(quote.code, quote.msg);
  return buy(ctx, quote, { shipment, v1: orderLink(ctx, body, `ship_${randomUUID()}`) });
}
