import type { BenchOptions, Signature } from '../../../../shared/contract/bench';
import { intent, useBench } from './bench-store';

const signatureCycle: readonly (Signature | null)[] = [null, 'signature', 'adult_signature', 'usps_signature_restricted', 'usps_adult_signature_restricted'];

export const signatureWords: Record<Signature, string> = {
  signature: 'Signature',
  adult_signature: 'Adult signature',
  usps_signature_restricted: 'Restricted delivery',
  usps_adult_signature_restricted: 'Restricted delivery, 21+',
};

function nextSignature(current: Signature | null): Signature | null {
  const index = signatureCycle.indexOf(current);
  return signatureCycle[(index + 1) % signatureCycle.length] ?? null;
}

type Toggle = 'saturday' | 'additionalHandling' | 'returnLabel' | 'lithiumBattery' | 'qrLabel';

/** Function keys: one key per option, none shared with what a scanner types. */
export const optionKeys: ReadonlyArray<{ readonly key: string; readonly id: Toggle | 'signature' | 'insurance'; readonly label: string }> = [
  { key: 'F1', id: 'signature', label: 'Signature' },
  { key: 'F2', id: 'insurance', label: 'Insurance' },
  { key: 'F3', id: 'saturday', label: 'Saturday delivery' },
  { key: 'F4', id: 'additionalHandling', label: 'Additional handling' },
  { key: 'F7', id: 'returnLabel', label: 'Return label' },
  { key: 'F8', id: 'lithiumBattery', label: 'Lithium battery' },
  { key: 'F9', id: 'qrLabel', label: 'QR label' },
];

export const isOn = (options: BenchOptions, id: Toggle | 'signature'): boolean => (id === 'signature' ? options.signature !== null : options[id]);

/** What an option key does: the station changes the option; F2 puts the cursor in the insurance amount. */
export function optionKey(key: string): void {
  const option = optionKeys.find((o) => o.key === key);
  const options = useBench.getState().bench?.options;
  if (!option || !options) return;
  if (option.id === 'insurance') {
    document.getElementById('insurance-amount')?.focus();
    return;
  }
  if (option.id === 'signature') {
    void intent('bench.option', { option: 'signature', value: nextSignature(options.signature) });
    return;
  }
  void intent('bench.option', { option: option.id, on: !options[option.id] });
}
