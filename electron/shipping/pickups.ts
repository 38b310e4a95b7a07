import type { PickupRecord } from '../../shared/api/v2';
import type { CommandArgs } from '../../shared/contract';
import { fail, StationFailure } from '../../shared/contract/errors';
import type { Pickup, PickupCandidate } from '../../shared/contract/shippingTypes';
import { defaultPickupDate, isPastPickupDate } from '../../shared/domain/pickupDate';
import { isOutcomeUnknown } from '../api/failures';
import type { PickupRow } from '../store/pickupsRepo';
import { startOfLocalDay, type ShippingDeps } from './deps';
import { toWireAddress } from './wireMap';

const fromRow = (r: PickupRow): Pickup => ({
  pickupNo: r.pickup_no,
  confirmationNumber: r.confirmation_number,
  pickupDate: r.pickup_date,
  status: r.status,
  carrierCode: r.carrier_code,
  packageCount: r.package_count,
  totalWeight: r.total_weight,
  trackingNos: JSON.parse(r.tracking_nos_json) as string[],
  createdAt: r.created_at,
});

const fromRecord = (r: PickupRecord): Pickup => ({
  pickupNo: r.pickup_no,
  confirmationNumber: r.confirmation_number ?? null,
  pickupDate: r.pickup_date ?? null,
  status: r.status ?? 'CONFIRMED',
  carrierCode: r.carrier_code ?? 'USPS',
  packageCount: r.package_total_num ?? null,
  totalWeight: r.package_total_weight ?? null,
  trackingNos: r.tracking_nos ?? [],
  createdAt: r.created_at ?? null,
});

/** USPS carrier pickups: from today's USPS labels, never booked twice when an answer is lost. */
export function createPickupsService(deps: ShippingDeps) {
  function todaysUsps(): PickupCandidate[] {
    const picked = deps.pickups.pickedTrackingNos();
    return deps.shipments
      .uspsBoughtSince(startOfLocalDay(deps.ctx.now()))
      .filter((r) => r.tracking_no)
      .map((r) => {
        const already = picked.has(r.tracking_no as string);
        const isReturn = r.is_return === 1;
        return {
          shipmentId: r.id,
          trackingNo: r.tracking_no as string,
          recipientName: r.recipient_name,
          serviceName: r.service_name,
          picked: already,
          isReturn,
          selectedByDefault: !already && !isReturn,
        };
      });
  }

  function remember(p: Pickup, result: unknown): Pickup {
    deps.pickups.upsert({
      pickupNo: p.pickupNo,
      confirmationNumber: p.confirmationNumber,
      pickupDate: p.pickupDate,
      status: p.status,
      carrierCode: p.carrierCode,
      packageCount: p.packageCount,
      totalWeight: p.totalWeight,
      trackingNos: p.trackingNos,
      result,
    });
    return fromRow(deps.pickups.get(p.pickupNo) as PickupRow);
  }

  /** After a lost answer: the newest confirmed pickup holding these tracking numbers, if the service booked it. */
  async function findBooked(trackingNos: readonly string[]): Promise<Pickup | undefined> {
    try {
      const list = await (await deps.v2()).pickupList({ status: 'CONFIRMED', carrier_code: 'USPS', page: 1, page_size: 50, order_by: false });
      const record = list.pickup_data_list.find((r) => trackingNos.every((t) => r.tracking_nos?.includes(t)));
      return record ? fromRecord(record) : undefined;
    } catch {
      return undefined;
    }
  }

  async function schedule(args: CommandArgs<'pickups.schedule'>): Promise<Pickup> {
    if (args.pickupDate && isPastPickupDate(args.pickupDate, deps.ctx.now())) {
      fail('invalid_input', `${args.pickupDate} has passed. Pick today or a later day for the pickup (the carrier's calendar is Los Angeles time).`, { field: 'pickupDate' });
    }
    const v2 = await deps.v2();
    const location = args.pickupAddress ?? deps.settings.get().shipFrom ?? undefined;
    try {
      const r = await v2.pickupAdd({
        ...(args.pickupDate ? { pickup_date: args.pickupDate } : {}),
        ...(location ? { pickup_location: toWireAddress(location) } : {}),
        package_location: args.packageLocation,
        ...(args.packageLocationText ? { package_location_ext: args.packageLocationText } : {}),
        carrier_code: 'USPS',
        tracking_nos: args.trackingNos,
      });
      const pickup = remember(
        {
          pickupNo: r.pickup_no,
          confirmationNumber: r.confirmation_number ?? null,
          pickupDate: r.pickup_date ?? args.pickupDate ?? null,
          status: 'CONFIRMED',
          carrierCode: r.carrier_code ?? 'USPS',
          packageCount: r.package_total_num ?? args.trackingNos.length,
          totalWeight: r.package_total_weight ?? null,
          trackingNos: args.trackingNos,
          createdAt: null,
        },
        r,
      );
      deps.ctx.emit('station.changed', { topics: ['pickups'] });
      return pickup;
    } catch (error) {
      if (error instanceof StationFailure && (isOutcomeUnknown(error.error) || error.error.code === 'service_unavailable')) {
        const booked = await findBooked(args.trackingNos);
        if (booked) {
          deps.ctx.emit('station.changed', { topics: ['pickups'] });
          return remember({ ...booked, trackingNos: args.trackingNos }, booked);
        }
      }
      throw error;
    }
  }

  async function cancel(pickupNo: string): Promise<Pickup> {
    const local = deps.pickups.get(pickupNo);
    if (local?.status === 'CANCELED') fail('conflict', 'This pickup is already canceled; a canceled pickup cannot be changed.', { field: 'pickupNo' });
    try {
      await (await deps.v2()).pickupCancel(pickupNo);
    } catch (error) {
      if (!(error instanceof StationFailure) || error.error.serviceCode !== 'pickup_already_canceled') throw error;
    }
    if (local) deps.pickups.setStatus(pickupNo, 'CANCELED');
    else remember({ pickupNo, confirmationNumber: null, pickupDate: null, status: 'CANCELED', carrierCode: 'USPS', packageCount: null, totalWeight: null, trackingNos: [], createdAt: null }, null);
    deps.ctx.emit('station.changed', { topics: ['pickups'] });
    return fromRow(deps.pickups.get(pickupNo) as PickupRow);
  }

  async function list(args: CommandArgs<'pickups.list'>): Promise<{ pickups: Pickup[]; total: number }> {
    const r = await (await deps.v2()).pickupList({
      ...(args.confirmationNumber ? { confirmation_number: args.confirmationNumber } : {}),
      ...(args.status ? { status: args.status } : {}),
      carrier_code: 'USPS',
      page: args.page,
      page_size: args.pageSize,
      order_by: args.oldestFirst,
    });
    const pickups = r.pickup_data_list.map(fromRecord);
    for (const p of pickups) remember(p, null);
    return { pickups, total: r.total_count ?? pickups.length };
  }

  return {
    candidates: todaysUsps,
    schedule,
    cancel,
    list,
    locations: async () => [...(await (await deps.v2()).pickupLocations())],
    defaultDate: () => defaultPickupDate(deps.ctx.now()),
  };
}
