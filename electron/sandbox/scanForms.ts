import type { SandboxContext } from './context';
import { refuse } from './errorCodes';
import { shipFrom } from './seed';
import type { ShipmentRecord } from './store/shipments';

/** The PDF of a SCAN form (PS Form 5630-style manifest) listing its shipments. */
async function manifestPdf(ctx: SandboxContext, scanFormNo: string, createdAt: string, shipments: readonly ShipmentRecord[]): Promise<Buffer> {
  // Loaded on first use: pdfkit alone adds about 300 ms to the station's start-up.
  const { renderScanFormPdf } = await import('./render/scanFormPdf');
  const from = shipFrom(ctx);
  return renderScanFormPdf({
    formId: scanFormNo,
    createdAt,
    from: { name: from.name, company: from.company, street: from.street, street2: from.street2, city: from.city, state: from.state, zip: from.zip },
    shipments: shipments.map((s) => ({
      trackingNo: s.trackingNo,
      serviceName: s.serviceName,
      weightOz: s.weightOz,
      zip: s.detail.to.zip.slice(0, 5),
    })),
  });
}

/** USPS shipments that may go on a SCAN form: existing, USPS, not voided, not on another form. */
export function manifestable(ctx: SandboxContext, trackingNos: readonly string[]): ShipmentRecord[] {
  if (trackingNos.length === 0) refuse('scan_form_empty');
  return [...new Set(trackingNos.map((t) => t.trim()))].map((trackingNo) => {
    const shipment = ctx.shipments.byTrackingNo(trackingNo);
    if (!shipment) refuse('shipment_not_found', `No shipment with tracking number ${trackingNo}.`);
    if (shipment.carrierCode !== 'USPS') refuse('scan_form_not_usps', `${trackingNo} is a ${shipment.carrierCode} shipment; SCAN forms list USPS shipments only.`);
    if (shipment.status === 'voided') refuse('scan_form_shipment_voided', `${trackingNo} was voided.`);
    if (shipment.scanFormNo) refuse('scan_form_already_manifested', `${trackingNo} is already on SCAN form ${shipment.scanFormNo}.`);
    return shipment;
  });
}

export interface CreatedScanForm {
  readonly scanFormNo: string;
  readonly url: string;
  readonly shipments: readonly ShipmentRecord[];
  readonly createdAt: string;
}

/** Creates a USPS SCAN form now: renders the PDF, then records it and marks its shipments (no longer voidable). */
export async function createUspsScanForm(ctx: SandboxContext, api: 'v2' | 'v1', trackingNos: readonly string[]): Promise<CreatedScanForm> {
  const shipments = manifestable(ctx, trackingNos);
  const createdAt = ctx.now().toISOString();
  const scanFormNo = `SF${ctx.meta.next('scan_form', 700_000)}`;
  const pdf = await manifestPdf(ctx, scanFormNo, createdAt, shipments);
  // Re-check after the await: a concurrent request may have voided or manifested one meanwhile.
  manifestable(ctx, shipments.map((s) => s.trackingNo));
  ctx.db.transaction(() => {
    ctx.scanForms.insert({ scanFormNo, api, carrierCode: 'USPS', trackingNos: shipments.map((s) => s.trackingNo), requestId: null, readyAt: createdAt, createdAt }, pdf);
    for (const s of shipments) ctx.shipments.setScanForm(s.trackingNo, scanFormNo);
  })();
  const base = api === 'v1' ? ctx.urls.legacy : ctx.urls.base;
  return { scanFormNo, url: `${base}/scan_forms/${scanFormNo}.pdf`, shipments, createdAt };
}

/** Seconds an e-commerce SCAN form takes to be ready. */
export const ECOMMERCE_READY_SECONDS = 3;

/** Starts an e-commerce SCAN form: recorded now, PDF available once ready. */
export function startEcommerceScanForm(ctx: SandboxContext, carrier: string, trackingNos: readonly string[]): number {
  if (trackingNos.length === 0) refuse('scan_form_empty');
  const now = ctx.now();
  const requestId = ctx.meta.next('ecom_scan_request', 200);
  ctx.scanForms.insert(
    {
      scanFormNo: `SFE${requestId}`,
      api: 'v1-ecommerce',
      carrierCode: carrier,
      trackingNos: [...new Set(trackingNos)],
      requestId,
      readyAt: new Date(now.getTime() + ECOMMERCE_READY_SECONDS * 1000).toISOString(),
      createdAt: now.toISOString(),
    },
    null,
  );
  return requestId;
}

/** The PDF URL once the e-commerce form is ready (rendered on first ask), else null. */
export async function ecommerceScanFormUrl(ctx: SandboxContext, requestId: number): Promise<string | null> {
  const form = ctx.scanForms.byRequestId(requestId);
  if (!form) refuse('scan_form_not_found', `No SCAN form request ${requestId}.`);
  if (ctx.now().toISOString() < form.readyAt) return null;
  if (!ctx.scanForms.pdf(form.scanFormNo)) {
    const shipments = form.trackingNos.map((t) => ctx.shipments.byTrackingNo(t)).filter((s): s is ShipmentRecord => s !== undefined);
    ctx.scanForms.setPdf(form.scanFormNo, await manifestPdf(ctx, form.scanFormNo, form.createdAt, shipments));
  }
  return `${ctx.urls.legacy}/scan_forms/${form.scanFormNo}.pdf`;
}
