import { refuse } from '../errorCodes';
import type { SandboxContext } from '../context';
import type { Reply, SandboxRequest } from '../http/types';
import { jsonBody, queryObject } from '../http/validate';
import { parseRequest, v1Forms } from '../schemas/parse';
import { getApiShipmentsScanFormsDhlEcommerceGetQuery, postApiShipmentsScanFormsCreateBody, postApiShipmentsScanFormsDhlEcommerceCreateBody } from '../schemas/v1/openapi';
import { createUspsScanForm, ecommerceScanFormUrl, startEcommerceScanForm } from '../scanForms';

const ECOMMERCE_CARRIERS = ['dhl'];
const scanCoder = (path: string) => (path.startsWith('tracking_codes') ? 'scan_form_empty' : undefined);

/** POST /api/shipments/scan-forms/create: USPS tracking codes only; answers the PDF URL. */
export async function createScanForm(ctx: SandboxContext, req: SandboxRequest): Promise<Reply> {
  const body = parseRequest(ctx, req, v1Forms(postApiShipmentsScanFormsCreateBody), jsonBody(req), scanCoder);
  if (body.tracking_codes.length === 0) refuse('scan_form_empty');
  const form = await createUspsScanForm(ctx, 'v1', body.tracking_codes);
  return { json: { url: form.url } };
}

function ecomCarrier(req: SandboxRequest): string {
  const carrier = (req.params.ecom_carrier ?? '').toLowerCase();
  if (!ECOMMERCE_CARRIERS.includes(carrier)) refuse('scan_form_carrier_unsupported', `No e-commerce SCAN forms for "${carrier}".`);
  return carrier;
}

/** POST /api/shipments/scan-forms/{ecom_carrier}/ecommerce/create: asynchronous; answers `{request}`. */
export function createEcommerceScanForm(ctx: SandboxContext, req: SandboxRequest): Reply {
  const carrier = ecomCarrier(req);
  const body = parseRequest(ctx, req, v1Forms(postApiShipmentsScanFormsDhlEcommerceCreateBody), jsonBody(req), scanCoder);
  if (body.tracking_codes.length === 0) refuse('scan_form_empty');
  return { json: { request: startEcommerceScanForm(ctx, carrier.toUpperCase(), body.tracking_codes) } };
}

/** GET /api/shipments/scan-forms/{ecom_carrier}/ecommerce/get?request_id= : `{url}` once ready, `{status: processing}` before. */
export async function getEcommerceScanForm(ctx: SandboxContext, req: SandboxRequest): Promise<Reply> {
  ecomCarrier(req);
  const query = parseRequest(ctx, req, v1Forms(getApiShipmentsScanFormsDhlEcommerceGetQuery), queryObject(req.query, { request_id: 'number' }));
  const url = await ecommerceScanFormUrl(ctx, query.request_id);
  return { json: url ? { status: 'completed', url } : { status: 'processing', url: null } };
}
