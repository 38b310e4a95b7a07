import type { z } from 'zod';
import * as wire from '../../../shared/api/v1';
import { fail } from '../../../shared/contract/errors';
import { parseAnswer, type InvalidResponseReporter } from '../answer';
import { notConfiguredFailure, rejectedFailure, unauthorizedFailure } from '../failures';
import { createHttpClient, transportOf, type HttpResponse, type ServiceCall, type TransportOptions } from '../http';
import { validateRequest } from '../validate';
import { createV1Limiters, groupOf, type V1Limiters } from './groups';

export type V1OrderKey = z.infer<typeof wire.v1ShipmentsGetQuerySchema>;
export type V1OrderListQuery = z.infer<typeof wire.v1OrderListQuerySchema>;

/** Every legacy endpoint; weights are pounds. Answers are the parsed bodies. */
export interface V1Client {
  readonly baseUrl: string;
  /** True only on the built-in practice service: what may call practiceOrderList asks this first, so a real service is never sent it. */
  readonly practice: boolean;
  ratesList(request: wire.V1ShipmentRequest): Promise<wire.V1Rate[]>;
  buy(rateId: string): Promise<wire.V1PurchaseLabelResponse>;
  buyLabel(request: wire.V1ShipmentRequest): Promise<wire.V1PurchaseLabelResponse>;
  voidLabel(trackingCode: string): Promise<{ tracking_code: string }>;
  createOrder(request: wire.V1CreateOrderRequest): Promise<{ order_number: string }>;
  /** Labels of an order that has one (store name + order number). */
  orderLabels(key: V1OrderKey): Promise<wire.V1OrderLabel[]>;
  deleteOrder(key: V1OrderKey): Promise<void>;
  /**
   * The practice service's demo orders (its training extension, GET
   * PRACTICE_ORDER_LIST_PATH): the public v1 service lists no orders, so on
   * any other backend this refuses in words and sends nothing.
   */
  practiceOrderList(query: V1OrderListQuery): Promise<wire.V1OrderList>;
  verifyAddress(request: wire.V1VerifyAddressRequest): Promise<wire.V1VerifyAddressResponse>;
  createScanForm(trackingCodes: readonly string[]): Promise<{ url: string }>;
  /** Starts an asynchronous e-commerce SCAN form; poll `getEcommerceScanForm` with the returned request id. */
  createEcommerceScanForm(ecomCarrier: string, trackingCodes: readonly string[]): Promise<{ request: number }>;
  getEcommerceScanForm(ecomCarrier: string, requestId: number): Promise<wire.V1EcomScanFormGetResponse>;
  carrierAccounts(): Promise<wire.V1CarrierAccount[]>;
  balance(): Promise<wire.V1Balance>;
}

export interface V1ClientOptions extends TransportOptions {
  readonly baseUrl: string;
  /** Undefined when no v1 token is configured: every call then fails with not_configured. */
  readonly apiToken: string | undefined;
  readonly limiters?: V1Limiters;
  readonly onInvalidResponse?: InvalidResponseReporter;
  /** True only for the station's built-in practice service (the sandbox), whose training extension lists demo orders. */
  readonly practice?: boolean;
}

/** The practice service's order list: not in the public v1 OpenAPI (a test keeps every other path the client calls in it). */
export const PRACTICE_ORDER_LIST_PATH = '/api/sandbox-training/orders/list';

export const NO_ORDER_LIST = 'The shipping service offers no list of its orders. Import them from a CSV file, or scan or type the order number.';

function interpretV1<S extends z.ZodType>(response: HttpResponse, schema: S, endpoint: string, report?: InvalidResponseReporter): z.output<S> {
  if (response.status === 401 || response.status === 403) throw unauthorizedFailure('v1', response.status);
  if (response.status >= 400) {
    const error = wire.v1ErrorSchema.safeParse(response.body);
    if (error.success) throw rejectedFailure('v1', error.data.message, error.data.code ?? `http_${response.status}`);
    throw rejectedFailure('v1', `The legacy (v1) service refused the request (HTTP ${response.status}).`, `http_${response.status}`);
  }
  return parseAnswer(schema, response.body, endpoint, report);
}

const carrierSegment = (ecomCarrier: string): string => {
  const segment = ecomCarrier.trim().toLowerCase();
  if (!/^[a-z0-9_-]+$/.test(segment)) fail('invalid_input', 'That carrier name cannot be used for an e-commerce SCAN form.', { field: 'ecom_carrier' });
  return segment;
};

export function createV1Client(options: V1ClientOptions): V1Client {
  const http = createHttpClient({ ...transportOf(options), api: 'v1' });
  const limiters = options.limiters ?? createV1Limiters();

  function call<S extends z.ZodType>(spec: ServiceCall, schema: S): Promise<z.output<S>> {
    if (!options.apiToken) {
      return Promise.reject(notConfiguredFailure('No legacy (v1) api token is stored for this backend. Enter it in Settings to use the v1 account views.'));
    }
    const gate = limiters[groupOf(spec.path)];
    return http.send(
      { ...spec, baseUrl: options.baseUrl, secretQuery: { api_token: options.apiToken }, gate },
      (response) => interpretV1(response, schema, spec.path, options.onInvalidResponse),
    );
  }

  return {
    baseUrl: options.baseUrl,
    practice: options.practice === true,

    async ratesList(request) {
      const body = validateRequest(wire.v1ShipmentRequestSchema, request, 'rate request');
      return call({ method: 'POST', path: '/api/rates/list', json: body, safety: 'read', action: 'quote rates' }, wire.v1RatesListResponseSchema);
    },

    async buy(rateId) {
      const q = validateRequest(wire.v1BuyQuerySchema, { rate_id: rateId }, 'purchase');
      return call({ method: 'GET', path: '/api/rates/buy', query: q, safety: 'unsafe', action: 'buy the label' }, wire.v1PurchaseLabelResponseSchema);
    },

    async buyLabel(request) {
      const body = validateRequest(wire.v1ShipmentRequestSchema, request, 'purchase');
      return call({ method: 'POST', path: '/api/rates/buy-label', json: body, safety: 'unsafe', action: 'buy the label' }, wire.v1PurchaseLabelResponseSchema);
    },

    async voidLabel(trackingCode) {
      const body = validateRequest(wire.v1VoidRequestSchema, { tracking_code: trackingCode }, 'void request');
      return call({ method: 'POST', path: '/api/shipments/void', json: body, safety: 'unsafe', action: 'void the label' }, wire.v1VoidResponseSchema);
    },

    async createOrder(request) {
      const body = validateRequest(wire.v1CreateOrderRequestSchema, request, 'order');
      return call({ method: 'POST', path: '/api/orders/create', json: body, safety: 'unsafe', action: 'create the order' }, wire.v1CreateOrderResponseSchema);
    },

    async orderLabels(key) {
      const q = validateRequest(wire.v1ShipmentsGetQuerySchema, key, 'label lookup');
      return call({ method: 'GET', path: '/api/shipments/get', query: q, safety: 'read', action: 'look up the order\'s labels' }, wire.v1ShipmentsGetResponseSchema);
    },

    async deleteOrder(key) {
      const body = validateRequest(wire.v1DeleteOrderRequestSchema, key, 'order deletion');
      await call({ method: 'DELETE', path: '/api/orders/delete', json: body, safety: 'unsafe', action: 'delete the order' }, wire.v1DeleteOrderResponseSchema);
    },

    async practiceOrderList(query) {
      if (!options.practice) fail('not_configured', NO_ORDER_LIST);
      const q = validateRequest(wire.v1OrderListQuerySchema, query, 'order list request');
      return call({ method: 'GET', path: PRACTICE_ORDER_LIST_PATH, query: q, safety: 'read', action: 'list the practice orders' }, wire.v1OrderListResponseSchema);
    },

    async verifyAddress(request) {
      const body = validateRequest(wire.v1VerifyAddressRequestSchema, request, 'address');
      return call({ method: 'POST', path: '/api/addresses/verify', json: body, safety: 'read', action: 'verify the address' }, wire.v1VerifyAddressResponseSchema);
    },

    async createScanForm(trackingCodes) {
      const body = validateRequest(wire.v1ScanFormRequestSchema, { tracking_codes: trackingCodes }, 'SCAN form request');
      return call({ method: 'POST', path: '/api/shipments/scan-forms/create', json: body, safety: 'unsafe', action: 'create the SCAN form' }, wire.v1ScanFormResponseSchema);
    },

    async createEcommerceScanForm(ecomCarrier, trackingCodes) {
      const body = validateRequest(wire.v1ScanFormRequestSchema, { tracking_codes: trackingCodes }, 'SCAN form request');
      const path = `/api/shipments/scan-forms/${carrierSegment(ecomCarrier)}/ecommerce/create`;
      return call({ method: 'POST', path, json: body, safety: 'unsafe', action: 'start the e-commerce SCAN form' }, wire.v1EcomScanFormCreateResponseSchema);
    },

    async getEcommerceScanForm(ecomCarrier, requestId) {
      const q = validateRequest(wire.v1EcomScanFormGetQuerySchema, { request_id: requestId }, 'SCAN form lookup');
      const path = `/api/shipments/scan-forms/${carrierSegment(ecomCarrier)}/ecommerce/get`;
      return call({ method: 'GET', path, query: q, safety: 'read', action: 'fetch the SCAN form' }, wire.v1EcomScanFormGetResponseSchema);
    },

    async carrierAccounts() {
      return call({ method: 'GET', path: '/api/carrier-account/list', safety: 'read', action: 'list carrier accounts' }, wire.v1CarrierAccountListResponseSchema);
    },

    async balance() {
      return call({ method: 'GET', path: '/api/balance', safety: 'read', action: 'read the balance' }, wire.v1BalanceResponseSchema);
    },
  };
}
