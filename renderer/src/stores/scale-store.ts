import { create } from 'zustand';
import type { ScaleWeight } from '../../../shared/contract/devices';

/** The latest weight pushed by the station, shared by the status bar and the Ship screen. */
export const useScale = create<{ readonly reading: ScaleWeight | null; readonly set: (reading: ScaleWeight | null) => void }>((set) => ({
  reading: null,
  set: (reading) => set({ reading }),
}));

/** A weight the station trusts for postage. */
export function stableWeight(reading: ScaleWeight | null): number | null {
  return reading && reading.stable && reading.weightOz > 0 ? reading.weightOz : null;
}
