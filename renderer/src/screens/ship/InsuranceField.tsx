import { useState } from 'react';
import { useShip } from './ship-store';

/**
 * The insurance amount as typed. A text field (not type=number) so the
 * scanner hook can take a barcode back out of it, and so "12." survives
 * while the packer is still typing "12.50".
 */
export function InsuranceField({ shortcut }: { readonly shortcut: string }) {
  const amount = useShip((s) => s.options.insuranceAmount);
  const patch = useShip((s) => s.patch);
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? (amount === null ? '' : String(amount));
  return (
    <input
      id="insurance-amount"
      inputMode="decimal"
      autoComplete="off"
      placeholder="none"
      aria-keyshortcuts={shortcut}
      value={text}
      onChange={(e) => {
        const raw = e.target.value;
        setDraft(raw);
        const value = Number(raw.replace(/[$,\s]/g, ''));
        const options = useShip.getState().options;
        patch({ options: { ...options, insuranceAmount: raw.trim() !== '' && Number.isFinite(value) && value > 0 ? value : null } });
      }}
      onBlur={() => setDraft(null)}
    />
  );
}
