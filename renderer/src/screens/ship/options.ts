import type { ShipOptions, Signature } from './ship-store';

const signatureCycle: readonly (Signature | null)[] = [null, 'signature', 'adult_signature', 'usps_signature_restricted', 'usps_adult_signature_restricted'];

export const signatureWords: Record<Signature, string> = {
  signature: 'Signature',
  adult_signature: 'Adult signature',
  usps_signature_restricted: 'Restricted delivery',
  usps_adult_signature_restricted: 'Restricted delivery, 21+',
};

export function nextSignature(current: Signature | null): Signature | null {
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

export function toggled(options: ShipOptions, id: Toggle): ShipOptions {
  return { ...options, [id]: !options[id] };
}
