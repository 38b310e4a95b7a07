import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, FROM, TO, PACKAGE, type Envelope, type Harness } from './harness';

type Shipment = { shipment_no: string; platform_uk_id: string; tracking_no: string; total_fee: number; status: string; duplicate_label: boolean };

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h.close());

const buy = (id: string, carrier?: string, level?: string) => h.buy<Shipment>(id, carrier, level);
const voidLabel = (body: unknown) => h.v2<Envelope<Record<string, unknown> | null>>('POST', '/api/shipment/void_label', body);

describe('void_label', () => {
  it('needs exactly one identifier', async () => {
    const shipment = await buy('v-0');
    const neither = await voidLabel({});
    expect(neither.status).toBe(400);
    expect(neither.json).toMatchObject({ code: 'void_identifier_missing', data: null });
    const both = await voidLabel({ shipment_no: shipment.shipment_no, platform_uk_id: 'v-0' });
    expect(both.status).toBe(400);
    expect(both.json.code).toBe('void_identifier_conflict');
  });

  it('voids by shipment_no and refunds; voiding twice is a conflict', async () => {
    const shipment = await buy('v-1');
    const before = h.sandbox.stats().balanceCents;
    const res = await voidLabel({ shipment_no: shipment.shipment_no });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ shipment_no: shipment.shipment_no, tracking_no: shipment.tracking_no, status: 'voided', refund_amount: shipment.total_fee });
    expect(h.sandbox.stats().balanceCents).toBe(before + Math.round(shipment.total_fee * 100));
    const twice = await voidLabel({ shipment_no: shipment.shipment_no });
    expect(twice.status).toBe(409);
    expect(twice.json.code).toBe('shipment_already_voided');
  });

  it('voids by platform_uk_id, and the voided shipment tracks as voided', async () => {
    const shipment = await buy('v-2', 'UPS', 'UPS_GROUND');
    expect((await voidLabel({ platform_uk_id: 'v-2' })).status).toBe(200);
    const tracking = await h.v2<Envelope<{ status: string }>>('GET', `/api/shipment/tracking_by_tracking_no?tracking_no=${shipment.tracking_no}&carrier_code=UPS`);
    expect(tracking.json.data.status).toBe('voided');
    const direct = await h.v2<Envelope<{ status: string }>>('GET', `/api/shipment/direct/tracking_by_tracking_no?tracking_no=${shipment.tracking_no}&carrier_code=UPS`);
    expect(direct.json.data.status).toBe('voided');
    const again = await h.v2<Envelope<Shipment>>('POST', '/api/shipment/direct_buy', { platform_uk_id: 'v-2', carrier_code: 'UPS', service_level: 'UPS_GROUND', from_address_data: FROM, to_address_data: TO, package_data: PACKAGE });
    expect(again.json.data).toMatchObject({ duplicate_label: true, status: 'voided', shipment_no: shipment.shipment_no });
  });

  it('refuses unknown shipments', async () => {
    const res = await voidLabel({ shipment_no: 'SHP999' });
    expect(res.status).toBe(404);
    expect(res.json.code).toBe('shipment_not_found');
    expect((await voidLabel({ platform_uk_id: 'never-bought' })).json.code).toBe('shipment_not_found');
  });

  it('cannot void a label that is on a SCAN form', async () => {
    const shipment = await buy('v-3');
    const form = await h.v2<Envelope<{ scan_form_image: string }>>('POST', '/api/scan_form/create_scan_form', { tracking_nos: [shipment.tracking_no] });
    expect(form.status).toBe(200);
    const res = await voidLabel({ shipment_no: shipment.shipment_no });
    expect(res.status).toBe(409);
    expect(res.json.code).toBe('shipment_on_scan_form');
  });
});
