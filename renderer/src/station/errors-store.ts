import { create } from 'zustand';
import type { StationError } from '../../../shared/contract/errors';

export interface ShownError {
  readonly id: number;
  /** What the operator was doing, e.g. "Buying the label". */
  readonly action: string;
  readonly error: StationError;
}

interface ErrorState {
  readonly errors: readonly ShownError[];
  readonly show: (action: string, error: StationError) => void;
  readonly dismiss: (id: number) => void;
  readonly clear: () => void;
}

let nextId = 1;

/** The one error surface: everything that failed and was not shown next to its cause. */
export const useErrors = create<ErrorState>((set) => ({
  errors: [],
  show: (action, error) =>
    set((state) => ({ errors: [...state.errors.filter((e) => e.error.message !== error.message).slice(-3), { id: nextId++, action, error }] })),
  dismiss: (id) => set((state) => ({ errors: state.errors.filter((e) => e.id !== id) })),
  clear: () => set({ errors: [] }),
}));
