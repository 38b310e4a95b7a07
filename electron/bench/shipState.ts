import type { BenchState } from '../../shared/contract/bench';
import type { PackageSpec } from '../../shared/contract/shippingTypes';
import { blockersOf, emptyBench } from './benchState';

/**
 * The Ship screen's one BenchState and the package it is for. Every change
 * goes through set, which numbers it, works out what stops Buy and pushes it;
 * a new package gets a new id, which tells a late answer for the old one apart.
 */
export function createShipState(emit: (state: BenchState) => void) {
  let seq = 0;
  let s: BenchState = emptyBench(0, 0);
  /** The purchase journal's key of the package on the bench (order and box); null with no order. */
  let packageKey: string | null = null;

  function set(patch: Partial<BenchState>): BenchState {
    const next = { ...s, ...patch };
    s = { ...next, seq: ++seq, blockers: blockersOf(next) };
    emit(s);
    return s;
  }

  return {
    get: (): BenchState => s,
    set,
    /** An empty bench for the next package (or none), pushed with the next set. */
    restart(key: string | null): void {
      packageKey = key;
      s = emptyBench(s.seq, s.packageId + 1);
    },
    packageKey: (): string | null => packageKey,
    /** The purchase engine's name for the package being bought (a return label is a package of its own): its progress comes under it. */
    buyingAs(key: string): void {
      packageKey = key;
    },
    isCurrent: (packageId: number): boolean => s.packageId === packageId,
    /** Nothing to edit without an order, nor while its label is being bought or once it is. */
    locked: (): boolean => s.purchase.status === 'buying' || s.purchase.status === 'bought' || !s.order,
    /** The package as it is rated and bought now. */
    pkg: (): PackageSpec => ({ weightOz: s.weight.oz ?? 0, ...(s.dims ?? {}) }),
  };
}

export type ShipState = ReturnType<typeof createShipState>;
