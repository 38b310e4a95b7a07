import { fail, StationFailure } from '../../shared/contract/errors';
import { isOutcomeUnknown } from '../api/failures';
import type { PickupCandidate, ScanForm } from '../../shared/contract/shippingTypes';
import type { ScanFormRow } from '../store/scanFormsRepo';
import { startOfLocalDay, type ShippingDeps } from './deps';

const fromRow = (r: ScanFormRow): ScanForm => ({
  id: r.id,
  api: r.api,
  status: r.status,
  pdfUrl: r.pdf_url,
  trackingNos: JSON.parse(r.tracking_nos_json) as string[],
  createdAt: r.created_at,
});

/** End of day: the SCAN form for today's USPS labels, and proof-of-delivery requests. */
export function createEndOfDayService(deps: ShippingDeps) {
  /** Today's outbound USPS labels not yet on a SCAN form: a return label is the customer's to hand in, never the bench's. */
  function candidates(): PickupCandidate[] {
    return deps.shipments
      .uspsBoughtSince(startOfLocalDay(deps.ctx.now()))
      .filter((r) => r.tracking_no && r.is_return !== 1 && !deps.scanForms.isCovered(r.tracking_no))
      .map((r) => ({
        shipmentId: r.id,
        trackingNo: r.tracking_no as string,
        recipientName: r.recipient_name,
        serviceName: r.service_name,
        picked: false,
        isReturn: false,
        selectedByDefault: true,
      }));
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
    const list = trackingNos && trackingNos.length > 0 ? [...trackingNos] : candidates().map((c) => c.trackingNo);
    if (list.length === 0) fail('conflict', 'There are no USPS labels from today that are not already on a SCAN form.');
    let id: number;
    try {
      const result = await (await deps.v2()).createScanForm({ tracking_nos: list });
      id = deps.scanForms.insert('v2', result.scan_form_no, result.scan_form_image ? 'ready' : 'pending', result.scan_form_image ?? null, list, result);
    } catch (error) {
      if (!(error instanceof StationFailure) || !isOutcomeUnknown(error.error)) throw error;
      // A SCAN form is a one-shot write: the form may exist although its answer was lost or unreadable.
      // It is kept as pending over these labels, so no second form is made for them from this station.
      id = deps.scanForms.insert('v2', null, 'pending', null, list, { unconfirmed: error.error.message });
      deps.ctx.emit('station.changed', { topics: ['scanForms'] });
      fail(
        'timeout',
        `The service did not confirm the SCAN form for ${list.length} label${list.length === 1 ? '' : 's'}; it may have been made. It is listed as pending so it is not made twice; check the account before making another.`,
      );
    }
    deps.ctx.emit('station.changed', { topics: ['scanForms'] });
    return fromRow(deps.scanForms.get(id) as ScanFormRow);
  }

  async function submitPod(ref: string, emails: readonly string[]): Promise<{ message: string }> {
    const local = deps.shipments.findByRef(ref);
    if (local && local.carrier_code && local.carrier_code !== 'USPS') fail('invalid_input', 'Proof of delivery is available for USPS shipments only.', { field: 'ref' });
    const trackingNo = local?.tracking_no ?? ref.trim();
    const result = await (await deps.v2()).submitPod({ tracking_no: trackingNo, email_list: [...emails] });
    return { message: result.transaction_message ?? `The proof of delivery request for ${trackingNo} was accepted; the letter goes to ${emails.join(', ')}.` };
  }

  return { candidates, createToday, list: (limit: number) => deps.scanForms.list(limit).map(fromRow), submitPod };
}
