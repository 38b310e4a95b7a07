import { describe, expect, it } from 'vitest';
import { groupOf, v1LimitGroups, V1_WINDOW_MS } from '../../../electron/api/v1/groups';
import { createSlidingWindowLimiter, type Clock } from '../../../electron/api/v1/limiter';

/** A clock the test moves by hand; timers fire only when it is advanced past them. */
function manualClock(start = 0): Clock & { advance(ms: number): Promise<void> } {
  let now = start;
  let timers: Array<{ at: number; fn: () => void }> = [];
  const flush = () => new Promise<void>((resolve) => setImmediate(resolve));
  return {
    now: () => now,
    setTimer(ms, fn) {
      const timer = { at: now + ms, fn };
      timers.push(timer);
      return () => {
        timers = timers.filter((t) => t !== timer);
      };
    },
    async advance(ms) {
      await flush();
      const end = now + ms;
      for (;;) {
        const due = timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        now = due.at;
        timers = timers.filter((t) => t !== due);
        due.fn();
        await flush();
      }
      now = end;
      await flush();
    },
  };
}

async function burst(limiter: { acquire(): Promise<void> }, clock: Clock, count: number): Promise<number[]> {
  const started: number[] = [];
  for (let i = 0; i < count; i += 1) void limiter.acquire().then(() => started.push(clock.now()));
  await new Promise<void>((resolve) => setImmediate(resolve));
  return started;
}

/** Largest number of starts inside any window of `windowMs`. */
function maxInWindow(starts: number[], windowMs: number): number {
  let best = 0;
  for (let i = 0; i < starts.length; i += 1) {
    const inside = starts.filter((t) => t >= (starts[i] as number) && t < (starts[i] as number) + windowMs).length;
    best = Math.max(best, inside);
  }
  return best;
}

describe('v1 sliding-window limiter', () => {
  it('lets a burst up to the limit through at once and queues the rest instead of failing', async () => {
    const clock = manualClock();
    const limiter = createSlidingWindowLimiter({ limit: 60, windowMs: 60_000, clock });
    const started = await burst(limiter, clock, 150);
    expect(started).toHaveLength(60);
    expect(limiter.queued).toBe(90);
    await clock.advance(60_000);
    expect(started).toHaveLength(120);
    await clock.advance(60_000);
    expect(started).toHaveLength(150);
    expect(limiter.queued).toBe(0);
    expect(maxInWindow(started, 60_000)).toBe(60);
  });

  it('never exceeds the limit in any sliding window, even for spread-out traffic', async () => {
    const clock = manualClock();
    const limiter = createSlidingWindowLimiter({ limit: 10, windowMs: 1_000, clock });
    const started: number[] = [];
    for (let step = 0; step < 40; step += 1) {
      for (let i = 0; i < 3; i += 1) void limiter.acquire().then(() => started.push(clock.now()));
      await clock.advance(137);
    }
    await clock.advance(20_000);
    expect(started).toHaveLength(120);
    expect(maxInWindow(started, 1_000)).toBeLessThanOrEqual(10);
    // FIFO and monotonic.
    expect([...started].sort((a, b) => a - b)).toEqual(started);
  });

  it('holds everyone back for a Retry-After pause', async () => {
    const clock = manualClock();
    const limiter = createSlidingWindowLimiter({ limit: 100, windowMs: 60_000, clock });
    limiter.pause(5_000);
    const started = await burst(limiter, clock, 3);
    expect(started).toHaveLength(0);
    await clock.advance(4_999);
    expect(started).toHaveLength(0);
    await clock.advance(1);
    expect(started).toEqual([5_000, 5_000, 5_000]);
  });

  it('maps endpoints to the spec\'s groups', () => {
    expect(v1LimitGroups).toEqual({ labels: 600, orders: 300, orderLabels: 120, account: 60 });
    expect(groupOf('/api/rates/list')).toBe('labels');
    expect(groupOf('/api/shipments/void')).toBe('labels');
    expect(groupOf('/api/addresses/verify')).toBe('labels');
    expect(groupOf('/api/orders/delete')).toBe('orders');
    expect(groupOf('/api/shipments/get')).toBe('orderLabels');
    expect(groupOf('/api/shipments/scan-forms/dhl/ecommerce/get')).toBe('account');
    expect(groupOf('/api/balance')).toBe('account');
    expect(V1_WINDOW_MS).toBeGreaterThanOrEqual(60_000);
  });
});
