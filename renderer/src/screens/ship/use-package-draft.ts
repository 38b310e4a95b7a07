import { useState, type KeyboardEvent } from 'react';
import { useBench } from './bench-store';

/**
 * A package field the station owns (Weight, Insurance) while the packer
 * types in it. The typed text is shown only for the package it was typed for
 * and only over the value the station showed when typing began: a new order,
 * or a new value from the station (a stable scale reading), replaces it.
 * Leaving the field hands a changed text to the station; Enter hands it over
 * with a Buy (the station reads it first, and buys only when the package is
 * ready), so one key both enters the value and buys.
 */
export function usePackageDraft(shown: string, send: (text: string) => void, buy: (text: string) => void) {
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
      buy(text);
    },
  };
}
