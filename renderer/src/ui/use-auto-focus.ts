import { useEffect, type RefObject } from 'react';

/**
 * The field where the operator starts takes the focus on arrival, so a
 * scanner or the keyboard can be used right away. `ready` defers it until
 * that field is drawn (a list that arrives from the station).
 */
export function useAutoFocus(ref: RefObject<HTMLElement | null>, ready = true): void {
  useEffect(() => {
    if (ready) ref.current?.focus();
  }, [ref, ready]);
}
