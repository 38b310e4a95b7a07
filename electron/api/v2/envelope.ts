import type { z } from 'zod';
import { failureSchema } from '../../../shared/api/v2/common';
import { StationFailure } from '../../../shared/contract/errors';
import { parseAnswer, type InvalidResponseReporter } from '../answer';
import { rejectedFailure, unauthorizedFailure } from '../failures';
import type { HttpResponse } from '../http';

/**
 * A 401 from a business endpoint: the bearer token was refused. The client
 * catches this one kind to renew the token and try once more; anywhere else it
 * reads as an ordinary `unauthorized` failure.
 */
export class TokenRejectedFailure extends StationFailure {
  constructor() {
    super(unauthorizedFailure('v2', 401).error);
  }
}

/**
 * The one place the v2 envelope `{code, msg, data}` is opened: `ok` yields the
 * parsed data; any other code is the service's refusal in its own words; an
 * answer of another shape is reported as not understood.
 */
export function interpretEnvelope<S extends z.ZodType<{ data: unknown }>>(
  response: HttpResponse,
  schema: S,
  endpoint: string,
  report?: InvalidResponseReporter,
): z.output<S>['data'] {
  if (response.status === 401) throw new TokenRejectedFailure();
  const failure = failureSchema.safeParse(response.body);
  if (failure.success && failure.data.code !== 'ok') throw rejectedFailure('v2', failure.data.msg ?? undefined, failure.data.code);
  if (response.status === 403) throw unauthorizedFailure('v2', 403);
  if (response.status >= 400) {
    const words = response.status === 404 ? 'The shipping service does not offer this operation at this address (404). Check the service address in Settings.' : `The shipping service refused the request (HTTP ${response.status}).`;
    throw rejectedFailure('v2', words, `http_${response.status}`);
  }
  return (parseAnswer(schema, response.body, endpoint, report) as { data: unknown }).data as z.output<S>['data'];
}
