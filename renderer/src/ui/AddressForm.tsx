import type { StationAddress } from '../../../shared/contract/shippingTypes';
import type { StationError } from '../../../shared/contract/errors';

export type AddressDraft = Record<'name' | 'company' | 'phone' | 'email' | 'street' | 'street2' | 'city' | 'state' | 'zip' | 'country', string>;

export const emptyAddress: AddressDraft = { name: '', company: '', phone: '', email: '', street: '', street2: '', city: '', state: '', zip: '', country: 'US' };

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
    country: address.country || 'US',
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
    country: draft.country.trim() || 'US',
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
      {fields.map(([key, words, size]) => {
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
