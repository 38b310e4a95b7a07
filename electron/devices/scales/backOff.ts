/** The part of a scale's bookkeeping that a failed open changes. */
export interface RetryState {
  failures: number;
  state: 'connecting' | 'connected' | 'retrying' | 'unavailable';
  timer?: ReturnType<typeof setTimeout>;
}

export interface BackOffPolicy {
  /** The first pause; each further failure doubles it, up to maxRetryMs. */
  readonly retryMs: number;
  readonly maxRetryMs: number;
  /**
   * Failures of a scale the OS or another program holds before it is given
   * up on until it is plugged in again: waiting does not free it.
   */
  readonly maxHeldFailures: number;
}

export type BackOffStep = { readonly kind: 'retry'; readonly delayMs: number } | { readonly kind: 'unavailable' };

/**
 * One failed open, for the USB and the OS HID paths alike: counts it, and
 * either schedules `retry` after a doubling pause or, for a held scale that
 * has failed often enough, marks it unavailable.
 */
export function backOff(entry: RetryState, policy: BackOffPolicy, held: boolean, retry: () => void): BackOffStep {
  entry.failures += 1;
  if (held && entry.failures >= policy.maxHeldFailures) {
    entry.state = 'unavailable';
    return { kind: 'unavailable' };
  }
  entry.state = 'retrying';
  const delayMs = Math.min(policy.maxRetryMs, policy.retryMs * 2 ** (entry.failures - 1));
  entry.timer = setTimeout(() => {
    entry.timer = undefined;
    retry();
  }, delayMs);
  return { kind: 'retry', delayMs };
}
