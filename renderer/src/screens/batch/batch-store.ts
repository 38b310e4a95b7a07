import { create } from 'zustand';
import type { BatchOutcome, BatchRateResult, OrderLine, PackagePreset } from '../../../../shared/contract/shippingTypes';

export interface BatchRow {
  readonly key: string;
  readonly order: OrderLine;
  readonly weightOz: number | null;
  readonly dims: { readonly lengthIn: number; readonly widthIn: number; readonly heightIn: number; readonly packageCode?: string } | null;
  readonly rates: BatchRateResult | null;
  readonly outcome: BatchOutcome | null;
}

interface BatchState {
  readonly rows: readonly BatchRow[];
  readonly running: boolean;
  readonly done: number;
  /** False when the order is already in the batch. Its row key is `order:<number>:0`. */
  readonly add: (order: OrderLine, preset: PackagePreset | null) => boolean;
  readonly remove: (key: string) => void;
  readonly setWeight: (key: string, weightOz: number | null) => void;
  readonly setRates: (results: readonly BatchRateResult[]) => void;
  readonly setOutcome: (outcome: BatchOutcome) => void;
  readonly patch: (partial: Partial<Pick<BatchState, 'running' | 'done'>>) => void;
  readonly clear: () => void;
}

/** The packages waiting on the bench for one batch run; view state only. */
export const useBatch = create<BatchState>((set, get) => ({
  rows: [],
  running: false,
  done: 0,
  add: (order, preset) => {
    const key = `order:${order.orderNumber}:0`;
    if (get().rows.some((r) => r.key === key)) return false;
    const dims = order.package?.lengthIn
      ? { lengthIn: order.package.lengthIn, widthIn: order.package.widthIn ?? 1, heightIn: order.package.heightIn ?? 1, packageCode: order.package.packageCode }
      : preset
        ? { lengthIn: preset.lengthIn, widthIn: preset.widthIn, heightIn: preset.heightIn, packageCode: preset.packageCode }
        : null;
    set((s) => ({ rows: [...s.rows, { key, order, weightOz: order.package?.weightOz ?? null, dims, rates: null, outcome: null }] }));
    return true;
  },
  remove: (key) => set((s) => ({ rows: s.rows.filter((r) => r.key !== key) })),
  setWeight: (key, weightOz) => set((s) => ({ rows: s.rows.map((r) => (r.key === key ? { ...r, weightOz, rates: null } : r)) })),
  setRates: (results) => set((s) => ({ rows: s.rows.map((r) => ({ ...r, rates: results.find((x) => x.key === r.key) ?? r.rates })) })),
  setOutcome: (outcome) => set((s) => ({ rows: s.rows.map((r) => (r.key === outcome.key ? { ...r, outcome } : r)) })),
  patch: (partial) => set(partial),
  clear: () => set({ rows: [], done: 0, running: false }),
}));

export function packagesOf(rows: readonly BatchRow[]) {
  return rows
    .filter((r) => r.weightOz !== null && r.weightOz > 0)
    .map((r) => ({ key: r.key, orderNumber: r.order.orderNumber, to: r.order.recipient, package: { weightOz: r.weightOz ?? 0, ...(r.dims ?? {}) } }));
}
