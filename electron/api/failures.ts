import { StationFailure, type StationError } from '../../shared/contract/errors';

/**
 * The operator's words for every way a service call can go wrong. Kept in one
 * place so v1 and v2 say the same thing for the same trouble, and so the
 * outcome-unknown case (a write whose answer never arrived) is spelled one way.
 */
export type Api = 'v2' | 'v1';

const serviceName = (api: Api): string => (api === 'v2' ? 'The shipping service' : 'The legacy (v1) shipping service');

export function timeoutFailure(api: Api, seconds: number): StationFailure {
  return new StationFailure({
    code: 'timeout',
    message: `${serviceName(api)} did not answer within ${seconds} seconds. Try again in a moment.`,
    retryable: true,
  });
}

export function unreachableFailure(api: Api): StationFailure {
  return new StationFailure({
    code: 'service_unavailable',
    message: `${serviceName(api)} cannot be reached right now (the connection failed). Check the network and try again.`,
    retryable: true,
  });
}

export function serverErrorFailure(api: Api, status: number): StationFailure {
  return new StationFailure({
    code: 'service_unavailable',
    message: `${serviceName(api)} is having trouble (it answered with error ${status}). Try again in a moment.`,
    retryable: true,
  });
}

/**
 * A write (void, pickup, purchase without an idempotency key) whose answer was
 * lost: it may or may not have happened, so repeating it blindly could void or
 * book twice. The caller must read back the state first.
 */
export function outcomeUnknownFailure(api: Api, action: string): StationFailure {
  return new StationFailure({
    code: 'timeout',
    message: `${serviceName(api)} did not confirm whether it managed to ${action}; it may or may not have happened. Check the current state before trying again.`,
    retryable: false,
  });
}

export function isOutcomeUnknown(error: StationError): boolean {
  return error.code === 'timeout' && error.retryable === false;
}

export function rateLimitedFailure(api: Api, waitSeconds?: number): StationFailure {
  const wait = waitSeconds !== undefined && waitSeconds > 0 ? ` Wait about ${Math.ceil(waitSeconds)} seconds and try again.` : ' Wait a moment and try again.';
  return new StationFailure({
    code: 'rate_limited',
    message: `${serviceName(api)} is receiving too many requests from this account.${wait}`,
    retryable: true,
  });
}

export function unauthorizedFailure(api: Api, status: number): StationFailure {
  const message =
    api === 'v2'
      ? status === 403
        ? 'The shipping service refused this request for these keys (403). Check that the keys belong to an account allowed to do this.'
        : 'The shipping service did not accept the station\'s access token. Check the AppKey and AppSecret in Settings.'
      : 'The legacy (v1) service refused the api_token. Check the v1 api token in Settings.';
  return new StationFailure({ code: 'unauthorized', message, retryable: false });
}

export function invalidClientFailure(): StationFailure {
  return new StationFailure({
    code: 'unauthorized',
    message: 'The AppKey/AppSecret were refused by the service. Check that both were pasted in full and belong to the same key pair.',
    serviceCode: 'invalid_client',
    retryable: false,
  });
}

export function rejectedFailure(api: Api, serviceMessage: string | undefined, serviceCode: string | undefined): StationFailure {
  const words = serviceMessage?.trim() ? serviceMessage.trim() : `${serviceName(api)} refused the request without saying why.`;
  return new StationFailure({
    code: 'service_rejected',
    message: words,
    ...(serviceCode ? { serviceCode } : {}),
    retryable: false,
  });
}

/**
 * The answer arrived but does not have the shape the station relies on. There
 * is no dedicated contract code for it; service_unavailable (not retryable)
 * tells the UI the fault is on the service side.
 */
export function invalidResponseFailure(): StationFailure {
  return new StationFailure({
    code: 'service_unavailable',
    message: "The shipping service sent an answer the station doesn't understand. Try again; if it keeps happening, the service may have changed.",
    retryable: false,
  });
}

/** An answer past the size the station reads (cappedBody.ts): nothing in it was used. */
export function oversizeAnswerFailure(api: Api, maxBytes: number): StationFailure {
  return new StationFailure({
    code: 'service_unavailable',
    message: `${serviceName(api)} sent an answer larger than the station reads (over ${Math.round(maxBytes / (1024 * 1024))} MB), so nothing in it was used. Try again; if it keeps happening, tell support.`,
    retryable: false,
  });
}

export function notConfiguredFailure(message: string): StationFailure {
  return new StationFailure({ code: 'not_configured', message, retryable: false });
}
