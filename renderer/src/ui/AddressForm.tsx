import type { StationAddress } from '../../../shared/contract/shippingTypes';
import type { StationError } from '../../../shared/contract/errors';
import { postalWord, regionRequired, regionWord, SERVICE_HOME_COUNTRY } from '../../../shared/domain/countries';

export type AddressDraft = Record<'name' | 'company' | 'phone' | 'email' | 'street' | 'street2' | 'city' | 'state' | 'zip' | 'country', string>;

export const emptyAddress: AddressDraft = { name: '', company: '', phone: '', email: '', street: '', street2: '', city: '', state: '', zip: '', country: SERVICE_HOME_COUNTRY };

export function draftFrom(address: StationAddress | null | undefined): AddressDraft {
  if (!address) return emptyAddress;
  return {
    name: address.name,
    company: address.company ?? '',
    phone: address.phone ?? '',
    email: address.email ?? '',
    street: address.street,
    street2: address.street2 ?? '',
    city: address.city,
    state: address.state,
    zip: address.zip,
    country: address.country || SERVICE_HOME_COUNTRY,
  };
}

/** Drops empty optional lines so the contract's checks see only what was entered. */
export function addressFrom(draft: AddressDraft): StationAddress {
  const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());
  return {
    name: draft.name,
    company: optional(draft.company),
    phone: optional(draft.phone),
    email: optional(draft.email),
    street: draft.street,
    street2: optional(draft.street2),
    city: draft.city,
    state: draft.state,
    zip: draft.zip,
    country: draft.country.trim().toUpperCase() || SERVICE_HOME_COUNTRY,
  };
}

const fields: ReadonlyArray<readonly [keyof AddressDraft, string, string]> = [
  ['name', 'Name', 'wide'],
  ['company', 'Company', 'wide'],
  ['street', 'Street', 'wide'],
  ['street2', 'Street line 2', 'wide'],
  ['city', 'City', ''],
  ['state', 'State', 'narrow'],
  ['zip', 'ZIP code', 'narrow'],
  ['country', 'Country', 'narrow'],
  ['phone', 'Phone', ''],
  ['email', 'Email', ''],
];

/** The state and postal code fields are named as the address's country names them (Province, Postcode, ...). */
function wordsFor(key: keyof AddressDraft, fixed: string, country: string): string {
  if (key === 'state') {
    const word = regionWord(country);
    const label = word.charAt(0).toUpperCase() + word.slice(1);
    return regionRequired(country) ? label : `${label} (optional)`;
  }
  if (key === 'zip') {
    const word = postalWord(country);
    return word.charAt(0).toUpperCase() + word.slice(1);
  }
  return fixed;
}

/** An address form whose fields light up when the station names them in an error. */
export function AddressForm({
  value,
  onChange,
  error,
  prefix,
  label,
}: {
  readonly value: AddressDraft;
  readonly onChange: (next: AddressDraft) => void;
  readonly error?: StationError | null;
  /** The contract path of this address in the command input, e.g. "address" or "to". */
  readonly prefix: string;
  readonly label: string;
}) {
  return (
    <fieldset className="address-form">
      <legend>{label}</legend>
      {fields.map(([key, fixedWords, size]) => {
        const words = wordsFor(key, fixedWords, value.country || SERVICE_HOME_COUNTRY);
        const bad = error?.field === `${prefix}.${key}`;
        return (
          <label key={key} className={`field ${size}`}>
            {words}
            <input
              name={`${prefix}.${key}`}
              value={value[key]}
              aria-invalid={bad}
              autoComplete="off"
              onChange={(e) => onChange({ ...value, [key]: e.target.value })}
            />
            {bad ? <span className="error-message small">{error?.message}</span> : null}
          </label>
        );
      })}
    </fieldset>
  );
}
