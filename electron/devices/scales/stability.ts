import type { WeightUnit } from '../../../shared/domain/units';
import { statusTexts, type ScaleReading, type ScaleStatus } from './report';

/**
 * Turns the stream of reports a scale sends (tens per second) into the
 * weight the station may trust. A weight is stable only when the scale says
 * so AND the same value has held for a settle window: some scales flag
 * "stable" for one report while a box is still rocking, and the first report
 * after opening can be a stale value from before the package was placed.
 */

export interface WeightState {
  readonly status: ScaleStatus;
  readonly statusText: string;
  readonly value: number;
  readonly unit: WeightUnit;
  readonly weightOz: number;
  /** The scale says stable (or stable at zero) and the value has held for the settle window. */
  readonly stable: boolean;
  /** Milliseconds (the caller's clock) of the report this state came from. */
  readonly at: number;
}

export interface WeightTrackerOptions {
  /** How long the same value must hold before it counts as stable. */
  readonly settleMs?: number;
  /** How many agreeing reports that takes, at least (guards against a slow stream). */
  readonly minReports?: number;
  /** Readings within this many ounces count as the same (0: exactly the same). */
  readonly toleranceOz?: number;
  /** Reports thrown away after (re)opening, because the first one can be stale. */
  readonly discardFirst?: number;
}

export interface WeightTracker {
  /** Feeds one report; `changed` says whether anything a screen shows is different. */
  push(reading: ScaleReading, at: number): { readonly state: WeightState | undefined; readonly changed: boolean };
  current(): WeightState | undefined;
  /** Forget everything, as after a reconnect. */
  reset(): void;
}

export const DEFAULT_SETTLE_MS = 300;
export const DEFAULT_MIN_REPORTS = 3;

const settling = 'Settling…';
const canSettle = (status: ScaleStatus): boolean => status === 'stable' || status === 'zero';

export function createWeightTracker(options: WeightTrackerOptions = {}): WeightTracker {
  const settleMs = options.settleMs ?? DEFAULT_SETTLE_MS;
  const minReports = options.minReports ?? DEFAULT_MIN_REPORTS;
  const toleranceOz = options.toleranceOz ?? 0;
  const discardFirst = options.discardFirst ?? 1;

  let discarded = 0;
  let run: { readonly first: ScaleReading; readonly since: number; count: number } | undefined;
  let state: WeightState | undefined;

  const sameWeight = (a: ScaleReading, b: ScaleReading): boolean =>
    a.status === b.status && a.unit === b.unit && Math.abs(a.weightOz - b.weightOz) <= toleranceOz;

  return {
    push(reading, at) {
      if (discarded < discardFirst) {
        discarded += 1;
        return { state, changed: false };
      }
      if (run && sameWeight(run.first, reading)) run.count += 1;
      else run = { first: reading, since: at, count: 1 };

      const held = at - run.since >= settleMs && run.count >= minReports;
      const stable = canSettle(reading.status) && held;
      const statusText = canSettle(reading.status) && !held ? settling : statusTexts[reading.status];
      const next: WeightState = {
        status: reading.status,
        statusText,
        value: reading.value,
        unit: reading.unit,
        weightOz: reading.weightOz,
        stable,
        at,
      };
      const changed =
        !state ||
        state.status !== next.status ||
        state.stable !== next.stable ||
        state.value !== next.value ||
        state.unit !== next.unit ||
        state.statusText !== next.statusText;
      state = next;
      return { state, changed };
    },
    current: () => state,
    reset() {
      discarded = 0;
      run = undefined;
      state = undefined;
    },
  };
}
