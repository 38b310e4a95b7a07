import { StationFailure } from '../../shared/contract/errors';
import { isLegacyShipment, type ShipmentRow } from '../store/shipmentsRepo';
import type { ShippingDeps } from './deps';
import { createLabelImages } from './labelImages';
import type { PrintPort } from './ports';

export interface PrintAfterBuyDeps extends Pick<ShippingDeps, 'ctx' | 'labels' | 'shipments'> {
  /** The packing slip that follows the label on a bench that prints one with every label. */
  readonly slips?: ShippingDeps['slips'];
  /** Absent when no printer service runs (the v1 desk without one). */
  readonly print: PrintPort | undefined;
  readonly customsForms: { collect(row: ShipmentRow): Promise<void>; printable(row: ShipmentRow): Promise<Uint8Array[]> };
}

/**
 * The print after a v2 or v1 Buy: the stored label (fetched first if missing),
 * then its customs forms, so they leave the bench together; the bytes are
 * stored already, so a failed print loses nothing (History reprints offline).
 */
export function createPrintAfterBuy(deps: PrintAfterBuyDeps, fetchBytes?: (url: string) => Promise<Uint8Array>) {
  const { ctx } = deps;
  const images = createLabelImages(deps, fetchBytes);
  const progress = (row: ShipmentRow, stage: 'printing' | 'sentToPrinter' | 'printed' | 'failed', message?: string) =>
    ctx.emit('purchase.progress', { packageKey: row.package_key, stage, platformUkId: row.platform_uk_id, ...(row.tracking_no ? { trackingNo: row.tracking_no } : {}), ...(message ? { message } : {}) });

  async function watchJob(print: PrintPort, row: ShipmentRow, jobId: string): Promise<void> {
    try {
      const { status } = await print.waitForJob(jobId, { timeoutMs: 120_000 });
      const done = status === 'done' || status === 'sent';
      progress(row, status === 'sent' ? 'sentToPrinter' : done ? 'printed' : 'failed', done ? undefined : 'The label is stored but has not printed yet; see the print queue');
    } catch {
      // The print queue reports its own failures; the label stays stored.
    }
  }

  return async function printLabels(row: ShipmentRow): Promise<{ printJobId: string | null; printError: string | null }> {
    const ended = (printJobId: string | null, printError: string | null) => ({ printJobId, printError });
    await images.fetchMissing(row);
    await deps.customsForms.collect(row);
    const labels = deps.labels.list(row.id, 'label');
    if (labels.length === 0) return ended(null, row.error ?? 'The label is bought but its image has not arrived yet; print it from History once it has.');
    const { print } = deps;
    if (!print) return ended(null, 'No printer service is running; print the label from History.');
    progress(row, 'printing');
    // A customs form that cannot be drawn does not hold the label back: the label prints, and the words say where the form is.
    const forms = await deps.customsForms.printable(row).then(
      (pngs) => ({ pngs, error: null }),
      (error: unknown) => ({ pngs: [], error: error instanceof StationFailure ? error.error.message : 'The customs form could not be drawn for the printer; print it from History.' }),
    );
    // v1 labels are voided and found by their tracking code.
    const reference = (isLegacyShipment(row) ? row.tracking_no : row.shipment_no) ?? row.platform_uk_id;
    try {
      let first: string | null = null;
      for (const label of labels) {
        const title = `${row.service_name ?? row.carrier_code ?? 'Label'} ${row.tracking_no ?? ''}`.trim();
        const { jobId } = await print.enqueue({ png: new Uint8Array(label.png), title, reference, kind: 'label' });
        first ??= jobId;
        void watchJob(print, row, jobId);
      }
      for (const [index, png] of forms.pngs.entries()) {
        await print.enqueue({ png, title: `Customs form ${index + 1} ${row.tracking_no ?? ''}`.trim(), reference, kind: 'label' });
      }
      // After the label is in its queue, never before: the slip follows the purchase, and says its own failures.
      if (deps.slips) void deps.slips.afterLabel(row);
      return ended(first, forms.error);
    } catch (error) {
      const message = error instanceof StationFailure ? error.error.message : 'The label could not be sent to the printer';
      progress(row, 'failed', message);
      return ended(null, message);
    }
  };
}
