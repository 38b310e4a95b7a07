import { standardizeAddress } from '../domain/addressStd';
import type { SandboxContext } from '../context';
import type { Reply, SandboxRequest } from '../http/types';
import { jsonBody } from '../http/validate';
import { parseRequest } from '../schemas/parse';
import { addressValidateSchema } from '../schemas/v2/other';
import { answer, answerShapes } from '../answers';

/**
 * POST /api/address/validate: the documented ValidatedAddress, flat, ZIP as
 * `zip`. A non-U.S. address is not validated (rule 1): it comes back as sent.
 */
export function validateAddress(ctx: SandboxContext, req: SandboxRequest): Reply {
  const body = parseRequest(ctx, req, addressValidateSchema, jsonBody(req));
  if (body.country.toUpperCase() !== 'US') {
    return answer(ctx, answerShapes.addressValidate, { street: body.street, street2: body.street2 ?? null, city: body.city, state: body.state, zip: body.zip_code, country: body.country.toUpperCase(), residential: false, errored: false, corrected: false, standardized: false, errors: [], corrections: [] });
  }
  const result = standardizeAddress({
    street: body.street,
    ...(body.street2 !== undefined && body.street2 !== null ? { street2: body.street2 } : {}),
    city: body.city,
    state: body.state,
    zip: body.zip_code,
  });
  const errored = result.errors.length > 0;
  const same = result.street === body.street && (result.street2 || '') === (body.street2 ?? '') && result.city === body.city && result.state === body.state && result.zip === body.zip_code;
  return answer(ctx, answerShapes.addressValidate, {
    street: result.street,
    street2: result.street2 || null,
    city: result.city,
    state: result.state,
    zip: result.zip,
    country: 'US',
    residential: result.residential,
    errored,
    corrected: !errored && result.corrections.length > 0,
    standardized: !same,
    errors: result.errors.map((e) => ({ code: e.code, message: e.message })),
    corrections: result.corrections.map((c) => ({ code: c.code, message: c.message })),
  });
}
