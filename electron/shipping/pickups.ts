import type { PickupRecord } from '../../shared/api/v2';
import type { CommandArgs } from '../../shared/contract';
import { fail, StationFailure } from '../../shared/contract/errors';
import type { Pickup, PickupCandidate } from '../../shared/contract/shippingTypes';
import { defaultPickupDate, isPastPickupDate } from '../../shared/domain/pickupDate';
import { isOutcomeUnknown } from '../api/failures';
import { pickupOfRow, type PickupRow } from '../store/pickupsRepo';
import { startOfLocalDay, type ShippingDeps } from './deps';
import { keepOthersLabel } from './othersLabels';
import { backendIdOf } from './ports';
import { toWireAddress } from './wireMap';

/**
 * A pickup as the service lists it. The list item's fields are not
 * documented (assumptions: pickup-answers) and may carry only the pickup
 * number: what the answer leaves out comes from what a bench stored when it
 * booked the pickup, and what the answer has wins.
 */
const fromRecord = (r: PickupRecord, stored?: Pickup): Pickup => ({
  pickupNo: r.pickup_no,
  confirmationNumber: r.confirmation_number ?? stored?.confirmationNumber ?? null,
  pickupDate: r.pickup_date ?? stored?.pickupDate ?? null,
  status: r.status ?? stored?.status ?? 'CONFIRMED',
  carrierCode: r.carrier_code ?? stored?.carrierCode ?? 'USPS',
  packageCount: r.package_total_num ?? stored?.packageCount ?? null,
  totalWeight: r.package_total_weight ?? stored?.totalWeight ?? null,
  trackingNos: r.tracking_nos?.length ? r.tracking_nos : (stored?.trackingNos ?? []),
  createdAt: r.created_at ?? stored?.createdAt ?? null,
});

/** USPS carrier pickups: from today's USPS labels (in a warehouse, every bench's), never booked twice when an answer is lost. */
export function createPickupsService(deps: ShippingDeps) {
  const shared = deps.sharedPickups;

  /**
   * Today's USPS labels, each saying whether a confirmed pickup holds it. In
   * a warehouse, other benches' labels are offered too (and kept here from
   * then on), and "picked" is what every bench booked or canceled.
   */
  async function candidates(): Promise<PickupCandidate[]> {
    const since = startOfLocalDay(deps.ctx.now());
    const labels = deps.shipments
      .uspsBoughtSince(since)
      .filter((r) => r.tracking_no)
      .map((r) => ({ shipmentId: r.id, trackingNo: r.tracking_no as string, recipientName: r.recipient_name, serviceName: r.service_name, isReturn: r.is_return === 1 }));
    let picked = deps.pickups.pickedTrackingNos();
    if (shared) {
      const backendId = backendIdOf(await deps.backend.clients());
      const [others, pickedAnywhere] = await Promise.all([shared.todaysLabels(backendId, since), shared.picked()]);
      picked = pickedAnywhere;
      const seen = new Set(labels.map((l) => l.trackingNo));
      for (const label of others) {
        if (seen.has(label.trackingNo) || deps.shipments.findByRef(label.trackingNo)) continue;
        const kept = await keepOthersLabel(deps, label.platformUkId);
        if (kept) labels.push({ shipmentId: kept.id, trackingNo: label.trackingNo, recipientName: label.recipientName, serviceName: label.serviceName, isReturn: label.isReturn });
      }
    }
    return labels.map((l) => {
      const already = picked.has(l.trackingNo);
      return { ...l, picked: already, selectedByDefault: !already && !l.isReturn };
    });
  }

  /** A pickup as this bench now holds it, for the other benches: sent at once, or kept here while the database is away. */
  async function share(p: Pickup): Promise<void> {
    await shared?.record(p.pickupNo);
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
    return pickupOfRow(deps.pickups.get(p.pickupNo) as PickupRow);
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
    // A pickup booked while the warehouse database is away would be unknown to every other bench.
    await shared?.beforeBooking();
    const v2 = await deps.v2();
    const location = args.pickupAddress ?? (await deps.settings.current()).shipFrom ?? undefined;
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
      await share(pickup);
      deps.ctx.emit('station.changed', { topics: ['pickups'] });
      return pickup;
    } catch (error) {
      if (error instanceof StationFailure && (isOutcomeUnknown(error.error) || error.error.code === 'service_unavailable')) {
        const booked = await findBooked(args.trackingNos);
        if (booked) {
          const pickup = remember({ ...booked, trackingNos: args.trackingNos }, booked);
          await share(pickup);
          deps.ctx.emit('station.changed', { topics: ['pickups'] });
          return pickup;
        }
      }
      throw error;
    }
  }

  /** Any bench's pickup (a warehouse's database knows who booked it); canceled once, and every bench sees it canceled. */
  async function cancel(pickupNo: string): Promise<Pickup> {
    const local = deps.pickups.get(pickupNo);
    // While the database is away the service still answers for the pickup; the cancel is kept on this bench and reaches the other benches once the database is back.
    const there = shared ? await shared.get(pickupNo).catch(() => undefined) : undefined;
    if (there?.status === 'CANCELED') {
      fail('conflict', `This pickup was already canceled at bench ${there.bench}; a canceled pickup cannot be changed.`, { field: 'pickupNo' });
    }
    if (local?.status === 'CANCELED' && !there) fail('conflict', 'This pickup is already canceled; a canceled pickup cannot be changed.', { field: 'pickupNo' });
    try {
      await (await deps.v2()).pickupCancel(pickupNo);
    } catch (error) {
      if (!(error instanceof StationFailure) || error.error.serviceCode !== 'pickup_already_canceled') throw error;
    }
    const known: Pickup = there ?? (local ? pickupOfRow(local) : { pickupNo, confirmationNumber: null, pickupDate: null, status: 'CANCELED', carrierCode: 'USPS', packageCount: null, totalWeight: null, trackingNos: [], createdAt: null });
    const canceled = remember({ ...known, status: 'CANCELED' }, null);
    await share(canceled);
    deps.ctx.emit('station.changed', { topics: ['pickups'] });
    return canceled;
  }

  /**
   * What was stored of a pickup when it was booked: this bench's record, else
   * (warehouse) the bench's that booked it; none while the database is away.
   */
  async function stored(pickupNo: string): Promise<Pickup | undefined> {
    const local = deps.pickups.get(pickupNo);
    if (local && local.tracking_nos_json !== '[]') return pickupOfRow(local);
    const there = shared ? await shared.get(pickupNo).catch(() => undefined) : undefined;
    return there ?? (local ? pickupOfRow(local) : undefined);
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
    const pickups: Pickup[] = [];
    for (const record of r.pickup_data_list) pickups.push(fromRecord(record, await stored(record.pickup_no)));
    for (const p of pickups) remember(p, null);
    // The service's list is the account's truth: it brings the warehouse's record of each pickup up to date.
    for (const p of pickups) await share(p);
    return { pickups, total: r.total_count ?? pickups.length };
  }

  return {
    candidates,
    schedule,
    cancel,
    list,
    locations: async () => [...(await (await deps.v2()).pickupLocations())],
    defaultDate: () => defaultPickupDate(deps.ctx.now()),
  };
}
