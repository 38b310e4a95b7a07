import { useState, type KeyboardEvent } from 'react';
import { buyShown, useBench } from './bench-store';

/**
 * A package field the station owns (Weight, Insurance) while the packer
 * types in it. The typed text is shown only for the package it was typed for
 * and only over the value the station showed when typing began: a new order,
 * or a new value from the station (a stable scale reading), replaces it.
 * Leaving the field or Enter hands a changed text to the station, which draws
 * new prices for it: that Enter never buys, since its price was not on screen.
 * Enter on a text the station already shows buys the price on screen.
 */
export function usePackageDraft(shown: string, send: (text: string) => void) {
  const packageId = useBench((s) => s.bench?.packageId ?? 0);
  const [draft, setDraft] = useState<{ readonly packageId: number; readonly base: string; readonly text: string } | null>(null);
  const text = draft && draft.packageId === packageId && draft.base === shown ? draft.text : shown;
  return {
    value: text,
    onChange: (e: { readonly target: { readonly value: string } }): void => setDraft({ packageId, base: shown, text: e.target.value }),
    onBlur: (): void => {
      if (draft && draft.text !== shown) send(draft.text);
      setDraft(null);
    },
    onKeyDown: (e: KeyboardEvent<HTMLInputElement>): void => {
      if (e.key !== 'Enter') return;
      e.preventDefault();
      e.stopPropagation();
      setDraft(null);
      if (text !== shown) send(text);
      else void buyShown();
    },
  };
}
