import { PACKAGE_LOCATION_EXT_MAX, packageLocations, pickupAddSchema, pickupCancelSchema, pickupListSchema } from '../schemas/v2/other';
import { parseRequest } from '../schemas/parse';
import { addDays, calendarDate, defaultPickupDate, PICKUP_TIME_ZONE } from '../../../shared/domain/pickupDate';
import { refuse } from '../errorCodes';
import type { SandboxContext } from '../context';
import type { Reply, SandboxRequest } from '../http/types';
import { jsonBody, queryObject, type IssueCoder } from '../http/validate';
import type { PickupRecord } from '../store/pickups';
import { answer, answerShapes } from '../answers';
import { isCalendarDate } from './normalize';

const pickupIssue: IssueCoder = (path, code) => {
  if (path.startsWith('package_location_ext')) return code === 'too_big' ? 'pickup_location_ext_too_long' : 'invalid_parameter';
  if (path.startsWith('package_location')) return code === 'invalid_type' && path === 'package_location' ? 'pickup_package_location_required' : 'pickup_package_location_invalid';
  if (path.startsWith('carrier_code')) return 'pickup_carrier_invalid';
  if (path.startsWith('tracking_nos')) return 'pickup_tracking_nos_required';
  if (path.startsWith('pickup_date')) return 'pickup_date_invalid';
  if (path.startsWith('pickup_location')) return 'pickup_location_invalid';
  return undefined;
};

/** POST /api/shipment/pickup/add */
export function addPickup(ctx: SandboxContext, req: SandboxRequest): Reply {
  const raw = jsonBody(req);
  const record = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  if (Array.isArray(record.package_location) && record.package_location.length === 0) refuse('pickup_package_location_required');
  const body = parseRequest(ctx, req, pickupAddSchema, raw, pickupIssue);
  if (body.package_location.includes('other') && !body.package_location_ext?.trim()) refuse('pickup_location_ext_required');
  if ((body.package_location_ext?.length ?? 0) > PACKAGE_LOCATION_EXT_MAX) refuse('pickup_location_ext_too_long');
  const now = ctx.now();
  const today = calendarDate(now, PICKUP_TIME_ZONE);
  const pickupDate = body.pickup_date ?? defaultPickupDate(now);
  if (!isCalendarDate(pickupDate) || pickupDate <= today || pickupDate > addDays(today, 30)) {
    refuse('pickup_date_invalid', `pickup_date ${pickupDate} must be after today (${today}, Los Angeles) and within 30 days.`);
  }
  let weightOz = 0;
  const trackingNos = [...new Set(body.tracking_nos.map((t) => t.trim()))];
  for (const trackingNo of trackingNos) {
    const shipment = ctx.shipments.byTrackingNo(trackingNo);
    if (!shipment) refuse('pickup_tracking_no_not_found', `Tracking number ${trackingNo} is not a shipment of this account.`);
    if (shipment.carrierCode !== 'USPS') refuse('pickup_tracking_no_not_usps', `Tracking number ${trackingNo} is a ${shipment.carrierCode} shipment.`);
    if (shipment.status === 'voided') refuse('pickup_tracking_no_voided', `Tracking number ${trackingNo} was voided.`);
    weightOz += shipment.weightOz;
  }
  const seq = ctx.meta.next('pickup', 500_000);
  const pickup: PickupRecord = {
    // Digits, as the documented example (10000000000) shows it.
    pickupNo: String(10_000_000_000 + seq),
    confirmationNumber: `WTC${String((seq * 7_919) % 100_000_000).padStart(8, '0')}`,
    status: 'CONFIRMED',
    carrierCode: 'USPS',
    pickupDate,
    packageLocation: body.package_location,
    packageLocationExt: body.package_location_ext ?? null,
    pickupLocation: body.pickup_location ?? null,
    trackingNos,
    packageTotalNum: trackingNos.length,
    packageTotalWeight: Math.round((weightOz / 16) * 100) / 100,
    createdAt: now.toISOString(),
    canceledAt: null,
  };
  ctx.pickups.insert(pickup);
  return answer(ctx, answerShapes.pickupAdd, {
    pickup_no: pickup.pickupNo,
    pickup_date: pickup.pickupDate,
    package_total_num: pickup.packageTotalNum,
    package_total_weight: pickup.packageTotalWeight,
    carrier_code: 'USPS',
    carrier_name: 'USPS',
    confirmation_number: pickup.confirmationNumber,
  });
}

/** POST /api/shipment/pickup/cancel: CONFIRMED -> CANCELED; a canceled pickup cannot be cancelled again. */
export function cancelPickup(ctx: SandboxContext, req: SandboxRequest): Reply {
  const body = parseRequest(ctx, req, pickupCancelSchema, jsonBody(req));
  const pickup = ctx.pickups.get(body.pickup_no);
  if (!pickup) refuse('pickup_not_found', `No pickup ${body.pickup_no}.`);
  if (pickup.status === 'CANCELED' || !ctx.pickups.cancel(pickup.pickupNo, ctx.now().toISOString())) {
    refuse('pickup_already_canceled', `Pickup ${pickup.pickupNo} is already canceled.`);
  }
  return answer(ctx, answerShapes.pickupCancel, {});
}

function pickupWire(p: PickupRecord): Record<string, unknown> {
  return {
    pickup_no: p.pickupNo,
    confirmation_number: p.confirmationNumber,
    status: p.status,
    carrier_code: p.carrierCode,
    carrier_name: 'USPS',
    pickup_date: p.pickupDate,
    package_location: p.packageLocation,
    package_location_ext: p.packageLocationExt,
    pickup_location: p.pickupLocation,
    tracking_nos: p.trackingNos,
    package_total_num: p.packageTotalNum,
    package_total_weight: p.packageTotalWeight,
    created_at: p.createdAt,
    canceled_at: p.canceledAt,
  };
}

/** GET /api/shipment/pickup/list: filters, pages from 1 (page_size 50 by default), order_by required. */
export function listPickups(ctx: SandboxContext, req: SandboxRequest): Reply {
  if (!req.query.has('order_by')) refuse('pickup_order_by_required');
  const query = parseRequest(
    ctx,
    req,
    pickupListSchema,
    queryObject(req.query, { page: 'number', page_size: 'number', order_by: 'boolean' }),
    (path) => (path === 'order_by' ? 'pickup_order_by_required' : path === 'status' ? 'pickup_status_invalid' : path === 'carrier_code' ? 'pickup_carrier_invalid' : path.startsWith('page') ? 'pickup_page_invalid' : undefined),
  );
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? 50;
  const { items, total } = ctx.pickups.list({
    ...(query.confirmation_number ? { confirmationNumber: query.confirmation_number } : {}),
    ...(query.status ? { status: query.status } : {}),
    ...(query.carrier_code ? { carrierCode: query.carrier_code } : {}),
    oldestFirst: query.order_by,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return answer(ctx, answerShapes.pickupList, { pickup_data_list: items.map(pickupWire), total_count: total });
}

/** GET /api/shipment/pickup/package/location/list */
export function packageLocationList(ctx: SandboxContext): Reply {
  return answer(ctx, answerShapes.packageLocations, [...packageLocations]);
}
