import { StationFailure } from '../../shared/contract/errors';

/**
 * The v1 client reports every refusal as service_rejected with the service's
 * code. Those that mean "no such thing" or "not any more" get the contract's
 * own codes here, in words for the operator, so the UI can tell a typo from a
 * label that was already voided.
 */
const NOT_FOUND: Readonly<Record<string, string>> = {
  order_not_found: 'The legacy (v1) service has no such order in that store. Check the store name and order number.',
  rate_not_found: 'The legacy (v1) service does not know that rate. Get rates again and pick one.',
  shipment_not_found: 'The legacy (v1) service has no label with that tracking code. Check the number.',
  order_has_no_label: 'No label has been bought for this order yet.',
  http_404: 'The legacy (v1) service could not find what was asked for.',
};

const CONFLICT: Readonly<Record<string, string>> = {
  rate_expired: 'That rate has expired. Get rates again and pick one.',
  rate_already_purchased: 'A label was already bought with that rate. Look up the order\'s labels instead of buying again.',
  shipment_already_voided: 'This label was already voided; nothing more to do.',
  shipment_on_scan_form: 'This label is on a SCAN form and can no longer be voided.',
  order_exists: 'An order with that number already exists in the store. Use another order number.',
};

/** The contract failure for a v1 refusal (unchanged when it is not one of the mapped codes). */
export function v1Refusal(error: unknown): unknown {
  if (!(error instanceof StationFailure) || error.error.code !== 'service_rejected') return error;
  const serviceCode = error.error.serviceCode ?? '';
  const notFound = NOT_FOUND[serviceCode];
  if (notFound) return new StationFailure({ code: 'not_found', message: notFound, serviceCode, retryable: false });
  const conflict = CONFLICT[serviceCode];
  if (conflict) return new StationFailure({ code: 'conflict', message: conflict, serviceCode, retryable: false });
  return error;
}

/** Runs a v1 call and rethrows its refusal in the contract's terms. */
export async function v1Call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw v1Refusal(error);
  }
}

export const serviceCodeOf = (error: unknown): string | undefined => (error instanceof StationFailure ? error.error.serviceCode : undefined);
