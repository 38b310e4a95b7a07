import { refuse } from '../errorCodes';
import type { SandboxContext } from '../context';
import type { Reply, SandboxRequest } from '../http/types';
import { jsonBody, queryObject } from '../http/validate';
import { parseRequest, v1Forms } from '../schemas/parse';
import { getApiShipmentsGetQuery, postApiShipmentsVoidBody } from '../schemas/v1/openapi';
import { labelUrl, storedLabels } from '../v2/purchase';
import { voidShipment } from '../v2/void';

/** POST /api/shipments/void {tracking_code} */
export function voidByTrackingCode(ctx: SandboxContext, req: SandboxRequest): Reply {
  const body = parseRequest(ctx, req, v1Forms(postApiShipmentsVoidBody), jsonBody(req), (path) => (path === 'tracking_code' ? 'tracking_no_required' : undefined));
  const shipment = ctx.shipments.byTrackingNo(body.tracking_code);
  if (!shipment) refuse('shipment_not_found', `No shipment with tracking code ${body.tracking_code}.`);
  voidShipment(ctx, shipment);
  return { json: { tracking_code: shipment.trackingNo } };
}

/** GET /api/shipments/get?store_name=&order_number= : only orders with a purchased label. */
export function orderLabels(ctx: SandboxContext, req: SandboxRequest): Reply {
  const query = parseRequest(ctx, req, v1Forms(getApiShipmentsGetQuery), queryObject(req.query));
  if (!ctx.orders.get(query.store_name, query.order_number)) refuse('order_not_found');
  const shipments = ctx.shipments.forOrder(query.store_name, query.order_number);
  if (shipments.length === 0) refuse('order_has_no_label', `Order ${query.order_number} has no purchased label.`);
  return {
    json: shipments.map((s) => ({
      packing_slip_number: s.detail.v1?.packingSlipNumber ?? null,
      carrier: s.carrierCode,
      predefined_package: s.detail.packageType === 'my_package' ? '' : s.detail.packageType,
      service_level: s.serviceLevel.toLowerCase(),
      tracking_code: s.trackingNo,
      length: s.detail.dims[0],
      width: s.detail.dims[1],
      height: s.detail.dims[2],
      weight: Math.round((s.weightOz / 16) * 100) / 100,
      rate: s.labelFeeCents / 100,
      service_fee: (s.detail.v1?.serviceFeeCents ?? 0) / 100,
      label_width: 4,
      label_height: 6,
      label_urls: storedLabels(ctx, s.shipmentNo)
        .filter((l) => l.kind === 'label')
        .map((l) => labelUrl(s.api === 'v1' ? ctx.urls.legacy : ctx.urls.base, l.id)),
      commercial_invoice_urls: null,
      label_status: s.status === 'voided' ? 'voided' : 'completed',
    })),
  };
}
