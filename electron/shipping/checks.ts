import type { CommandArgs } from '../../shared/contract';
import { SERVICE_HOME_COUNTRY } from '../../shared/domain/countries';
import type { AddressCheck, InsuranceQuote, StationAddress } from '../../shared/contract/shippingTypes';
import type { ShippingDeps } from './deps';

const fields: ReadonlyArray<keyof StationAddress> = ['street', 'street2', 'city', 'state', 'zip', 'country'];

/** Address validation (the documented interpretation rules, v2-docs.md 3.15) and insurance quotes. */
export function createChecksService(deps: ShippingDeps) {
  async function validate(args: CommandArgs<'address.validate'>): Promise<AddressCheck> {
    const a = args.address;
    // Rule 1: the service validates U.S. addresses only; anything else is skipped, not failed.
    if (a.country.toUpperCase() !== SERVICE_HOME_COUNTRY) {
      return { valid: true, standardized: null, corrections: [], messages: ['Addresses outside the U.S. are not checked by the service.'] };
    }
    const r = await (await deps.v2()).validateAddress({
      street: a.street,
      ...(a.street2 ? { street2: a.street2 } : {}),
      city: a.city,
      state: a.state,
      zip_code: a.zip,
      country: a.country,
    });
    const errored = r.errored === true;
    const pick = (wire: string | null | undefined, mine: string | undefined) => (wire && wire.trim() !== '' ? wire.trim() : mine);
    const standardized: StationAddress = {
      ...a,
      street: pick(r.street, a.street) as string,
      street2: r.street2 === null ? undefined : pick(r.street2, a.street2),
      city: pick(r.city, a.city) as string,
      state: pick(r.state, a.state) as string,
      zip: pick(r.zip, a.zip) as string,
      country: pick(r.country, a.country) as string,
      ...(r.residential === null || r.residential === undefined ? {} : { residential: r.residential }),
    };
    const corrections = errored
      ? []
      : fields.flatMap((field) => {
          const from = String(a[field] ?? '');
          const to = String(standardized[field] ?? '');
          return from !== to ? [{ field, from, to }] : [];
        });
    // Rule 2: errored shows the errors; rule 3: otherwise the returned address is the standardized one.
    const messages = errored ? (r.errors?.length ? r.errors : ['The service could not confirm this address.']) : [...(r.errors ?? []), ...(r.corrections ?? [])];
    return { valid: !errored, standardized: errored ? null : standardized, corrections, messages };
  }

  async function insurance(args: CommandArgs<'insurance.quote'>): Promise<InsuranceQuote> {
    // The quote names the service, not the carrier (v2-docs.md 9): a service level says both.
    const r = await (await deps.v2()).insuranceRate({ declared_value: args.amount, ...(args.serviceLevel ? { service_level: args.serviceLevel } : {}) });
    return { amount: args.amount, premium: r.fee, currency: r.currency ?? 'USD', rateId: r.rate_id };
  }

  return { validate, insurance };
}

export type ChecksService = ReturnType<typeof createChecksService>;
