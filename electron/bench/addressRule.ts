import type { BenchAddress } from '../../shared/contract/bench';
import type { StationError } from '../../shared/contract/errors';
import type { AddressCheck, StationAddress } from '../../shared/contract/shippingTypes';
import { compareAddresses } from '../../shared/domain/addressForm';

export interface AddressVerdict {
  readonly address: BenchAddress;
  /** The address Buy uses under this verdict. */
  readonly to: StationAddress;
}

const fieldWords: Readonly<Record<string, string>> = { zip: 'ZIP code', city: 'city', state: 'state', street: 'street', street2: 'second line', company: 'company', country: 'country' };

/**
 * The address rule (issue 12): a standardization that changes only the form is
 * applied at once and needs no decision; an address the service could not
 * confirm, or whose correction moves it (ZIP5, city, state, street), stops Buy
 * until the operator edits it or overrides it deliberately. `residential`
 * comes from the service when it says; the entered flag otherwise.
 */
export function judgeAddress(entered: StationAddress, check: AddressCheck | null, error: StationError | null): AddressVerdict {
  const base = { entered, suggestion: null, corrections: [], messages: [] as readonly string[] };
  if (error || !check) {
    const why = error?.message ?? 'The service did not answer.';
    return {
      to: entered,
      address: { ...base, status: 'needs_decision', problem: `The address could not be checked: ${why} Edit it (Alt+E), or type SHIP to buy for it unchecked.` },
    };
  }
  const std = check.standardized;
  const found = { ...base, suggestion: std, corrections: check.corrections, messages: check.messages };
  // Valid with nothing standardized: the service does not check this address (outside the U.S.); its words say so, and nothing is in doubt.
  if (check.valid && !std) return { to: entered, address: { ...found, status: 'confirmed', problem: null } };
  if (!check.valid || !std) {
    const said = check.messages.length > 0 ? check.messages.join(' ') : 'It may not exist as written.';
    return {
      to: entered,
      address: { ...found, status: 'needs_decision', problem: `The service could not confirm this address. ${said} Edit it (Alt+E), or type SHIP to buy for it as it is.` },
    };
  }
  const residential = std.residential ?? entered.residential;
  const withFlag = (a: StationAddress): StationAddress => (residential === undefined ? a : { ...a, residential });
  const change = compareAddresses(entered, std);
  if (change === 'none') return { to: withFlag(entered), address: { ...found, status: 'confirmed', problem: null } };
  if (change === 'form') return { to: withFlag({ ...entered, ...std, name: entered.name }), address: { ...found, status: 'standardized', problem: null } };
  const moved = movedWords(check.corrections);
  return {
    to: entered,
    address: {
      ...found,
      status: 'needs_decision',
      problem: `The service would move this address (${moved}). Edit it (Alt+E), or type SHIP to buy for it as entered.`,
    },
  };
}

/** The corrections that move an address (ZIP, city, state, street), in words: "ZIP code 90026 → 90027". */
export function movedWords(corrections: AddressCheck['corrections']): string {
  return corrections
    .filter((c) => c.field === 'zip' || c.field === 'city' || c.field === 'state' || c.field === 'street')
    .map((c) => `${fieldWords[c.field] ?? c.field} ${c.from || '(empty)'} → ${c.to || '(empty)'}`)
    .join(', ');
}

/** What the shipment records when the operator overrides: what the service said about the address. */
export function overrideNote(address: BenchAddress): string {
  const said =
    address.messages.join(' ') ||
    address.corrections.map((c) => `${fieldWords[c.field] ?? c.field} ${c.from || '(empty)'} → ${c.to || '(empty)'}`).join(', ') ||
    'it could not be checked';
  return `Address not confirmed by the service (${said}); bought as entered because the operator typed SHIP.`.slice(0, 200);
}
