import { addressValidateRequestSchema } from '../../../shared/api/v2/address';
import { standardizeAddress } from '../domain/addressStd';
import type { SandboxContext } from '../context';
import type { Reply, SandboxRequest } from '../http/types';
import { jsonBody, parseWith } from '../http/validate';
import { ok } from './envelope';

/** POST /api/address/validate: USPS standardisation with errors and listed corrections. */
export function validateAddress(_ctx: SandboxContext, req: SandboxRequest): Reply {
  const body = parseWith(addressValidateRequestSchema, jsonBody(req), (path) => (path === 'country' ? 'address_country_unsupported' : undefined));
  // Validation covers U.S. addresses only; any other country is skipped: the address comes back as sent (v2-docs.md 3.15).
  if (body.country.toUpperCase() !== 'US') {
    return ok({
      is_valid: true,
      standardized: false,
      corrected: false,
      skipped: true,
      address: { company_name: body.company_name ?? null, street: body.street, street2: body.street2 ?? null, city: body.city ?? '', state: body.state ?? '', zip_code: body.zip_code ?? '', country: body.country.toUpperCase() },
      errors: [],
      corrections: [],
    });
  }
  const result = standardizeAddress({
    street: body.street,
    ...(body.street2 !== undefined ? { street2: body.street2 } : {}),
    ...(body.city !== undefined ? { city: body.city } : {}),
    ...(body.state !== undefined ? { state: body.state } : {}),
    ...(body.zip_code !== undefined ? { zip: body.zip_code } : {}),
    ...(body.company_name !== undefined ? { company: body.company_name } : {}),
  });
  const valid = result.errors.length === 0;
  return ok({
    is_valid: valid,
    standardized: valid,
    corrected: result.corrections.length > 0,
    residential: result.residential,
    po_box: result.poBox,
    address: {
      company_name: body.company_name?.toUpperCase() ?? null,
      street: result.street,
      street2: result.street2 || null,
      city: result.city,
      state: result.state,
      zip_code: result.zip,
      country: 'US',
      address_type: result.residential ? 'residential' : 'commercial',
    },
    zip5: result.zip5 ?? null,
    zip4: result.zip4 ?? null,
    errors: result.errors,
    corrections: result.corrections,
  });
}
