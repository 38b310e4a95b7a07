import { useState } from 'react';
import { intent, useBench } from './bench-store';

/**
 * The insurance amount as typed. A text field (not type=number) so the
 * scanner hook can take a barcode back out of it, and so "12." survives
 * while the packer is still typing "12.50". The station reads it: text it
 * cannot read gets words under the options and stops Buy.
 */
export function InsuranceField({ shortcut }: { readonly shortcut: string }) {
  const shown = useBench((s) => s.bench?.options.insuranceText ?? '');
  const invalid = useBench((s) => s.bench?.options.insuranceError != null);
  const packageId = useBench((s) => s.bench?.packageId ?? 0);
  // What the packer is typing, for this package and over what the station showed when they started.
  const [draft, setDraft] = useState<{ readonly packageId: number; readonly base: string; readonly text: string } | null>(null);
  const text = draft && draft.packageId === packageId && draft.base === shown ? draft.text : shown;
  const commit = (): void => {
    if (draft && draft.text !== shown) void intent('bench.option', { option: 'insurance', text: draft.text });
    setDraft(null);
  };
  return (
    <input
      id="insurance-amount"
      inputMode="decimal"
      autoComplete="off"
      placeholder="none"
      aria-keyshortcuts={shortcut}
      aria-invalid={invalid}
      aria-describedby={invalid ? 'insurance-error' : undefined}
      value={text}
      onChange={(e) => setDraft({ packageId, base: shown, text: e.target.value })}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key !== 'Enter') return;
        // Enter in the amount buys the package when it is ready, with the amount as typed.
        e.preventDefault();
        e.stopPropagation();
        const typed = text;
        setDraft(null);
        void intent('bench.buy', { insuranceText: typed });
      }}
    />
  );
}
