import { useEffect, type RefObject } from 'react';

/** The first field of a screen takes the focus, so a scanner can be used right away. */
export function useAutoFocus(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => ref.current?.focus(), [ref]);
}
