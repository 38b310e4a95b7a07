import { v1VerifyAddressRequestSchema } from '../../../shared/api/v1/addresses';
import { refuse } from '../errorCodes';
import { standardizeAddress } from '../domain/addressStd';
import type { SandboxContext } from '../context';
import type { Reply, SandboxRequest } from '../http/types';
import { jsonBody, parseWith } from '../http/validate';

/** POST /api/addresses/verify */
export function verifyAddress(_ctx: SandboxContext, req: SandboxRequest): Reply {
  const body = parseWith(v1VerifyAddressRequestSchema, jsonBody(req));
  if (body.country.toUpperCase() !== 'US') refuse('address_country_unsupported');
  const result = standardizeAddress({ street: body.street, street2: body.street2 ?? '', city: body.city, state: body.state, zip: body.zip });
  const errored = result.errors.length > 0;
  return {
    json: {
      street: result.street,
      street2: result.street2,
      city: result.city,
      state: result.state,
      zip: result.zip,
      country: 'US',
      residential: result.residential,
      errored,
      corrected: result.corrections.length > 0,
      standardized: !errored,
      errors: result.errors.map((e) => ({ code: e.code, message: e.message })),
      corrections: result.corrections.map((c) => ({ code: c.code, message: c.message })),
    },
  };
}
