import type { z } from 'zod';
import * as wire from '../../../shared/api/v2';
import { fail } from '../../../shared/contract/errors';
import { mapBounded } from '../../core/mapBounded';
import { UnreadableAnswerFailure, type InvalidResponseReporter } from '../answer';
import { invalidResponseFailure, outcomeUnknownFailure } from '../failures';
import { createHttpClient, transportOf, type ServiceCall, type TransportOptions } from '../http';
import type { Safety } from '../retry';
import { validateRequest } from '../validate';
import { interpretEnvelope, TokenRejectedFailure } from './envelope';
import { createTokenManager, type TokenManager, type TokenManagers, type TokenShelf } from './token';

/** One method per v2 endpoint of the spec; every answer is the envelope's parsed `data`. */
export interface V2Client {
  readonly baseUrl: string;
  /** Asks the token endpoint for a token with these keys: the service is reached and the keys are accepted, or it throws why not. */
  checkAccess(): Promise<void>;
  /** Any number of items: sent in calls of 10, answered in the order given. */
  quickRate(items: readonly wire.QuickRateItem[]): Promise<wire.QuickRateResult[]>;
  getRates(request: wire.GetRatesRequest): Promise<wire.GetRatesResult>;
  createAndPay(request: wire.CreateAndPayRequest): Promise<wire.Shipment>;
  directBuy(request: wire.DirectBuyRequest): Promise<wire.Shipment>;
  /** One-shot write: resolves once the service said ok; an answer that cannot be read is not a failed void. */
  voidLabel(request: wire.VoidLabelRequest): Promise<void>;
  insuranceRate(query: wire.InsuranceRateQuery): Promise<wire.InsuranceRateResult>;
  trackingByPlatformUkId(platformUkId: string): Promise<wire.TrackingRecord>;
  trackingByTrackingNo(query: { tracking_no: string; carrier_code: wire.TrackingCarrierCode }): Promise<wire.TrackingRecord>;
  directTrackingByTrackingNo(query: { tracking_no: string; carrier_code: string }): Promise<wire.TrackingRecord>;
  pickupAdd(request: wire.PickupRequest): Promise<wire.AddPickupResult>;
  pickupCancel(pickupNo: string): Promise<void>;
  pickupList(query: wire.PickupListQuery): Promise<wire.PickupListResult>;
  pickupLocations(): Promise<string[]>;
  validateAddress(request: wire.AddressValidateRequest): Promise<wire.AddressValidateResult>;
  createScanForm(request: wire.CreateScanFormRequest): Promise<wire.ScanFormResult>;
  submitPod(request: wire.SubmitPodRequest): Promise<wire.SubmitPodResult>;
}

export interface V2ClientOptions extends TransportOptions {
  readonly baseUrl: string;
  readonly appKey: string;
  readonly appSecret: string;
  /** This client's own token manager; otherwise the one `tokenManagers` keeps for these keys, else a manager of its own. */
  readonly tokens?: TokenManager;
  /** The owner's managers, shared by every client it builds for the same keys (the service honours only one token per AppKey). */
  readonly tokenManagers?: TokenManagers;
  /** Where other processes on these keys find the token (warehouse database or data folder). */
  readonly tokenShelf?: TokenShelf;
  readonly onInvalidResponse?: InvalidResponseReporter;
}

export const QUICK_RATE_BATCH = 10;
const QUICK_RATE_PARALLEL = 3;

export function createV2Client(options: V2ClientOptions): V2Client {
  const http = createHttpClient({ ...transportOf(options), api: 'v2' });
  const managerOptions = {
    http,
    baseUrl: options.baseUrl,
    appKey: options.appKey,
    appSecret: options.appSecret,
    now: options.now,
    ...(options.tokenShelf ? { shelf: options.tokenShelf } : {}),
  };
  const tokens = options.tokens ?? options.tokenManagers?.forKeys(managerOptions) ?? createTokenManager(managerOptions);

  async function call<S extends z.ZodType<{ data: unknown }>>(spec: ServiceCall, schema: S): Promise<z.output<S>['data']> {
    const send = (token: string) =>
      http.send(
        {
          ...spec,
          baseUrl: options.baseUrl,
          headers: { authorization: `Bearer ${token}` },
          ...(spec.json !== undefined ? { json: spec.json } : {}),
        },
        (response) => interpretEnvelope(response, schema, spec.path, options.onInvalidResponse),
      );
    const token = await tokens.get();
    try {
      return await send(token);
    } catch (error) {
      // A 401 is refused before any work is done, so even an unsafe write may go once more.
      if (!(error instanceof TokenRejectedFailure)) throw error;
      return send(await tokens.renew(token));
    }
  }

  /**
   * A write the service acts on once (void, pickup, SCAN form, POD): an answer
   * that arrives but cannot be read says nothing about whether it happened,
   * so it is reported as an unknown outcome for the caller to read back,
   * never as a refusal.
   */
  async function oneShot<S extends z.ZodType<{ data: unknown }>>(spec: ServiceCall, schema: S): Promise<z.output<S>['data']> {
    try {
      return await call(spec, schema);
    } catch (error) {
      if (error instanceof UnreadableAnswerFailure) throw outcomeUnknownFailure('v2', spec.action);
      throw error;
    }
  }

  // With its platform_uk_id a purchase may go again, but only the journal sends it again: one HTTP attempt per journal attempt.
  const purchaseSafety = (platformUkId: string | undefined): Safety => (platformUkId ? 'journaled' : 'unsafe');

  async function quickRateBatch(batch: readonly wire.QuickRateItem[]): Promise<wire.QuickRateResult[]> {
    const body = validateRequest(wire.quickRateRequestSchema, batch, 'rate request');
    return call({ method: 'POST', path: '/api/shipment/batch/quick_rate', json: body, safety: 'read', action: 'quote rates' }, wire.quickRateResponseSchema);
  }

  return {
    baseUrl: options.baseUrl,

    async checkAccess() {
      await tokens.get();
    },

    async quickRate(items) {
      if (items.length === 0) return [];
      const ids = items.map((item) => item.request_unique_id);
      if (new Set(ids).size !== ids.length) fail('invalid_input', 'Each rate request needs its own request_unique_id; two share one.', { field: 'request_unique_id' });
      const batches: wire.QuickRateItem[][] = [];
      for (let i = 0; i < items.length; i += QUICK_RATE_BATCH) batches.push(items.slice(i, i + QUICK_RATE_BATCH));
      const answered = new Map<string, wire.QuickRateResult>();
      for (const [b, results] of (await mapBounded(batches, QUICK_RATE_PARALLEL, quickRateBatch)).entries()) {
        // An answer without request_unique_id is matched by position (assumptions.ts: rate-answer).
        for (const [i, result] of results.entries()) answered.set(result.request_unique_id ?? (batches[b]?.[i]?.request_unique_id as string), result);
      }
      return ids.map((id) => answered.get(id) ?? invalidResponseMissing());
    },

    async getRates(request) {
      const body = validateRequest(wire.getRatesRequestSchema, request, 'rate request');
      return call({ method: 'POST', path: '/api/shipment/get_rates', json: body, safety: 'read', action: 'quote rates' }, wire.getRatesResponseSchema);
    },

    async createAndPay(request) {
      const body = validateRequest(wire.createAndPayRequestSchema, request, 'purchase');
      return call(
        { method: 'POST', path: '/api/shipment/create_and_pay', json: body, safety: purchaseSafety(body.platform_uk_id), action: 'buy the label', platformUkId: body.platform_uk_id },
        wire.purchaseResponseSchema,
      );
    },

    async directBuy(request) {
      const body = validateRequest(wire.directBuyRequestSchema, request, 'purchase');
      return call(
        { method: 'POST', path: '/api/shipment/direct_buy', json: body, safety: purchaseSafety(body.platform_uk_id), action: 'buy the label', platformUkId: body.platform_uk_id },
        wire.purchaseResponseSchema,
      );
    },

    async voidLabel(request) {
      const body = validateRequest(wire.voidLabelRequestSchema, request, 'void request');
      if ((body.shipment_no === undefined) === (body.platform_uk_id === undefined)) {
        fail('invalid_input', 'Name the label to void by exactly one of its shipment number or platform_uk_id.');
      }
      await oneShot(
        {
          method: 'POST',
          path: '/api/shipment/void_label',
          json: body,
          safety: 'unsafe',
          action: 'void the label',
          ...(body.platform_uk_id ? { platformUkId: body.platform_uk_id } : {}),
        },
        wire.voidLabelResponseSchema,
      );
    },

    async insuranceRate(query) {
      const q = validateRequest(wire.insuranceRateQuerySchema, query, 'insurance quote');
      return call({ method: 'GET', path: '/api/shipment/insurance/rate', query: q, safety: 'read', action: 'quote insurance' }, wire.insuranceRateResponseSchema);
    },

    async trackingByPlatformUkId(platformUkId) {
      const q = validateRequest(wire.trackingByPlatformUkIdQuerySchema, { platform_uk_id: platformUkId }, 'tracking request');
      return call(
        { method: 'GET', path: '/api/shipment/tracking_by_platform_uk_id', query: q, safety: 'read', action: 'look up tracking', platformUkId },
        wire.trackingResponseSchema,
      );
    },

    async trackingByTrackingNo(query) {
      const q = validateRequest(wire.trackingByTrackingNoQuerySchema, query, 'tracking request');
      return call({ method: 'GET', path: '/api/shipment/tracking_by_tracking_no', query: q, safety: 'read', action: 'look up tracking' }, wire.trackingResponseSchema);
    },

    async directTrackingByTrackingNo(query) {
      const q = validateRequest(wire.directTrackingQuerySchema, query, 'tracking request');
      return call({ method: 'GET', path: '/api/shipment/direct/tracking_by_tracking_no', query: q, safety: 'read', action: 'look up tracking' }, wire.trackingResponseSchema);
    },

    async pickupAdd(request) {
      const body = validateRequest(wire.pickupRequestSchema, request, 'pickup request');
      return oneShot({ method: 'POST', path: '/api/shipment/pickup/add', json: body, safety: 'unsafe', action: 'schedule the pickup' }, wire.addPickupResponseSchema);
    },

    async pickupCancel(pickupNo) {
      const body = validateRequest(wire.pickupCancelRequestSchema, { pickup_no: pickupNo }, 'pickup cancellation');
      await oneShot({ method: 'POST', path: '/api/shipment/pickup/cancel', json: body, safety: 'unsafe', action: 'cancel the pickup' }, wire.pickupCancelResponseSchema);
    },

    async pickupList(query) {
      const q = validateRequest(wire.pickupListQuerySchema, query, 'pickup list request');
      return call({ method: 'GET', path: '/api/shipment/pickup/list', query: q, safety: 'read', action: 'list pickups' }, wire.pickupListResponseSchema);
    },

    async pickupLocations() {
      return call({ method: 'GET', path: '/api/shipment/pickup/package/location/list', safety: 'read', action: 'list package locations' }, wire.packageLocationListResponseSchema);
    },

    async validateAddress(request) {
      const body = validateRequest(wire.addressValidateRequestSchema, request, 'address');
      // Validation has no side effect on the service, so a lost answer is asked again.
      return call({ method: 'POST', path: '/api/address/validate', json: body, safety: 'read', action: 'validate the address' }, wire.addressValidateResponseSchema);
    },

    async createScanForm(request) {
      const body = validateRequest(wire.createScanFormRequestSchema, request, 'SCAN form request');
      return oneShot({ method: 'POST', path: '/api/scan_form/create_scan_form', json: body, safety: 'unsafe', action: 'create the SCAN form' }, wire.createScanFormResponseSchema);
    },

    async submitPod(request) {
      const body = validateRequest(wire.submitPodRequestSchema, request, 'proof-of-delivery request');
      return oneShot({ method: 'POST', path: '/api/shipment/submit_pod', json: body, safety: 'unsafe', action: 'submit the proof-of-delivery request' }, wire.submitPodResponseSchema);
    },
  };
}

function invalidResponseMissing(): never {
  throw invalidResponseFailure();
}
