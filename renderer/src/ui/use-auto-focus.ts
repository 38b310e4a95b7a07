import { useEffect, useRef, type RefObject } from 'react';

/**
 * The field where the operator starts takes the focus on arrival, so a
 * scanner or the keyboard can be used right away. `ready` defers it until
 * that field is drawn (a list that arrives from the station); if the
 * operator has put the cursor somewhere by then (a key pressed while the
 * list was on its way), the late field leaves it there.
 */
export function useAutoFocus(ref: RefObject<HTMLElement | null>, ready = true): void {
  const focusOnArrival = useRef<Element | null>(null);
  useEffect(() => {
    focusOnArrival.current = document.activeElement;
  }, []);
  useEffect(() => {
    if (ready && document.activeElement === focusOnArrival.current) ref.current?.focus();
  }, [ref, ready]);
}
