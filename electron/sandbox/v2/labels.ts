import { createAndPayRequestSchema, directBuyRequestSchema, uspsReturnServiceLevels } from '../../../shared/api/v2/labels';
import { refuse } from '../errorCodes';
import { GROUND_ADVANTAGE, findCarrier, findLevel } from '../domain/catalog';
import { isQuote, quoteLevel } from '../domain/pricing';
import type { SandboxContext } from '../context';
import type { Reply, SandboxRequest } from '../http/types';
import { jsonBody, parseWith } from '../http/validate';
import type { ShipmentRecord } from '../store/shipments';
import { answer, answerShapes, envelope } from '../answers';
import { insuredValueOf } from './insurance';
import { addressIssueCoder } from './normalize';
import { internationalLevel, quoteInternational } from '../domain/international';
import { commitPurchase, labelUrl, storedLabels, type RenderedLabel } from './purchase';
import { unreadablePurchaseAnswer } from '../unreadableAnswers';
import { applies, quoteInput, ratedShipment } from './rating';

const dollars = (cents: number) => Math.round(cents) / 100;
const RESTRICTED_SIGNATURES = ['usps_signature_restricted', 'usps_adult_signature_restricted'];

/** The shipment record on the wire; label_data and label_qr_code_data are one-to-one with their URLs. */
export function shipmentWire(ctx: SandboxContext, record: ShipmentRecord, duplicate: boolean, labels: readonly RenderedLabel[]): Record<string, unknown> {
  const base = record.api === 'v1' ? ctx.urls.legacy : ctx.urls.base;
  const standard = labels.filter((l) => l.kind === 'label');
  const qr = labels.filter((l) => l.kind === 'qrcode');
  const customs = labels.filter((l) => l.kind === 'customs');
  return {
    shipment_no: record.shipmentNo,
    platform_uk_id: record.platformUkId,
    tracking_no: record.trackingNo,
    carrier_code: record.carrierCode,
    service_level: record.serviceLevel,
    service_name: record.serviceName,
    status: record.status,
    currency: 'USD',
    total_fee: dollars(record.totalFeeCents),
    label_fee: dollars(record.labelFeeCents),
    insurance_fee: dollars(record.insuranceFeeCents),
    insured_value: record.insuredValueCents === null ? null : dollars(record.insuredValueCents),
    delivery_days: record.deliveryDays,
    hazardous_materials: record.detail.hazardousMaterials,
    signature: record.detail.signature ?? null,
    is_return_label: record.detail.isReturnLabel,
    duplicate_label: duplicate,
    label_urls: standard.map((l) => labelUrl(base, l.id)),
    qrcode_urls: qr.map((l) => labelUrl(base, l.id)),
    label_data: standard.map((l) => l.png.toString('base64')),
    label_qr_code_data: qr.map((l) => l.png.toString('base64')),
    // The customs form, under v1's name for the papers that go with an international label.
    ...(customs.length > 0 ? { commercial_invoice_urls: customs.map((l) => labelUrl(base, l.id)), customs_form_data: customs.map((l) => l.png.toString('base64')) } : {}),
    created_at: record.createdAt,
  };
}

/** The idempotency rule: an existing shipment under platform_uk_id is returned as is, with duplicate_label true. */
function duplicateOf(ctx: SandboxContext, platformUkId: string): Reply | undefined {
  const existing = ctx.shipments.byPlatformUkId(platformUkId);
  if (!existing) return undefined;
  ctx.stats.duplicatePurchases += 1;
  return answer(ctx, answerShapes.purchase, shipmentWire(ctx, existing, true, storedLabels(ctx, existing.shipmentNo)));
}

function answerPurchase(ctx: SandboxContext, record: ShipmentRecord, labels: readonly RenderedLabel[]): Reply {
  if (ctx.faults.takeDrop()) {
    ctx.stats.droppedResponses += 1;
    return { drop: true };
  }
  const unreadable = ctx.faults.takeUnreadable();
  const wire = shipmentWire(ctx, record, false, labels);
  // An unreadable answer is the fault itself: it is sent as made, never thinned by the sparse mode.
  return unreadable ? envelope(unreadablePurchaseAnswer(wire, unreadable)) : answer(ctx, answerShapes.purchase, wire);
}

/** POST /api/shipment/create_and_pay */
export function createAndPay(ctx: SandboxContext, req: SandboxRequest): Reply {
  const body = parseWith(createAndPayRequestSchema, jsonBody(req), (path) => (path.startsWith('insurance_data') ? 'insurance_rate_not_found' : undefined));
  const duplicate = duplicateOf(ctx, body.platform_uk_id);
  if (duplicate) return duplicate;
  const rate = ctx.rates.get(body.rate_id);
  if (!rate || rate.api !== 'v2') refuse('rate_not_found', `No rate with rate_id "${body.rate_id}".`);
  if (ctx.rates.isExpired(rate, ctx.now().getTime())) refuse('rate_expired');
  const insured = body.insurance_data ? insuredValueOf(ctx, body.insurance_data.rate_id) : undefined;
  const { record, labels } = commitPurchase(ctx, {
    api: 'v2',
    platformUkId: body.platform_uk_id,
    quote: rate.quote,
    shipment: rate.shipment,
    ...(insured ? { insuredValueCents: insured } : {}),
    hazardousMaterials: rate.shipment.hazardousMaterials ?? false,
    lithiumBattery: rate.shipment.lithiumBattery ?? false,
    labelPrintType: body.label_print_type === 'qrcode' ? 'qrcode' : 'common',
  });
  return answerPurchase(ctx, record, labels);
}

/** POST /api/shipment/direct_buy: carrier_code + service_level, USPS Returns and SWIFTX included. */
export function directBuy(ctx: SandboxContext, req: SandboxRequest): Reply {
  const body = parseWith(directBuyRequestSchema, jsonBody(req), addressIssueCoder);
  const duplicate = duplicateOf(ctx, body.platform_uk_id);
  if (duplicate) return duplicate;
  const carrier = findCarrier(body.carrier_code);
  if (!carrier) refuse('carrier_unknown', `carrier_code "${body.carrier_code}" is not an active carrier.`);
  const level = findLevel(body.service_level) ?? internationalLevel(body.service_level.toUpperCase());
  const isReturnLevel = (uspsReturnServiceLevels as readonly string[]).includes(body.service_level.toUpperCase());
  if (isReturnLevel && carrier.code !== 'USPS') refuse('return_service_requires_usps');
  if (!level || level.carrier !== carrier.code) refuse('service_level_unknown', `service_level "${body.service_level}" is not a ${carrier.code} service level.`);
  const lithium = body.option_data?.is_lithium_battery ?? false;
  const hazmat = lithium || (body.option_data?.hazardous_materials ?? false);
  if (lithium && level.level !== GROUND_ADVANTAGE) refuse('lithium_battery_service_not_allowed', `Lithium batteries ship only with ${GROUND_ADVANTAGE}; got ${level.level}.`);
  if (hazmat && level.level !== GROUND_ADVANTAGE) refuse('hazmat_service_not_allowed', `Hazardous materials ship only with ${GROUND_ADVANTAGE}; got ${level.level}.`);
  if (body.return_address_data && carrier.code !== 'USPS') refuse('return_address_usps_only');
  const signature = body.option_data?.signature;
  if (signature && RESTRICTED_SIGNATURES.includes(signature) && carrier.code !== 'USPS') {
    refuse('signature_not_supported', `${signature} (restricted delivery) is a USPS option.`);
  }
  const shipment = { ...ratedShipment(body, ctx.now()), isReturnLabel: (body.is_return_label ?? false) || isReturnLevel };
  const abroad = shipment.from.country !== shipment.to.country;
  const international = internationalLevel(level.level);
  if (abroad !== (international !== undefined)) refuse('service_level_not_international', `${level.name} does not ship ${abroad ? 'outside the origin country' : 'within one country'}.`);
  if (!abroad && !applies(level, shipment)) refuse('service_level_not_offered', `${level.name} is not offered for this package or address.`);
  const quote = international ? quoteInternational(international, shipment.to.country, shipment.weightOz) : quoteLevel(level, quoteInput(shipment));
  if (!isQuote(quote)) refuse(quote.code, quote.msg);
  const { record, labels } = commitPurchase(ctx, {
    api: 'v2',
    platformUkId: body.platform_uk_id,
    quote,
    shipment,
    hazardousMaterials: hazmat,
    lithiumBattery: lithium,
    labelPrintType: body.label_print_type === 'qrcode' ? 'qrcode' : 'common',
  });
  return answerPurchase(ctx, record, labels);
}
