import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backOff, type RetryState } from '../../../electron/devices/scales/backOff';

describe('scale back-off', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('doubles the pause up to the cap and retries once the pause is over', () => {
    const entry: RetryState = { failures: 0, state: 'connecting' };
    const policy = { retryMs: 100, maxRetryMs: 300, maxHeldFailures: 4 };
    const retry = vi.fn();
    expect([1, 2, 3].map(() => backOff(entry, policy, false, retry))).toEqual([
      { kind: 'retry', delayMs: 100 },
      { kind: 'retry', delayMs: 200 },
      { kind: 'retry', delayMs: 300 },
    ]);
    expect(entry.state).toBe('retrying');
    vi.advanceTimersByTime(299);
    expect(retry).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1);
    expect(retry).toHaveBeenCalledTimes(3);
    expect(entry.timer).toBeUndefined();
  });

  it('gives up on a held scale after the policy failures, and never on one that is not held', () => {
    const policy = { retryMs: 10, maxRetryMs: 1000, maxHeldFailures: 2 };
    const held: RetryState = { failures: 0, state: 'connecting' };
    expect(backOff(held, policy, true, () => undefined).kind).toBe('retry');
    expect(backOff(held, policy, true, () => undefined)).toEqual({ kind: 'unavailable' });
    expect(held.state).toBe('unavailable');
    const busy: RetryState = { failures: 5, state: 'retrying' };
    expect(backOff(busy, policy, false, () => undefined)).toEqual({ kind: 'retry', delayMs: 320 });
  });
});
