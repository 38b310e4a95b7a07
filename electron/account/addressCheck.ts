import type { V1VerifyAddressResponse } from '../../shared/api/v1';
import { SERVICE_HOME_COUNTRY } from '../../shared/domain/countries';
import type { V1AddressCheck } from '../../shared/contract/account';

/**
 * The v1 verification answer in the contract's shape: the standardized address
 * only when the service gave one. v1 verifies addresses of the service's home
 * country only, so an answer without a country is one of those.
 */
export function toAddressCheck(r: V1VerifyAddressResponse): V1AddressCheck {
  const hasAddress = Boolean(r.street && r.city && r.state && r.zip);
  return {
    errored: r.errored ?? (r.errors ?? []).length > 0,
    corrected: r.corrected ?? false,
    standardized: r.standardized ?? false,
    residential: r.residential ?? null,
    address: hasAddress
      ? { street: r.street ?? '', street2: r.street2 ?? '', city: r.city ?? '', state: r.state ?? '', zip: r.zip ?? '', country: r.country ?? SERVICE_HOME_COUNTRY }
      : null,
    errors: (r.errors ?? []).map((e) => ({ code: e.code, message: e.message })),
    corrections: (r.corrections ?? []).map((c) => ({ code: c.code, message: c.message })),
  };
}
