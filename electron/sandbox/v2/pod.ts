import { refuse } from '../errorCodes';
import type { SandboxContext } from '../context';
import type { Reply, SandboxRequest } from '../http/types';
import { jsonBody } from '../http/validate';
import { parseRequest } from '../schemas/parse';
import { POD_MAX_RECIPIENTS, submitPodSchema } from '../schemas/v2/other';
import { answer, answerShapes } from '../answers';

/** POST /api/shipment/submit_pod: a USPS shipment, 1 to 3 recipients. */
export function submitPod(ctx: SandboxContext, req: SandboxRequest): Reply {
  const raw = jsonBody(req);
  const list = raw !== null && typeof raw === 'object' ? (raw as { email_list?: unknown }).email_list : undefined;
  if (!Array.isArray(list) || list.length === 0) refuse('pod_recipients_missing');
  if (list.length > POD_MAX_RECIPIENTS) refuse('pod_too_many_recipients', `A POD letter goes to at most ${POD_MAX_RECIPIENTS} recipients; got ${list.length}.`);
  const body = parseRequest(ctx, req, submitPodSchema, raw, (path) => (path.startsWith('email_list') ? 'pod_recipient_invalid' : path === 'tracking_no' ? 'tracking_no_required' : undefined));
  const shipment = ctx.shipments.byTrackingNo(body.tracking_no);
  if (!shipment) refuse('shipment_not_found', `No shipment with tracking number ${body.tracking_no}.`);
  if (shipment.carrierCode !== 'USPS') refuse('pod_not_usps');
  const requestNo = `POD${ctx.meta.next('pod', 10_000)}`;
  const at = ctx.now().toISOString();
  ctx.db.prepare('INSERT INTO pods (request_no, tracking_no, email_list, created_at) VALUES (?, ?, ?, ?)').run(requestNo, body.tracking_no, JSON.stringify(body.email_list), at);
  return answer(ctx, answerShapes.pod, {
    transaction_message: `Proof of Delivery request ${requestNo} accepted; the letter will be emailed to ${body.email_list.length} recipient(s).`,
    tracking_no: body.tracking_no,
    request_no: requestNo,
  });
}
