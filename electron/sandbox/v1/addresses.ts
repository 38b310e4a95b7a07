import { refuse } from '../errorCodes';
import { standardizeAddress } from '../domain/addressStd';
import type { SandboxContext } from '../context';
import type { Reply, SandboxRequest } from '../http/types';
import { jsonBody } from '../http/validate';
import { parseRequest, v1Forms } from '../schemas/parse';
import { postApiAddressesVerifyBody } from '../schemas/v1/openapi';

/** POST /api/addresses/verify */
export function verifyAddress(ctx: SandboxContext, req: SandboxRequest): Reply {
  const body = parseRequest(ctx, req, v1Forms(postApiAddressesVerifyBody), jsonBody(req));
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
