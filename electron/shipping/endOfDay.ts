import { fail, StationFailure } from '../../shared/contract/errors';
import { isOutcomeUnknown } from '../api/failures';
import type { PickupCandidate, ScanForm } from '../../shared/contract/shippingTypes';
import type { ScanFormRow } from '../store/scanFormsRepo';
import { startOfLocalDay, type ShippingDeps } from './deps';
import { keepOthersLabel } from './othersLabels';
import { backendIdOf } from './ports';
import type { MadeScanForm, SharedScanForms } from './sharedScanForms';

const candidateOf = (shipmentId: number, trackingNo: string, recipientName: string | null, serviceName: string | null): PickupCandidate => ({
  shipmentId,
  trackingNo,
  recipientName,
  serviceName,
  picked: false,
  isReturn: false,
  selectedByDefault: true,
});

const fromRow = (r: ScanFormRow): ScanForm => ({
  id: r.id,
  api: r.api,
  status: r.status,
  pdfUrl: r.pdf_url,
  trackingNos: JSON.parse(r.tracking_nos_json) as string[],
  createdAt: r.created_at,
});

/** End of day: the SCAN form for today's USPS labels (in a warehouse, every bench's), and proof-of-delivery requests. */
export function createEndOfDayService(deps: ShippingDeps) {
  const shared = deps.sharedScanForms;

  /** This bench's outbound USPS labels of today on none of its forms: a return label is the customer's to hand in, never the bench's. */
  function localCandidates(): PickupCandidate[] {
    return deps.shipments
      .uspsBoughtSince(startOfLocalDay(deps.ctx.now()))
      .filter((r) => r.tracking_no && r.is_return !== 1 && !deps.scanForms.isCovered(r.tracking_no))
      .map((r) => candidateOf(r.id, r.tracking_no as string, r.recipient_name, r.service_name));
  }

  /**
   * In a warehouse: this bench's labels (some may not have reached the
   * database yet) and every other bench's, less those on any bench's form.
   * Another bench's label is kept here from then on, as a reprint keeps it.
   */
  async function candidates(): Promise<PickupCandidate[]> {
    const mine = localCandidates();
    if (!shared) return mine;
    const backendId = backendIdOf(await deps.backend.clients());
    const [others, covered] = await Promise.all([shared.uncovered(backendId, startOfLocalDay(deps.ctx.now())), shared.covered(mine.map((c) => c.trackingNo))]);
    const list = mine.filter((c) => !covered.has(c.trackingNo));
    const seen = new Set(mine.map((c) => c.trackingNo));
    for (const label of others) {
      // Known here but not offered: on this bench's own form, voided here, or a return.
      if (seen.has(label.trackingNo) || deps.shipments.findByRef(label.trackingNo)) continue;
      const kept = await keepOthersLabel(deps, label.platformUkId);
      if (kept) list.push(candidateOf(kept.id, label.trackingNo, label.recipientName, label.serviceName));
    }
    return list;
  }

  function refuseReturns(trackingNos: readonly string[]): void {
    const returns = trackingNos.filter((t) => deps.shipments.findByRef(t)?.is_return === 1);
    if (returns.length > 0) {
      fail('invalid_input', `${returns.join(', ')} ${returns.length === 1 ? 'is a return label' : 'are return labels'}: the customer hands returns in, so they never go on the bench's SCAN form. Leave ${returns.length === 1 ? 'it' : 'them'} out.`, {
        field: 'trackingNos',
      });
    }
  }

  async function createToday(trackingNos?: readonly string[]): Promise<ScanForm> {
    if (trackingNos) refuseReturns(trackingNos);
    const exact = trackingNos !== undefined && trackingNos.length > 0;
    const asked = exact ? [...trackingNos] : (await candidates()).map((c) => c.trackingNo);
    if (asked.length === 0) fail('conflict', 'There are no USPS labels from today that are not already on a SCAN form.');
    // In a warehouse the labels are held for this form first, so no other bench sends them too.
    const reserved = shared ? await shared.reserve(asked, exact) : null;
    const list = reserved ? [...reserved.trackingNos] : asked;
    let made: MadeScanForm;
    try {
      const result = await (await deps.v2()).createScanForm({ tracking_nos: list });
      made = { status: result.scan_form_image ? 'ready' : 'pending', scanFormNo: result.scan_form_no, pdfUrl: result.scan_form_image ?? null, result };
    } catch (error) {
      if (!(error instanceof StationFailure) || !isOutcomeUnknown(error.error)) {
        if (reserved) await settleShared(() => (shared as SharedScanForms).refused(reserved.formId));
        throw error;
      }
      // A SCAN form is a one-shot write: the form may exist although its answer was lost or unreadable.
      // It is kept as pending over these labels, so no second form is made for them from any bench.
      const unconfirmed: MadeScanForm = { status: 'pending', scanFormNo: null, pdfUrl: null, result: { unconfirmed: error.error.message } };
      deps.scanForms.insert('v2', null, 'pending', null, list, unconfirmed.result);
      if (reserved) await settleShared(() => (shared as SharedScanForms).made(reserved.formId, unconfirmed));
      deps.ctx.emit('station.changed', { topics: ['scanForms'] });
      fail(
        'timeout',
        `The service did not confirm the SCAN form for ${list.length} label${list.length === 1 ? '' : 's'}; it may have been made. It is listed as pending so it is not made twice; check the account before making another.`,
      );
    }
    // This bench keeps its own forms too, so its list still shows them while the warehouse database is away.
    const id = deps.scanForms.insert('v2', made.scanFormNo, made.status, made.pdfUrl, list, made.result);
    if (reserved) await settleShared(() => (shared as SharedScanForms).made(reserved.formId, made));
    deps.ctx.emit('station.changed', { topics: ['scanForms'] });
    const form = fromRow(deps.scanForms.get(id) as ScanFormRow);
    return reserved ? { ...form, id: reserved.formId } : form;
  }

  /**
   * The form's outcome written to the warehouse database after the service
   * answered. If the database went away meanwhile, its labels stay held by
   * the form (shown as pending), which never lets a label on two forms.
   */
  async function settleShared(write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch (error) {
      deps.log.warn('a SCAN form outcome did not reach the warehouse database; its labels stay held there as pending', { error });
    }
  }

  /** Every bench's forms in a warehouse; this bench's own while the database is away. */
  async function list(limit: number): Promise<ScanForm[]> {
    if (shared) {
      try {
        return await shared.list(limit);
      } catch (error) {
        deps.log.warn('SCAN forms listed from this bench only: the warehouse database did not answer', { error });
      }
    }
    return deps.scanForms.list(limit).map(fromRow);
  }

  async function submitPod(ref: string, emails: readonly string[]): Promise<{ message: string }> {
    const local = deps.shipments.findByRef(ref);
    if (local && local.carrier_code && local.carrier_code !== 'USPS') fail('invalid_input', 'Proof of delivery is available for USPS shipments only.', { field: 'ref' });
    const trackingNo = local?.tracking_no ?? ref.trim();
    const result = await (await deps.v2()).submitPod({ tracking_no: trackingNo, email_list: [...emails] });
    return { message: result.transaction_message ?? `The proof of delivery request for ${trackingNo} was accepted; the letter goes to ${emails.join(', ')}.` };
  }

  return { candidates, createToday, list, submitPod };
}
