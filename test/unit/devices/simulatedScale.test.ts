import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScaleReading } from '../../../electron/devices/scales/report';
import { createSimulatedScale } from '../../../electron/devices/scales/simulatedScale';
import { createWeightTracker } from '../../../electron/devices/scales/stability';

describe('simulated scale', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function run() {
    const readings: ScaleReading[] = [];
    const tracker = createWeightTracker();
    const stable: boolean[] = [];
    const scale = createSimulatedScale({
      onReading: (r) => {
        readings.push(r);
        stable.push(tracker.push(r, Date.now()).state?.stable ?? false);
      },
    });
    scale.start();
    return { scale, readings, stable };
  }

  it('streams a stable zero while empty', async () => {
    const { scale, readings } = run();
    await vi.advanceTimersByTimeAsync(500);
    expect(readings.length).toBe(6);
    expect(readings.every((r) => r.status === 'zero' && r.weightOz === 0)).toBe(true);
    scale.close();
  });

  it('rocks in motion after a weight is set, then settles and becomes stable through the tracker', async () => {
    const { scale, readings, stable } = run();
    await vi.advanceTimersByTimeAsync(100);
    const before = readings.length;
    scale.set(20.6);
    await vi.advanceTimersByTimeAsync(1500);
    const after = readings.slice(before);
    const motion = after.filter((r) => r.status === 'in_motion');
    expect(motion.length).toBe(6);
    expect(new Set(motion.map((r) => r.weightOz)).size).toBeGreaterThan(1);
    expect(after.at(-1)).toMatchObject({ status: 'stable', weightOz: 20.6, unit: 'oz', value: 20.6 });
    expect(stable.at(-1)).toBe(true);
    // Never stable while the platform moves.
    const firstStable = stable.indexOf(true, before);
    expect(readings[firstStable]?.status).toBe('stable');
    expect(readings.slice(firstStable - 3, firstStable).every((r) => r.status === 'stable')).toBe(true);
    scale.close();
  });

  it('zeroes, goes under zero when the package is lifted, and reports over the limit', async () => {
    const { scale, readings } = run();
    scale.set(10);
    scale.zero();
    expect(readings.at(-1)?.status).toBe('zero');
    scale.set(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(readings.at(-1)).toMatchObject({ status: 'under_zero', value: -10 });
    scale.set(2000);
    await vi.advanceTimersByTimeAsync(100);
    expect(readings.at(-1)?.status).toBe('over_limit');
    expect(() => scale.set(-1)).toThrow(RangeError);
    scale.close();
    const count = readings.length;
    await vi.advanceTimersByTimeAsync(1000);
    expect(readings.length).toBe(count);
  });
});
