/**
 * When a call may be repeated. The class is chosen by the caller, who knows
 * what the endpoint does:
 * - read: no side effect, repeat freely;
 * - idempotent: a write the service de-duplicates (a purchase carrying the
 *   same platform_uk_id), repeat with the same body;
 * - unsafe: a write whose repeat could act twice (void, pickup add): never
 *   repeated once it may have reached the service;
 * - journaled: a purchase whose repeats the purchase journal owns (same
 *   platform_uk_id, bounded attempts the operator is told about): sent once
 *   per call, whatever happens, so retries never multiply.
 */
export type Safety = 'read' | 'idempotent' | 'unsafe' | 'journaled';

export interface RetryOptions {
  /** Total attempts for a repeatable call (1 = no retry). */
  readonly attempts: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  /** Rate-limit (429) answers are waited out this many times at most. */
  readonly rateLimitRetries: number;
  /** A Retry-After longer than this is reported to the operator instead of waited out. */
  readonly maxRetryAfterMs: number;
}

export const defaultRetry: RetryOptions = {
  attempts: 3,
  baseDelayMs: 250,
  maxDelayMs: 4_000,
  rateLimitRetries: 3,
  maxRetryAfterMs: 30_000,
};

/**
 * Exponential backoff with "equal jitter": half the step is fixed so retries
 * never collapse to zero, half is random so a bench of stations that failed
 * together does not retry in lockstep.
 */
export function backoffDelay(attempt: number, options: Pick<RetryOptions, 'baseDelayMs' | 'maxDelayMs'>, random: () => number): number {
  const step = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(step / 2 + random() * (step / 2));
}

/** Retry-After is either delta-seconds or an HTTP date; anything else is ignored. */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
}

export const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
