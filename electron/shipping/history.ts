import type { CommandArgs } from '../../shared/contract';
import { fail, StationFailure } from '../../shared/contract/errors';
import type { LabelImage, PurchaseResult, Shipment } from '../../shared/contract/shippingTypes';
import type { ShipmentRow } from '../store/shipmentsRepo';
import type { ShippingDeps } from './deps';
import { createCustomsForms } from './customsForms';
import { createLabelImages } from './labelImages';
import { toShipment } from '../store/shipmentRecord';

/** History search, stored label images and reprints: none of them touch the network once the images are stored. */
export function createHistoryService(deps: ShippingDeps) {
  const images = createLabelImages(deps);
  const forms = createCustomsForms(deps);
  /**
   * In a warehouse, the first page of a search first keeps here every bench's labels that match it, so the list,
   * its paging and reprints all read this bench's store. While the database is away the list is this bench's own,
   * and says so.
   */
  async function search(args: CommandArgs<'history.search'>): Promise<{ shipments: Shipment[]; partial?: string }> {
    let partial: string | undefined;
    if (deps.sharedHistory && args.beforeId === undefined) {
      try {
        for (const { platformUkId, voided } of await deps.sharedHistory.search(args.query, args.limit)) {
          const held = deps.shipments.findByRef(platformUkId);
          // A label voided at another bench after this one kept it shows voided here too.
          if (held?.state === 'bought' && voided) deps.shipments.markVoided(held.id);
          if (held) continue;
          const shared = await deps.claims.find(platformUkId);
          if (shared) deps.shipments.adoptShared(shared);
        }
      } catch (error) {
        if (!(error instanceof StationFailure)) throw error;
        partial = error.error.message;
      }
    }
    const shipments = deps.search({ query: args.query, state: args.state, limit: args.limit, beforeId: args.beforeId }).map(toShipment);
    return partial === undefined ? { shipments } : { shipments, partial };
  }

  function shipment(id: number): ShipmentRow {
    const row = deps.shipments.get(id);
    if (!row) fail('not_found', 'That shipment is not on this station', { field: 'shipmentId' });
    return row;
  }

  async function label(args: CommandArgs<'history.label'>): Promise<LabelImage> {
    await images.fetchMissing(shipment(args.shipmentId));
    const stored = deps.labels.get(args.shipmentId, args.kind, args.index);
    if (!stored) fail('not_found', args.kind === 'qrcode' ? 'This shipment has no QR-code label' : 'No label image is stored for this shipment', { field: 'shipmentId' });
    return { shipmentId: args.shipmentId, kind: args.kind, index: args.index, pngBase64: Buffer.from(stored.png).toString('base64') };
  }

  /** The stored customs forms, to open or save (a PDF form is also printed from a PDF viewer when the label printer cannot take it). */
  async function customsForms(args: CommandArgs<'history.customsForms'>): Promise<PurchaseResult['customsForms']> {
    const row = shipment(args.shipmentId);
    await forms.collect(row);
    return deps.customsForms.list(row.id).map((f) => ({ mime: f.mime, base64: Buffer.from(f.bytes).toString('base64') }));
  }

  async function reprint(args: CommandArgs<'history.reprint'>): Promise<{ jobIds: string[] }> {
    const row = shipment(args.shipmentId);
    if (row.state === 'voided') fail('conflict', 'This label was voided; printing it again would ship on a cancelled label.', { field: 'shipmentId' });
    await images.fetchMissing(row);
    await forms.collect(row);
    const title = `Reprint ${row.tracking_no ?? row.platform_uk_id}`;
    const reference = row.shipment_no ?? row.platform_uk_id;
    const jobIds: string[] = [];
    if (args.kind === 'customs') {
      const pngs = await forms.printable(row);
      if (pngs.length === 0) fail('not_found', 'No customs form is stored for this shipment', { field: 'shipmentId' });
      for (const png of pngs) jobIds.push((await deps.print.enqueue({ png, title: `Customs form ${title}`, reference, kind: 'label' })).jobId);
      return { jobIds };
    }
    const labels = deps.labels.list(row.id, args.kind);
    if (labels.length === 0) fail('not_found', 'No label image is stored for this shipment', { field: 'shipmentId' });
    for (const l of labels) jobIds.push((await deps.print.enqueue({ png: new Uint8Array(l.png), title, reference, kind: args.kind })).jobId);
    // A reprinted label of an international package needs its customs forms again too.
    if (args.kind === 'label') for (const png of await forms.printable(row)) jobIds.push((await deps.print.enqueue({ png, title: `Customs form ${title}`, reference, kind: 'label' })).jobId);
    // A bench that prints a slip with every label prints it with a reprint too; on demand, History and Alt+P offer it.
    if (args.kind === 'label' && deps.slips) void deps.slips.afterLabel(row);
    return { jobIds };
  }

  /** A shipment of this bench, else (warehouse mode) one another bench bought, kept here from then on so it reprints offline. */
  async function find(ref: string): Promise<Shipment> {
    const local = deps.shipments.findByRef(ref);
    if (local) return toShipment(local);
    const shared = await deps.claims.find(ref);
    if (!shared) fail('not_found', `No shipment on this station${deps.claims.where === 'this bench' ? '' : ' or in the warehouse'} matches "${ref.trim()}"`, { field: 'ref' });
    return toShipment(deps.shipments.adoptShared(shared));
  }

  /** An order's labels, so Tracking and Void take an order number: one label is the answer, several are the operator's pick. */
  function ofOrder(orderNumber: string): { shipments: Shipment[] } {
    return { shipments: deps.shipments.labelsOfOrder(orderNumber).map(toShipment) };
  }

  return { search, label, customsForms, reprint, find, ofOrder };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
