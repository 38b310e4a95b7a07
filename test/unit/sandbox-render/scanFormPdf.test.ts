import { describe, expect, it } from 'vitest';
import { renderScanFormPdf, type ScanFormInput } from '../../../electron/sandbox/render/scanFormPdf';
import { makeTrackingNumber } from '../../../electron/sandbox/render/trackingNumbers';
import { pdfShownText } from './pdfText';

const from = { name: 'Parcel Station Demo', company: 'Acme Widgets LLC', street: '1200 Harbor Blvd', city: 'Oakland', state: 'CA', zip: '94607' };

function form(count: number): ScanFormInput {
  return {
    formId: '9475709899581000012345',
    createdAt: '2026-11-23T17:05:00Z',
    from,
    shipments: Array.from({ length: count }, (_, i) => ({
      trackingNo: makeTrackingNumber('USPS', i, { serviceCode: i % 3 === 0 ? 'USPS_PRIORITY_MAIL' : 'USPS_GROUND_ADVANTAGE' }),
      serviceName: i % 3 === 0 ? 'USPS_PRIORITY_MAIL' : 'USPS_GROUND_ADVANTAGE',
      weightOz: 8 + i,
      zip: '60625',
    })),
  };
}

function pageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
}

describe('renderScanFormPdf', () => {
  it('is a PDF that shows the form id, mailer, date, counts and every tracking number', async () => {
    const input = form(5);
    const pdf = await renderScanFormPdf(input);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
    const text = pdfShownText(pdf);
    expect(text).toContain('SHIPMENT CONFIRMATION ACCEPTANCE NOTICE');
    expect(text).toContain(input.formId);
    expect(text).toContain('PARCEL STATION DEMO');
    expect(text).toContain('11/23/2026');
    expect(text).toContain('USPS PRIORITY MAIL');
    for (const s of input.shipments) expect(text).toContain(s.trackingNo);
    // the form id's barcode is an embedded image
    expect(pdf.toString('latin1')).toMatch(/\/Subtype \/Image/);
  });

  it('paginates a long manifest and keeps every row', async () => {
    const input = form(120);
    const pdf = await renderScanFormPdf(input);
    expect(pageCount(pdf)).toBeGreaterThanOrEqual(4);
    const text = new Set(pdfShownText(pdf));
    expect(input.shipments.every((s) => text.has(s.trackingNo))).toBe(true);
    expect(text).toContain('120');
  });

  it('is byte-identical for the same input', async () => {
    const a = await renderScanFormPdf(form(3));
    const b = await renderScanFormPdf(form(3));
    expect(a.equals(b)).toBe(true);
  });
});
