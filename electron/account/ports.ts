import type { V1Client } from '../api/v1/client';
import type { PrintService } from '../printing/printService';

/** The v1 client methods the account module calls. */
export type AccountV1 = Pick<
  V1Client,
  | 'ratesList'
  | 'buy'
  | 'buyLabel'
  | 'voidLabel'
  | 'createOrder'
  | 'deleteOrder'
  | 'orderLabels'
  | 'practiceOrderList'
  | 'verifyAddress'
  | 'createScanForm'
  | 'createEcommerceScanForm'
  | 'getEcommerceScanForm'
  | 'carrierAccounts'
  | 'balance'
>;

/**
 * Asked on every call, so a backend switch needs no restart; backendId keeps
 * purchases per backend on this bench, legacyBackendId and legacyAccountId
 * name the v1 service and api_token (as hashes) a purchase is claimed under
 * among benches.
 */
export interface AccountBackend {
  clients(): Promise<{ readonly v1: AccountV1; readonly backendId?: string; readonly legacyBackendId?: string; readonly legacyAccountId?: string }>;
}

export type AccountPrint = Pick<PrintService, 'enqueue' | 'waitForJob'>;
