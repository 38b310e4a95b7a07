import type { SandboxContext } from '../context';
import type { Reply, SandboxRequest } from '../http/types';
import { jsonBody } from '../http/validate';
import { parseRequest } from '../schemas/parse';
import { scanFormSchema } from '../schemas/v2/other';
import { createUspsScanForm } from '../scanForms';
import { answer, answerShapes } from '../answers';

/** POST /api/scan_form/create_scan_form: scan_form_image is the PDF's URL. */
export async function createScanForm(ctx: SandboxContext, req: SandboxRequest): Promise<Reply> {
  const body = parseRequest(ctx, req, scanFormSchema, jsonBody(req), (path) => (path === 'tracking_nos' ? 'scan_form_empty' : undefined));
  const form = await createUspsScanForm(ctx, 'v2', body.tracking_nos);
  return answer(ctx, answerShapes.scanForm, {
    scan_form_no: form.scanFormNo,
    scan_form_image: form.url,
    carrier_code: 'USPS',
    tracking_nos: form.shipments.map((s) => s.trackingNo),
    package_total_num: form.shipments.length,
    created_at: form.createdAt,
  });
}
