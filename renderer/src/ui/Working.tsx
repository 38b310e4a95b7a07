import type { ReactNode } from 'react';

/** Says in words what is under way, beside the control that started it, for anything that takes over a moment. */
export function Working({ when, children }: { readonly when: boolean; readonly children: ReactNode }) {
  return when ? (
    <span className="badge working" aria-live="polite">
      {children}
    </span>
  ) : null;
}
