import { intent, useBench } from './bench-store';
import { usePackageDraft } from './use-package-draft';

/**
 * The insurance amount as typed. A text field (not type=number) so the
 * scanner hook can take a barcode back out of it, and so "12." survives
 * while the packer is still typing "12.50". The station reads it: text it
 * cannot read gets words under the options and stops Buy.
 */
export function InsuranceField({ shortcut }: { readonly shortcut: string }) {
  const shown = useBench((s) => s.bench?.options.insuranceText ?? '');
  const invalid = useBench((s) => s.bench?.options.insuranceError != null);
  // Enter on a changed amount prices the insurance; the next Enter buys the price then on screen.
  const field = usePackageDraft(shown, (text) => void intent('bench.option', { option: 'insurance', text }));
  return (
    <input
      id="insurance-amount"
      inputMode="decimal"
      autoComplete="off"
      placeholder="none"
      aria-keyshortcuts={shortcut}
      aria-invalid={invalid}
      aria-describedby={invalid ? 'insurance-error' : undefined}
      {...field}
    />
  );
}
