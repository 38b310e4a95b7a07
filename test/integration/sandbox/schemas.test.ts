import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as v1 from '../../../shared/api/v1';
import * as v2 from '../../../shared/api/v2';
import { harness, FROM, TO, PACKAGE, rateRequest, type Harness } from './harness';

// Every answer of the sandbox parses with the shared/api schema the station's clients use.
let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h.close());

function conforms<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(`${JSON.stringify(result.error.issues.slice(0, 3))}\n${JSON.stringify(value).slice(0, 400)}`);
  return result.data;
}

describe('v2 answers match shared/api/v2', () => {
  it('token, rating, buying, void', async () => {
    const token = await fetch(`${h.sandbox.baseUrl}/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${h.sandbox.credentials.appKey}:${h.sandbox.credentials.appSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    conforms(v2.tokenResponseSchema, await token.json());
    const bad = await fetch(`${h.sandbox.baseUrl}/oauth2/token`, { method: 'POST' });
    conforms(v2.oauthErrorSchema, await bad.json());
    await h.token();
    const request: v2.QuickRateRequest = [{ request_unique_id: 'a', ...(rateRequest() as Omit<v2.QuickRateItem, 'request_unique_id'>) }];
    conforms(v2.quickRateRequestSchema, request);
    conforms(v2.quickRateResponseSchema, (await h.v2('POST', '/api/shipment/batch/quick_rate', request)).json);
    const rates = conforms(v2.getRatesResponseSchema, (await h.v2('POST', '/api/shipment/get_rates', rateRequest({ to_address_data: { ...TO, street: 'PO Box 1' } }))).json);
    expect(rates.data.error_data?.length).toBeGreaterThan(0);
    const rateId = rates.data.shipment_rate_data[0]?.rate_id as string;
    const bought = conforms(v2.purchaseResponseSchema, (await h.v2('POST', '/api/shipment/create_and_pay', { rate_id: rateId, platform_uk_id: 's-1', label_print_type: 'qrcode' })).json);
    const directBody: v2.DirectBuyRequest = { platform_uk_id: 's-2', carrier_code: 'USPS', service_level: 'USPS_GROUND_ADVANTAGE', from_address_data: FROM, to_address_data: TO, package_data: PACKAGE as v2.PackageData, ship_date: '2026-03-10T09:00:00-08:00', label_print_type: 'common' };
    conforms(v2.directBuyRequestSchema, directBody);
    const direct = conforms(v2.purchaseResponseSchema, (await h.v2('POST', '/api/shipment/direct_buy', directBody)).json);
    conforms(v2.voidLabelResponseSchema, (await h.v2('POST', '/api/shipment/void_label', { shipment_no: bought.data.shipment_no })).json);
    conforms(v2.failureSchema, (await h.v2('POST', '/api/shipment/void_label', { shipment_no: bought.data.shipment_no })).json);

    const t = direct.data.tracking_no;
    conforms(v2.trackingResponseSchema, (await h.v2('GET', `/api/shipment/tracking_by_tracking_no?tracking_no=${t}&carrier_code=USPS`)).json);
    conforms(v2.trackingResponseSchema, (await h.v2('GET', `/api/shipment/direct/tracking_by_tracking_no?tracking_no=${t}&carrier_code=USPS`)).json);
    conforms(v2.trackingResponseSchema, (await h.v2('GET', '/api/shipment/tracking_by_platform_uk_id?platform_uk_id=s-2')).json);

    const pickupBody: v2.PickupRequest = { package_location: ['other'], package_location_ext: 'side gate', carrier_code: 'USPS', tracking_nos: [t], pickup_location: FROM };
    conforms(v2.pickupRequestSchema, pickupBody);
    const pickup = conforms(v2.addPickupResponseSchema, (await h.v2('POST', '/api/shipment/pickup/add', pickupBody)).json);
    conforms(v2.pickupListResponseSchema, (await h.v2('GET', '/api/shipment/pickup/list?order_by=false')).json);
    conforms(v2.pickupCancelResponseSchema, (await h.v2('POST', '/api/shipment/pickup/cancel', { pickup_no: pickup.data.pickup_no })).json);
    conforms(v2.packageLocationListResponseSchema, (await h.v2('GET', '/api/shipment/pickup/package/location/list')).json);

    conforms(v2.addressValidateResponseSchema, (await h.v2('POST', '/api/address/validate', { street: '1 main street', city: 'Austin', state: 'TX', zip_code: '78701', country: 'US' })).json);
    conforms(v2.insuranceRateResponseSchema, (await h.v2('GET', '/api/shipment/insurance/rate?declared_value=120')).json);
    conforms(v2.submitPodResponseSchema, (await h.v2('POST', '/api/shipment/submit_pod', { tracking_no: t, email_list: ['a@example.com'] })).json);
    conforms(v2.createScanFormResponseSchema, (await h.v2('POST', '/api/scan_form/create_scan_form', { tracking_nos: [t] })).json);
  });
});

describe('v1 answers match shared/api/v1', () => {
  it('every endpoint', async () => {
    const request: v1.V1ShipmentRequest = {
      from: { name: 'Desk', street: '2150 E 7th St', city: 'Los Angeles', state: 'CA', zip: '90021', country: 'US' },
      to: { name: 'Ann', street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
      shipments: [{ length: 6, width: 6, height: 6, weight: 1 }],
      order: { warehouse_name: 'Main Warehouse', store_name: 'Demo Store', order_number: 'DEMO-1002' },
    };
    conforms(v1.v1ShipmentRequestSchema, request);
    const rates = conforms(v1.v1RatesListResponseSchema, (await h.v1('POST', '/api/rates/list', request)).json);
    const bought = conforms(v1.v1PurchaseLabelResponseSchema, (await h.v1('GET', `/api/rates/buy?rate_id=${rates[0]?.rate_id}`)).json);
    conforms(v1.v1ShipmentsGetResponseSchema, (await h.v1('GET', '/api/shipments/get?store_name=Demo%20Store&order_number=DEMO-1002')).json);
    const direct = conforms(v1.v1PurchaseLabelResponseSchema, (await h.v1('POST', '/api/rates/buy-label', { ...request, order: { warehouse_name: 'WH', service_type: 'usps_ground_advantage' } })).json);
    conforms(v1.v1VoidResponseSchema, (await h.v1('POST', '/api/shipments/void', { tracking_code: bought.tracking_code })).json);
    conforms(v1.v1ErrorSchema, (await h.v1('POST', '/api/shipments/void', { tracking_code: bought.tracking_code })).json);
    const order: v1.V1CreateOrderRequest = {
      store_name: 'S',
      warehouse_name: 'WH',
      verify_address: false,
      client_name: 'Ann',
      client_street: '1 Main St',
      client_city: 'Austin',
      client_state: 'TX',
      client_zip: '78701',
      client_country: 'US',
      shipments: [{ weight: 1 }],
    };
    const created = conforms(v1.v1CreateOrderResponseSchema, (await h.v1('POST', '/api/orders/create', order)).json);
    conforms(v1.v1OrderListResponseSchema, (await h.v1('GET', '/api/sandbox-training/orders/list?page_size=200')).json);
    conforms(v1.v1DeleteOrderResponseSchema, (await h.v1('DELETE', '/api/orders/delete', { store_name: 'S', order_number: created.order_number })).json);
    conforms(v1.v1VerifyAddressResponseSchema, (await h.v1('POST', '/api/addresses/verify', { street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' })).json);
    conforms(v1.v1ScanFormResponseSchema, (await h.v1('POST', '/api/shipments/scan-forms/create', { tracking_codes: [direct.tracking_code] })).json);
    const ecom = conforms(v1.v1EcomScanFormCreateResponseSchema, (await h.v1('POST', '/api/shipments/scan-forms/dhl/ecommerce/create', { tracking_codes: ['X1'] })).json);
    conforms(v1.v1EcomScanFormGetResponseSchema, (await h.v1('GET', `/api/shipments/scan-forms/dhl/ecommerce/get?request_id=${ecom.request}`)).json);
    conforms(v1.v1CarrierAccountListResponseSchema, (await h.v1('GET', '/api/carrier-account/list')).json);
    conforms(v1.v1BalanceResponseSchema, (await h.v1('GET', '/api/balance')).json);
    conforms(v1.v1WarehouseListResponseSchema, (await h.v1('GET', '/api/warehouses/list')).json);
  });
});

describe('tolerance of the response schemas', () => {
  it('accepts numeric strings and unknown fields', () => {
    const rate = conforms(v2.rateSchema, { rate_id: 1, carrier_code: 'USPS', service_level: 'X', price: '9.10', delivery_days: '4', extra: true });
    expect(rate).toMatchObject({ rate_id: '1', price: 9.1, delivery_days: 4, extra: true });
    expect(v2.readEvent({ status: 'lost_in_space', event_time: 'x' })).toMatchObject({ status: 'lost_in_space', time: 'x' });
    expect(conforms(v1.v1RatesListResponseSchema, { rates: [{ shipment_id: 's', rate_id: 'r', carrier: 'USPS', service_type: 'x', rate: '5' }] })).toHaveLength(1);
  });
});
