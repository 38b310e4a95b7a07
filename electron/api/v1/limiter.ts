import type { RequestGate } from '../http';

/** Time as the limiter sees it; injected so tests move it by hand. */
export interface Clock {
  now(): number;
  /** Calls `fn` after `ms`; returns a cancel function. */
  setTimer(ms: number, fn: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(ms, fn) {
    const timer = setTimeout(fn, ms);
    timer.unref?.();
    return () => clearTimeout(timer);
  },
};

export interface SlidingWindowOptions {
  readonly limit: number;
  readonly windowMs: number;
  readonly clock?: Clock;
}

export interface SlidingWindowLimiter extends RequestGate {
  /** Callers waiting for a slot (diagnostics and tests). */
  readonly queued: number;
}

/**
 * At most `limit` starts in any `windowMs` span, measured over the exact send
 * times (a sliding log, not a token bucket, which would let a full bucket plus
 * a minute of refill through in one minute). Callers over the limit wait in
 * FIFO order instead of failing; a pause (the service's Retry-After) holds
 * everyone back until it ends.
 */
export function createSlidingWindowLimiter(options: SlidingWindowOptions): SlidingWindowLimiter {
  const clock = options.clock ?? systemClock;
  const sent: number[] = [];
  const waiting: Array<() => void> = [];
  let pausedUntil = 0;
  let cancelTimer: (() => void) | undefined;
  let timerAt = Infinity;

  const schedule = (at: number): void => {
    if (cancelTimer && timerAt <= at) return;
    cancelTimer?.();
    timerAt = at;
    cancelTimer = clock.setTimer(Math.max(0, at - clock.now()), () => {
      cancelTimer = undefined;
      timerAt = Infinity;
      pump();
    });
  };

  const pump = (): void => {
    while (waiting.length > 0) {
      const now = clock.now();
      if (now < pausedUntil) {
        schedule(pausedUntil);
        return;
      }
      while (sent.length > 0 && (sent[0] as number) <= now - options.windowMs) sent.shift();
      if (sent.length >= options.limit) {
        schedule((sent[0] as number) + options.windowMs);
        return;
      }
      sent.push(now);
      (waiting.shift() as () => void)();
    }
  };

  return {
    acquire() {
      return new Promise<void>((resolve) => {
        waiting.push(resolve);
        pump();
      });
    },
    pause(ms) {
      pausedUntil = Math.max(pausedUntil, clock.now() + ms);
    },
    get queued() {
      return waiting.length;
    },
  };
}
