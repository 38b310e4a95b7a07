import type { Shipment as WireShipment } from '../../shared/api/v2';
import type { V1Client } from '../api/v1/client';
import type { V2Client } from '../api/v2/client';
import type { PrintService } from '../printing/printService';

/** The v2 client methods the shipping services call. */
export type ShippingV2 = Pick<
  V2Client,
  | 'quickRate'
  | 'getRates'
  | 'createAndPay'
  | 'directBuy'
  | 'voidLabel'
  | 'insuranceRate'
  | 'trackingByPlatformUkId'
  | 'trackingByTrackingNo'
  | 'directTrackingByTrackingNo'
  | 'pickupAdd'
  | 'pickupCancel'
  | 'pickupList'
  | 'pickupLocations'
  | 'validateAddress'
  | 'createScanForm'
  | 'submitPod'
>;

/** The v1 client methods the station uses (orders inbox and the legacy account views). */
export type ShippingV1 = Pick<
  V1Client,
  | 'practice'
  | 'practiceOrderList'
  | 'createOrder'
  | 'deleteOrder'
  | 'orderLabels'
  | 'createScanForm'
  | 'createEcommerceScanForm'
  | 'getEcommerceScanForm'
  | 'carrierAccounts'
  | 'balance'
>;

/**
 * Where the clients come from. Asked on every call, so switching between the
 * sandbox and the live service is a settings change, not a restart.
 */
export interface BackendPort {
  /**
   * backendId names the service the clients talk to (electron/backend/identity.ts); purchases are kept per backend.
   * accountId names the account behind the keys; a package's platform_uk_id is derived from it.
   */
  clients(): Promise<{ readonly v2: ShippingV2; readonly v1: ShippingV1; readonly backendId?: string; readonly accountId?: string }>;
  /** Called after a switch of backend or keys, so unconfirmed purchases of the new backend are settled at once. */
  onChange?(listener: () => void): () => void;
}

export const backendIdOf = (clients: { readonly backendId?: string }): string => clients.backendId ?? 'default';
export const accountIdOf = (clients: { readonly backendId?: string; readonly accountId?: string }): string => clients.accountId ?? backendIdOf(clients);

export type PrintPort = Pick<PrintService, 'enqueue' | 'waitForJob'>;

export type { WireShipment };
