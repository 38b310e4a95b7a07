import { create } from 'zustand';
import type { BatchRow } from '../../../../shared/contract/bench';
import type { BatchOutcome } from '../../../../shared/contract/shippingTypes';

/** One scanned package: what the operator typed and chose; the station's prepared row says what it costs and whether it is ready. */
export interface BatchLine {
  readonly key: string;
  readonly orderNumber: string;
  readonly weightText: string;
  readonly prepared: BatchRow | null;
  readonly picked: number | null;
  readonly override: string;
  readonly outcome: BatchOutcome | null;
}

interface BatchState {
  readonly lines: readonly BatchLine[];
  readonly running: boolean;
  readonly done: number;
  readonly patch: (partial: Partial<Pick<BatchState, 'running' | 'done'>>) => void;
  readonly add: (line: BatchLine) => boolean;
  readonly update: (key: string, change: Partial<BatchLine>) => void;
  readonly remove: (key: string) => void;
  readonly clear: () => void;
}

/** The packages waiting on the bench for one batch run; view state only. */
export const useBatch = create<BatchState>((set, get) => ({
  lines: [],
  running: false,
  done: 0,
  patch: (partial) => set(partial),
  add: (line) => {
    if (get().lines.some((l) => l.key === line.key)) return false;
    set((s) => ({ lines: [...s.lines, line] }));
    return true;
  },
  update: (key, change) => set((s) => ({ lines: s.lines.map((l) => (l.key === key ? { ...l, ...change } : l)) })),
  remove: (key) => set((s) => ({ lines: s.lines.filter((l) => l.key !== key) })),
  clear: () => set({ lines: [], done: 0, running: false }),
}));

/** A line Buy all would buy: prepared, not shipped, nothing in its way but an address the operator overrode. */
export function buyable(line: BatchLine): boolean {
  const row = line.prepared;
  if (!row || line.outcome?.ok || line.picked === null || row.alreadyShipped) return false;
  const overridden = row.address.status === 'needs_decision' && line.override.trim().toUpperCase() === 'SHIP';
  return row.blockers.every((b) => overridden && b === row.address.problem);
}

export function priceOf(line: BatchLine): number {
  const rate = line.picked === null ? undefined : line.prepared?.quote?.rates[line.picked];
  return rate?.price ?? 0;
}
