import { useEffect, type RefObject } from 'react';

const startable = 'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])';

/**
 * A screen whose work starts at its first control puts the cursor there on
 * arrival (or on the control named by `first`, when it can take it), so
 * Tab, Enter and the keys work at once; a cursor the operator has placed
 * meanwhile stays where it is.
 */
export function useStartFocus(screen: RefObject<HTMLElement | null>, ready = true, first?: string): void {
  useEffect(() => {
    const root = screen.current;
    if (!ready || !root) return;
    const active = document.activeElement;
    if (active && active !== document.body && root.contains(active)) return;
    const target = (first ? root.querySelector<HTMLElement>(`${first}:not([disabled])`) : null) ?? root.querySelector<HTMLElement>(startable);
    target?.focus();
  }, [screen, ready, first]);
}
