import type { CommandArgs } from '../../shared/contract';
import type { AddressCheck, InsuranceQuote, StationAddress } from '../../shared/contract/shippingTypes';
import type { ShippingDeps } from './deps';

const fields: ReadonlyArray<readonly [keyof StationAddress, string]> = [
  ['company', 'company_name'],
  ['street', 'street'],
  ['street2', 'street2'],
  ['city', 'city'],
  ['state', 'state'],
  ['zip', 'zip_code'],
  ['country', 'country'],
];

/** Address validation (standardized address plus the corrections the operator may accept) and insurance quotes. */
export function createChecksService(deps: ShippingDeps) {
  async function validate(args: CommandArgs<'address.validate'>): Promise<AddressCheck> {
    const a = args.address;
    const result = await (await deps.v2()).validateAddress({
      ...(a.company ? { company_name: a.company } : {}),
      street: a.street,
      ...(a.street2 ? { street2: a.street2 } : {}),
      city: a.city,
      state: a.state,
      zip_code: a.zip,
      country: a.country,
    });
    const w = result.address;
    const pick = (wire: string | null | undefined, mine: string | undefined) => (wire && wire.trim() !== '' ? wire : mine);
    const standardized: StationAddress = {
      ...a,
      street: pick(w.street, a.street) as string,
      street2: pick(w.street2, a.street2),
      city: pick(w.city, a.city) as string,
      state: pick(w.state, a.state) as string,
      zip: pick(w.zip_code, a.zip) as string,
      country: pick(w.country, a.country) as string,
      ...(result.residential === null || result.residential === undefined ? {} : { residential: result.residential }),
    };
    const corrections = fields.flatMap(([mine]) => {
      const from = String(a[mine] ?? '');
      const to = String(standardized[mine] ?? '');
      return from !== to ? [{ field: mine, from, to }] : [];
    });
    return {
      valid: result.is_valid,
      standardized: result.is_valid || corrections.length > 0 ? standardized : null,
      corrections,
      messages: [...result.errors, ...result.corrections].map((i) => i.message),
    };
  }

  async function insurance(args: CommandArgs<'insurance.quote'>): Promise<InsuranceQuote> {
    const r = await (await deps.v2()).insuranceRate({
      insured_value: args.amount,
      ...(args.carrierCode ? { carrier_code: args.carrierCode } : {}),
      ...(args.serviceLevel ? { service_level: args.serviceLevel } : {}),
    });
    return { amount: r.insured_value, premium: r.insurance_fee, currency: r.currency, raw: { provider: r.provider ?? null, note: r.note ?? null } };
  }

  return { validate, insurance };
}
