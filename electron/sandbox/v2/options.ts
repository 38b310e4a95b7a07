import type { SandboxContext } from '../context';
import type { SandboxRequest } from '../http/types';
import { noteValue } from '../schemas/parse';

/**
 * option_data.signature's values are not in the stored docs (4.3 shows a
 * placeholder); the sandbox prices the names the station's carriers use and
 * v1's upper-case ones. Any other value is accepted, logged and not priced.
 */
const SIGNATURES: Readonly<Record<string, string | null>> = {
  no_signature: null,
  signature: 'signature',
  adult_signature: 'adult_signature',
  usps_signature_restricted: 'usps_signature_restricted',
  usps_adult_signature_restricted: 'usps_adult_signature_restricted',
};

/** The signature option to price, or undefined for none. */
export function readSignature(ctx: SandboxContext, req: SandboxRequest, written: string | undefined): string | undefined {
  if (written === undefined || written.trim() === '') return undefined;
  const known = SIGNATURES[written.trim().toLowerCase()];
  if (known === undefined) {
    noteValue(ctx, req, 'option_data.signature', written);
    return undefined;
  }
  return known ?? undefined;
}
