import { refuse } from '../errorCodes';
import type { SandboxContext } from '../context';
import type { Reply, SandboxRequest } from '../http/types';
import { jsonBody } from '../http/validate';
import { parseRequest } from '../schemas/parse';
import { voidLabelSchema } from '../schemas/v2/shipment';
import type { ShipmentRecord } from '../store/shipments';
import { answer, answerShapes } from '../answers';

/** Voids a purchased label: refunds it, unless voided already or on a SCAN form. Shared with v1. */
export function voidShipment(ctx: SandboxContext, shipment: ShipmentRecord): ShipmentRecord {
  if (shipment.status === 'voided') refuse('shipment_already_voided', `Shipment ${shipment.shipmentNo} was voided at ${shipment.voidedAt ?? 'an earlier time'}.`);
  if (shipment.scanFormNo) refuse('shipment_on_scan_form', `Shipment ${shipment.shipmentNo} is on SCAN form ${shipment.scanFormNo} and can no longer be voided.`);
  const at = ctx.now().toISOString();
  ctx.db.transaction(() => {
    if (!ctx.shipments.markVoided(shipment.shipmentNo, at)) refuse('shipment_already_voided');
    ctx.ledger.credit(shipment.totalFeeCents, shipment.shipmentNo, at);
  })();
  ctx.stats.labelsVoided += 1;
  return { ...shipment, status: 'voided', voidedAt: at };
}

/** POST /api/shipment/void_label: exactly one of shipment_no or platform_uk_id. */
export function voidLabel(ctx: SandboxContext, req: SandboxRequest): Reply {
  const body = parseRequest(ctx, req, voidLabelSchema, jsonBody(req));
  if (body.shipment_no && body.platform_uk_id) refuse('void_identifier_conflict');
  if (!body.shipment_no && !body.platform_uk_id) refuse('void_identifier_missing');
  const shipment = body.shipment_no ? ctx.shipments.byShipmentNo(body.shipment_no) : ctx.shipments.byPlatformUkId(body.platform_uk_id as string);
  if (!shipment) refuse('shipment_not_found', body.shipment_no ? `No shipment ${body.shipment_no}.` : `No shipment with platform_uk_id ${body.platform_uk_id}.`);
  const voided = voidShipment(ctx, shipment);
  return answer(ctx, answerShapes.voidLabel, {
    shipment_no: voided.shipmentNo,
    platform_uk_id: voided.platformUkId,
    tracking_no: voided.trackingNo,
    status: 'voided',
    refund_amount: Math.round(voided.totalFeeCents) / 100,
    currency: 'USD',
    voided_at: voided.voidedAt,
  });
}
