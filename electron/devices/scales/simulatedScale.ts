import { parseScaleReport, type ScaleReading } from './report';

export const SIMULATED_SCALE_ID = 'simulated';

export interface SimulatedScaleOptions {
  readonly onReading: (reading: ScaleReading) => void;
  /** How long the platform "rocks" after a weight is placed. */
  readonly motionMs?: number;
  /** Report period; real scales stream every 50-250 ms. */
  readonly intervalMs?: number;
  /** Capacity in ounces; above it the scale reports over limit (70 lb, like a DYMO M70/S250 class scale). */
  readonly capacityOz?: number;
}

export interface SimulatedScale {
  readonly id: string;
  readonly name: string;
  /** Places (or removes, with 0) a package of this many ounces on the platform. */
  set(weightOz: number): void;
  /** Re-zero: whatever is on the platform now reads as zero. */
  zero(): void;
  start(): void;
  close(): void;
}

// The simulated scale reports in tenths of an ounce, like a DYMO M10.
const EXPONENT = 0xff;
const OUNCES = 11;
const STATUS = { zero: 2, motion: 3, stable: 4, underZero: 5, overLimit: 6 } as const;

function report(status: number, tenths: number): Uint8Array {
  const count = Math.min(0xffff, Math.max(0, Math.round(Math.abs(tenths))));
  return Uint8Array.from([3, status, OUNCES, EXPONENT, count & 0xff, count >> 8]);
}

/**
 * A scale for the sandbox and for training: it produces the same HID
 * reports a real scale streams, through the same parser, so a weight set by
 * the UI goes through motion, then settles, exactly like a package placed
 * on a DYMO.
 */
export function createSimulatedScale(options: SimulatedScaleOptions): SimulatedScale {
  const motionMs = options.motionMs ?? 600;
  const intervalMs = options.intervalMs ?? 100;
  const capacityOz = options.capacityOz ?? 70 * 16;
  let onPlatform = 0;
  let tareOz = 0;
  let motionTicksLeft = 0;
  let tick = 0;
  let timer: ReturnType<typeof setInterval> | undefined;

  const current = (): Uint8Array => {
    const net = Math.round((onPlatform - tareOz) * 10) / 10;
    if (onPlatform > capacityOz) return report(STATUS.overLimit, 0);
    if (motionTicksLeft > 0) {
      // Settles toward the weight the way a platform rocks: overshoot, undershoot, smaller each time.
      const swing = net * 0.15 * (-0.5) ** (tick - motionTicksLeft + 1);
      return report(STATUS.motion, (net + swing) * 10);
    }
    if (net === 0) return report(STATUS.zero, 0);
    return report(net < 0 ? STATUS.underZero : STATUS.stable, net * 10);
  };

  const emit = (): void => {
    const parsed = parseScaleReport(current());
    if (parsed.kind === 'reading') options.onReading(parsed.reading);
    if (motionTicksLeft > 0) motionTicksLeft -= 1;
  };

  return {
    id: SIMULATED_SCALE_ID,
    name: 'Simulated scale',
    set(weightOz) {
      if (!Number.isFinite(weightOz) || weightOz < 0) throw new RangeError('A simulated weight is zero or more ounces');
      if (weightOz === onPlatform) return;
      onPlatform = weightOz;
      tick = Math.max(1, Math.ceil(motionMs / intervalMs));
      motionTicksLeft = tick;
      if (timer) emit();
    },
    zero() {
      tareOz = onPlatform;
      motionTicksLeft = 0;
      if (timer) emit();
    },
    start() {
      if (timer) return;
      timer = setInterval(emit, intervalMs);
      timer.unref?.();
      emit();
    },
    close() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
