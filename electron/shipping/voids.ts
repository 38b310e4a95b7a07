import { fail, StationFailure } from '../../shared/contract/errors';
import type { Shipment } from '../../shared/contract/shippingTypes';
import { isOutcomeUnknown } from '../api/failures';
import { isLegacyShipment, type ShipmentRow } from '../store/shipmentsRepo';
import type { ShippingDeps } from './deps';
import { describeBackend } from '../backend/identity';
import { backendIdOf } from './ports';
import { trackingCarrierOf } from './tracking';
import { toShipment } from '../store/shipmentRecord';

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : 'an earlier day');

/** The legacy v1 void, with its own read-back; it marks the station's row voided itself. */
export type LegacyVoid = (trackingNo: string) => Promise<unknown>;

/**
 * Voids a bought label, through the API that sold it. A void is never
 * repeated blindly: when its answer is lost, the station reads the tracking
 * status back before saying anything.
 */
export function createVoidService(deps: ShippingDeps, voidLegacy: LegacyVoid) {
  function find(ref: string): ShipmentRow {
    const row = deps.shipments.findByRef(ref);
    if (!row) fail('not_found', `No label on this station matches "${ref.trim()}". Scan the tracking number from the label.`, { field: 'ref' });
    return row;
  }

  async function readBackVoided(row: ShipmentRow): Promise<boolean> {
    const v2 = await deps.v2();
    try {
      const carrier = row.carrier_code ? trackingCarrierOf(row.carrier_code) : null;
      if (row.tracking_no && carrier) {
        const record = await v2.trackingByTrackingNo({ tracking_no: row.tracking_no, carrier_code: carrier });
        return record.status === 'voided';
      }
      return (await v2.trackingByPlatformUkId(row.platform_uk_id)).status === 'voided';
    } catch {
      return false;
    }
  }

  function markVoided(row: ShipmentRow): Shipment {
    deps.shipments.markVoided(row.id);
    void deps.claims.voided(row.platform_uk_id);
    deps.ctx.emit('station.changed', { topics: ['shipments'] });
    return toShipment(deps.shipments.get(row.id) as ShipmentRow);
  }

  async function voidLabel(ref: string): Promise<Shipment> {
    const row = find(ref);
    if (row.state === 'voided') fail('conflict', `This label was already voided on ${day(row.voided_at)}. Nothing more to do; no second refund is made.`, { field: 'ref' });
    if (row.state !== 'bought') fail('conflict', 'This package has no bought label to void (the purchase did not complete).', { field: 'ref' });
    const clients = await deps.backend.clients();
    if (row.backend_id !== null && row.backend_id !== backendIdOf(clients)) {
      fail('conflict', `This label was bought from ${describeBackend(row.backend_id)}; switch the station to it to void the label.`, { field: 'ref' });
    }
    if (isLegacyShipment(row)) {
      if (!row.tracking_no) fail('conflict', 'This legacy (v1) label has no tracking number on record, so it cannot be voided from here.', { field: 'ref' });
      await voidLegacy(row.tracking_no);
      return toShipment(deps.shipments.get(row.id) as ShipmentRow);
    }
    const { v2 } = clients;
    try {
      await v2.voidLabel({ platform_uk_id: row.platform_uk_id });
    } catch (error) {
      if (!(error instanceof StationFailure)) throw error;
      if (error.error.serviceCode === 'shipment_already_voided') return markVoided(row);
      if ((isOutcomeUnknown(error.error) || error.error.code === 'service_unavailable' || error.error.code === 'timeout') && (await readBackVoided(row))) {
        return markVoided(row);
      }
      throw error;
    }
    return markVoided(row);
  }

  return { voidLabel, find };
}
