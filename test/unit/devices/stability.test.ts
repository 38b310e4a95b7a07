import { describe, expect, it } from 'vitest';
import { parseScaleReport, type ScaleReading } from '../../../electron/devices/scales/report';
import { createWeightTracker, type WeightState } from '../../../electron/devices/scales/stability';

function r(hex: string): ScaleReading {
  const parsed = parseScaleReport(Uint8Array.from(hex.split(' ').map((b) => parseInt(b, 16))));
  if (parsed.kind !== 'reading') throw new Error(hex);
  return parsed.reading;
}

const ZERO = r('03 02 0B FF 00 00');
const MOTION_31 = r('03 03 0B FF 1F 00');
const MOTION_47 = r('03 03 0B FF 2F 00');
const STABLE_49 = r('03 04 0B FF 31 00');
const STABLE_50 = r('03 04 0B FF 32 00');
const UNDER = r('03 05 0B FF 02 00');
const OVER = r('03 06 0C 00 00 00');

/** Feeds [ms, reading] pairs and returns every state, in order. */
function feed(sequence: ReadonlyArray<readonly [number, ScaleReading]>, options = {}): WeightState[] {
  const tracker = createWeightTracker({ discardFirst: 0, ...options });
  return sequence.map(([at, reading]) => {
    const { state } = tracker.push(reading, at);
    if (!state) throw new Error('no state');
    return state;
  });
}

describe('stable weight', () => {
  it('holds a stable flag back until the value has settled for 300 ms and 3 reports', () => {
    const states = feed([
      [0, MOTION_31],
      [80, MOTION_47],
      [160, STABLE_49],
      [240, STABLE_49],
      [320, STABLE_49],
      [400, STABLE_49],
      [480, STABLE_49],
    ]);
    expect(states.map((s) => s.stable)).toEqual([false, false, false, false, false, false, true]);
    expect(states[2]).toMatchObject({ status: 'stable', statusText: 'Settling…', stable: false, weightOz: 4.9 });
    expect(states[6]).toMatchObject({ status: 'stable', statusText: 'Stable', stable: true, weightOz: 4.9, at: 480 });
  });

  it('needs the minimum report count even when time has passed (a slow stream)', () => {
    const states = feed([
      [0, STABLE_49],
      [1000, STABLE_49],
      [2000, STABLE_49],
    ]);
    expect(states.map((s) => s.stable)).toEqual([false, false, true]);
  });

  it('starts the window again when the value changes, even if the scale says stable throughout', () => {
    const states = feed([
      [0, STABLE_49],
      [100, STABLE_49],
      [200, STABLE_50],
      [300, STABLE_50],
      [400, STABLE_50],
      [500, STABLE_50],
    ]);
    expect(states.map((s) => s.stable)).toEqual([false, false, false, false, false, true]);
  });

  it('drops stability the moment the scale reports motion', () => {
    const states = feed([
      [0, STABLE_49],
      [150, STABLE_49],
      [300, STABLE_49],
      [350, MOTION_47],
    ]);
    expect(states[2]?.stable).toBe(true);
    expect(states[3]).toMatchObject({ stable: false, status: 'in_motion', statusText: 'Settling…' });
  });

  it('reports a settled empty platform as a stable zero', () => {
    const states = feed([
      [0, ZERO],
      [150, ZERO],
      [300, ZERO],
    ]);
    expect(states[2]).toMatchObject({ status: 'zero', statusText: 'Empty', stable: true, weightOz: 0 });
  });

  it('never calls under-zero or over-limit stable, and tells the packer what to do', () => {
    const states = feed([
      [0, UNDER],
      [200, UNDER],
      [400, UNDER],
      [600, OVER],
      [800, OVER],
      [1000, OVER],
    ]);
    expect(states.every((s) => !s.stable)).toBe(true);
    expect(states[2]).toMatchObject({ status: 'under_zero', value: -0.2, statusText: expect.stringMatching(/ZERO/) });
    expect(states[5]).toMatchObject({ status: 'over_limit', statusText: 'Too heavy for this scale' });
  });

  it('accepts small wobble within a tolerance', () => {
    const alternating = [0, 100, 200, 300, 400].map((at, i) => [at, i % 2 ? STABLE_50 : STABLE_49] as const);
    expect(feed(alternating).at(-1)?.stable).toBe(false);
    expect(feed(alternating, { toleranceOz: 0.1 }).at(-1)?.stable).toBe(true);
  });

  it('throws away the stale first report after opening and after a reset', () => {
    const tracker = createWeightTracker();
    expect(tracker.push(STABLE_50, 0)).toEqual({ state: undefined, changed: false });
    expect(tracker.push(ZERO, 10).state?.status).toBe('zero');
    tracker.reset();
    expect(tracker.current()).toBeUndefined();
    expect(tracker.push(STABLE_50, 20).state).toBeUndefined();
  });

  it('marks only reports that change what the screen shows', () => {
    const tracker = createWeightTracker({ discardFirst: 0 });
    const changes = [
      [0, STABLE_49],
      [100, STABLE_49],
      [200, STABLE_49],
      [300, STABLE_49],
      [400, STABLE_49],
      [500, STABLE_49],
    ].map(([at, reading]) => tracker.push(reading as ScaleReading, at as number).changed);
    expect(changes).toEqual([true, false, false, true, false, false]);
  });
});
