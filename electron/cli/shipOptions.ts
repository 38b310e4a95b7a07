import { signatureOptions } from '../../shared/contract/shipping';
import { CliUsageError } from './command';

/** The Ship screen's options as flags of `buy` and `returns buy`. */
export const shipOptionFlags = {
  signature: { type: 'string' },
  saturday: { type: 'boolean', default: false },
  'additional-handling': { type: 'boolean', default: false },
  box: { type: 'string' },
  reference: { type: 'string' },
} as const;

export const shipOptionsUsage = [
  `  --signature TYPE    ask for a signature: ${signatureOptions.join(', ')}`,
  '  --saturday          ask for Saturday delivery where the carrier offers it',
  '  --additional-handling  the package needs additional handling (odd shape, not in a carton)',
  '  --box NAME          a box preset of the station by name, or a carrier package such as USPS_FLAT_RATE_ENVELOPE',
  '  --reference TEXT    a reference printed on the label\'s second custom line (at most 35 characters); the first carries the order number',
];

interface ShipOptionValues {
  readonly signature?: string | undefined;
  readonly saturday?: boolean | undefined;
  readonly 'additional-handling'?: boolean | undefined;
  readonly box?: string | undefined;
  readonly reference?: string | undefined;
}

export interface ShipOptions {
  readonly signature?: (typeof signatureOptions)[number];
  readonly saturday: boolean;
  readonly additionalHandling: boolean;
  readonly preset?: string;
  readonly reference?: string;
}

/** The flags read as the station's options, or words for the first bad one. */
export function readShipOptions(values: ShipOptionValues): ShipOptions {
  let signature: ShipOptions['signature'];
  if (values.signature !== undefined) {
    const typed = values.signature.trim().toLowerCase().replace(/-/g, '_');
    const known = signatureOptions.find((s) => s === typed);
    if (!known) throw new CliUsageError(`--signature takes one of ${signatureOptions.join(', ')}; "${values.signature}" is not one.`);
    signature = known;
  }
  const box = values.box?.trim();
  if (values.box !== undefined && !box) throw new CliUsageError('--box takes the name of a box preset, or a carrier package such as USPS_FLAT_RATE_ENVELOPE.');
  const reference = values.reference?.trim();
  if (values.reference !== undefined && !reference) throw new CliUsageError('--reference takes the text to print on the label, such as a PO number.');
  if (reference && reference.length > 35) throw new CliUsageError(`--reference is printed on the label and can be at most 35 characters; this one has ${reference.length}.`);
  return {
    ...(signature ? { signature } : {}),
    saturday: values.saturday === true,
    additionalHandling: values['additional-handling'] === true,
    ...(box ? { preset: box } : {}),
    ...(reference ? { reference } : {}),
  };
}
