import { StationFailure } from '../../shared/contract/errors';
import { UnreadableAnswerFailure } from './answer';
import { noAudit, type AuditSink } from './audit';
import { boundedText, DEFAULT_MAX_ANSWER_BYTES, readCapped } from './cappedBody';
import type { WireCapture } from './capture';
import {
  outcomeUnknownFailure,
  oversizeAnswerFailure,
  rateLimitedFailure,
  serverErrorFailure,
  timeoutFailure,
  unreachableFailure,
  type Api,
} from './failures';
import { backoffDelay, defaultRetry, parseRetryAfter, realSleep, type RetryOptions, type Safety } from './retry';

export type HttpMethod = 'GET' | 'POST' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;
export type FetchFn = typeof fetch;

/** A client-side rate limit consulted before every attempt (v1 endpoint groups). */
export interface RequestGate {
  acquire(): Promise<void>;
  /** The service said 429: hold the whole group back for this long. */
  pause(ms: number): void;
}

export interface HttpRequest {
  readonly method: HttpMethod;
  readonly baseUrl: string;
  /** Endpoint path; this and nothing else of the URL reaches the audit log. */
  readonly path: string;
  readonly query?: Readonly<Record<string, QueryValue>>;
  /** Sent in the query string but never audited or logged (the v1 api_token). */
  readonly secretQuery?: Readonly<Record<string, string>>;
  readonly headers?: Readonly<Record<string, string>>;
  readonly json?: unknown;
  readonly form?: Readonly<Record<string, string>>;
  readonly safety: Safety;
  /** Words for a lost answer to an unsafe write, e.g. "void the label". */
  readonly action: string;
  readonly platformUkId?: string;
  readonly gate?: RequestGate;
}

export interface HttpResponse {
  readonly status: number;
  readonly headers: Headers;
  /** Parsed JSON, or undefined when the body was empty or not JSON. */
  readonly body: unknown;
}

export interface HttpOptions {
  readonly api: Api;
  readonly fetch?: FetchFn;
  /** Per attempt, covering connect, headers and body. */
  readonly timeoutMs?: number;
  readonly audit?: AuditSink;
  readonly now?: () => Date;
  readonly retry?: Partial<RetryOptions>;
  readonly sleep?: (ms: number) => Promise<void>;
  readonly random?: () => number;
  /** Wire capture for support: each exchange, redacted, to a file (capture.ts). */
  readonly capture?: WireCapture;
  /** The most of one answer that is read (cappedBody.ts). */
  readonly maxAnswerBytes?: number;
}

/** What a service client passes through to its HTTP layer; the client names the API itself. */
export type TransportOptions = Pick<HttpOptions, 'fetch' | 'timeoutMs' | 'audit' | 'now' | 'retry' | 'sleep' | 'capture' | 'maxAnswerBytes'>;

/** One endpoint call as a service client describes it; the client adds the address, credentials and gate. */
export type ServiceCall = Pick<HttpRequest, 'method' | 'path' | 'query' | 'json' | 'safety' | 'action' | 'platformUkId'>;

export interface HttpClient {
  readonly api: Api;
  /**
   * Sends with retries as the request's safety allows. `interpret` turns an
   * answer that arrived (any status but 5xx and 429) into a value or throws a
   * StationFailure; it runs once per answer and is never retried itself.
   */
  send<T>(request: HttpRequest, interpret: (response: HttpResponse) => T): Promise<T>;
}

/** Only the transport options, so a client's keys and addresses stay out of its HTTP layer. */
export function transportOf(options: TransportOptions): TransportOptions {
  const { fetch, timeoutMs, audit, now, retry, sleep, capture, maxAnswerBytes } = options;
  return { fetch, timeoutMs, audit, now, retry, sleep, capture, maxAnswerBytes };
}

export const DEFAULT_TIMEOUT_MS = 20_000;

/** Past this, a captured answer keeps a prefix and a hash instead of the whole body. */
const CAPTURE_WHOLE_CHARS = 1024 * 1024;

/** What reading stopped at, when an answer passed the cap. */
interface Oversize {
  readonly readBytes: number;
  readonly declaredBytes: number | null;
  readonly sha256: string | null;
  readonly prefix: string;
}

type Attempt =
  | { readonly kind: 'response'; readonly response: HttpResponse; readonly text: string; readonly oversize: Oversize | null }
  /** No answer in time; the request may have been processed. */
  | { readonly kind: 'timeout' }
  /** The connection broke after the request may have left. */
  | { readonly kind: 'reset' }
  /** The request never left (refused, no route, DNS). */
  | { readonly kind: 'refused' };

const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

function classifyError(error: unknown): Attempt {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return { kind: 'timeout' };
  const cause = error instanceof Error ? (error.cause as { code?: unknown; name?: unknown } | undefined) : undefined;
  if (cause && typeof cause.code === 'string' && NOT_SENT_CODES.has(cause.code)) return { kind: 'refused' };
  if (cause && cause.name === 'ConnectTimeoutError') return { kind: 'refused' };
  return { kind: 'reset' };
}

export function buildUrl(request: Pick<HttpRequest, 'baseUrl' | 'path' | 'query' | 'secretQuery'>): string {
  const url = new URL(request.path, request.baseUrl.endsWith('/') ? request.baseUrl : `${request.baseUrl}/`);
  for (const [key, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.append(key, String(value));
  }
  for (const [key, value] of Object.entries(request.secretQuery ?? {})) url.searchParams.append(key, value);
  return url.toString();
}

function parseBody(text: string): unknown {
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The answer as capture keeps it: bounded, so a huge answer never becomes a huge file. */
function capturedAnswer(result: Extract<Attempt, { kind: 'response' }>): unknown {
  if (result.oversize) return { oversize: true, read_bytes: result.oversize.readBytes, sha256: result.oversize.sha256, prefix: result.oversize.prefix };
  if (result.text.length > CAPTURE_WHOLE_CHARS) return boundedText(result.text);
  return result.response.body ?? (result.text === '' ? null : result.text);
}

function oversizeNote(oversize: Oversize, maxBytes: number): string {
  const mb = (bytes: number): string => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  const size = oversize.declaredBytes !== null ? `declared ${mb(oversize.declaredBytes)}` : `over ${mb(maxBytes)}`;
  return `answer ${size}, not read past ${mb(maxBytes)}${oversize.sha256 ? ` (sha256 of the first ${oversize.readBytes} bytes ${oversize.sha256})` : ''}`;
}

export function createHttpClient(options: HttpOptions): HttpClient {
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const audit = options.audit ?? noAudit;
  const now = options.now ?? (() => new Date());
  const retry: RetryOptions = { ...defaultRetry, ...options.retry };
  const sleep = options.sleep ?? realSleep;
  const random = options.random ?? Math.random;
  const api = options.api;
  const maxAnswerBytes = options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES;

  const headersOf = (request: HttpRequest): Record<string, string> => ({
    accept: 'application/json',
    ...request.headers,
    ...(request.json !== undefined ? { 'content-type': 'application/json' } : request.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
  });

  async function attemptOnce(request: HttpRequest): Promise<Attempt> {
    const headers = headersOf(request);
    let body: string | undefined;
    if (request.json !== undefined) body = JSON.stringify(request.json);
    else if (request.form) body = new URLSearchParams(request.form).toString();
    try {
      const response = await doFetch(buildUrl(request), {
        method: request.method,
        headers,
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      const read = await readCapped(response, maxAnswerBytes);
      if (read.kind === 'oversize') {
        const oversize = { readBytes: read.readBytes, declaredBytes: read.declaredBytes, sha256: read.sha256, prefix: read.prefix };
        return { kind: 'response', response: { status: response.status, headers: response.headers, body: undefined }, text: read.prefix, oversize };
      }
      const text = read.bytes.toString('utf8');
      return { kind: 'response', response: { status: response.status, headers: response.headers, body: parseBody(text) }, text, oversize: null };
    } catch (error) {
      return classifyError(error);
    }
  }

  return {
    api,
    async send(request, interpret) {
      let attempt = 0;
      let rateLimited = 0;
      for (;;) {
        attempt += 1;
        await request.gate?.acquire();
        const startedAt = now();
        const started = performance.now();
        const result = await attemptOnce(request);
        const record = (status: number | null, outcome: string): void => {
          options.capture?.({
            api,
            at: startedAt.toISOString(),
            method: request.method,
            path: request.path,
            query: Object.fromEntries(Object.entries(request.query ?? {}).flatMap(([k, v]) => (v === undefined || v === null ? [] : [[k, String(v)]]))),
            requestHeaders: headersOf(request),
            requestBody: request.json ?? request.form ?? null,
            status,
            answerBody: result.kind === 'response' ? capturedAnswer(result) : null,
            durationMs: performance.now() - started,
            outcome,
          });
          audit({
            at: startedAt.toISOString(),
            api,
            method: request.method,
            endpoint: request.path,
            status,
            duration_ms: Math.round(performance.now() - started),
            ...(request.platformUkId ? { platform_uk_id: request.platformUkId } : {}),
            outcome,
          });
        };
        const once = request.safety === 'journaled';
        const repeatable = request.safety !== 'unsafe' && !once && attempt < retry.attempts;

        if (result.kind === 'response') {
          const { response } = result;
          if (response.status === 429) {
            record(429, 'rate_limited');
            // A 429 means the request was turned away unprocessed, so even an unsafe write may go again.
            const wait = parseRetryAfter(response.headers.get('retry-after'), now().getTime()) ?? backoffDelay(rateLimited + 1, retry, random);
            if (once || rateLimited >= retry.rateLimitRetries || wait > retry.maxRetryAfterMs) throw rateLimitedFailure(api, wait / 1000);
            rateLimited += 1;
            attempt -= 1;
            if (request.gate) request.gate.pause(wait);
            else await sleep(wait);
            continue;
          }
          if (response.status >= 500) {
            record(response.status, request.safety === 'unsafe' ? 'outcome_unknown' : 'service_unavailable');
            if (request.safety === 'unsafe') throw outcomeUnknownFailure(api, request.action);
            if (!repeatable) throw serverErrorFailure(api, response.status);
            await sleep(backoffDelay(attempt, retry, random));
            continue;
          }
          if (result.oversize) {
            record(response.status, 'oversize');
            // Whether an unsafe write happened cannot be read from an answer that was not read.
            if (request.safety === 'unsafe') throw outcomeUnknownFailure(api, request.action);
            const failure = oversizeAnswerFailure(api, maxAnswerBytes);
            // A journaled purchase may have been sold: the engine keeps it as bought with the answer not understood.
            if (once) throw new UnreadableAnswerFailure(request.path, undefined, failure.error, oversizeNote(result.oversize, maxAnswerBytes));
            throw failure;
          }
          try {
            const value = interpret(response);
            record(response.status, 'ok');
            return value;
          } catch (error) {
            record(response.status, error instanceof StationFailure ? error.error.code : 'internal');
            throw error;
          }
        }

        if (result.kind === 'refused') {
          record(null, 'service_unavailable');
          if (once || attempt >= retry.attempts) throw unreachableFailure(api);
          await sleep(backoffDelay(attempt, retry, random));
          continue;
        }

        record(null, request.safety === 'unsafe' ? 'outcome_unknown' : result.kind === 'timeout' ? 'timeout' : 'service_unavailable');
        if (request.safety === 'unsafe') throw outcomeUnknownFailure(api, request.action);
        if (!repeatable) throw result.kind === 'timeout' ? timeoutFailure(api, timeoutMs / 1000) : unreachableFailure(api);
        await sleep(backoffDelay(attempt, retry, random));
      }
    },
  };
}
