import type { z } from 'zod';
import type { v1AddressSchema } from '../../../shared/api/v1/common';
import type { v1ShipmentRequestSchema } from '../../../shared/api/v1/rates';
import { refuse } from '../errorCodes';
import { CARRIERS, SERVICE_LEVELS, findLevel, type ServiceLevel } from '../domain/catalog';
import { parseZip, stateCode } from '../domain/geo';
import type { RatedShipment } from '../domain/rateBook';
import type { SandboxContext } from '../context';
import type { IssueCoder } from '../http/validate';
import type { StoredAddress } from '../store/shipments';
import { shipDate } from '../v2/normalize';
import { carrierAccounts } from './accounts';

type V1Address = z.output<typeof v1AddressSchema>;
export type V1ShipmentRequest = z.output<typeof v1ShipmentRequestSchema>;

export const v1IssueCoder: IssueCoder = (path) => {
  if (path.startsWith('order.warehouse_name') || path === 'order') return 'warehouse_name_required';
  if (/\.state$/.test(path)) return 'address_state_invalid';
  if (/\.zip$/.test(path)) return 'address_zip_invalid';
  return undefined;
};

function stored(address: V1Address, field: string): StoredAddress {
  if (address.country.toUpperCase() !== 'US') refuse('address_country_unsupported', `${field}.country: only US addresses are supported.`);
  const state = stateCode(address.state);
  if (!state) refuse('address_state_invalid', `${field}.state: "${address.state}" is not a U.S. state code.`);
  const zip = parseZip(address.zip);
  if (!zip) refuse('address_zip_invalid', `${field}.zip: "${address.zip}" is not a U.S. ZIP code.`);
  return {
    name: address.name,
    company: address.company ?? '',
    phone: address.phone ?? '',
    email: address.email ?? '',
    street: address.street,
    street2: address.street2 ?? '',
    city: address.city,
    state,
    zip: zip.zip4 ? `${zip.zip5}-${zip.zip4}` : zip.zip5,
    country: 'US',
    residential: address.residential ?? !address.company,
  };
}

const SIGNATURES: Readonly<Record<string, string | undefined>> = { SIGNATURE: 'signature', ADULT_SIGNATURE: 'adult_signature' };

/** A v1 ShipmentRequest as a rated shipment (pounds to ounces; predefined package from `packages`). */
export function v1RatedShipment(body: V1ShipmentRequest, now: Date): RatedShipment {
  const pkg = body.shipments[0] as V1ShipmentRequest['shipments'][number];
  const signature = SIGNATURES[body.order.signature ?? ''];
  const shipDay = body.options?.ship_date ? body.options.ship_date.slice(0, 10) : undefined;
  return {
    from: stored(body.from, 'from'),
    to: stored(body.to, 'to'),
    packageType: pkg.packages?.[0] ?? 'my_package',
    dims: [pkg.length, pkg.width, pkg.height],
    weightOz: Math.round(pkg.weight * 16 * 100) / 100,
    ...(signature ? { signature } : {}),
    saturday: body.options?.require_saturday_delivery ?? false,
    additionalHandling: false,
    isReturnLabel: false,
    shipDate: shipDate(shipDay, now),
    ...(pkg.insurance_amount ? { insuredValueCents: Math.round(pkg.insurance_amount * 100) } : {}),
  };
}

/** Levels a v1 request may be quoted on: carrier_token narrows to one account, service_type to one level, hazmat to Ground Advantage. */
export function v1Levels(ctx: SandboxContext, body: V1ShipmentRequest): ServiceLevel[] {
  let carriers = CARRIERS.map((c) => c.code);
  const token = body.carrier?.carrier_token;
  if (token) {
    const account = carrierAccounts(ctx).find((a) => a.token === token);
    if (!account) refuse('carrier_account_not_found', `No carrier account with token ${token}.`);
    carriers = [account.carrier];
  }
  let levels = SERVICE_LEVELS.filter((l) => !l.returnOnly && carriers.includes(l.carrier));
  if (body.order.service_type) {
    const level = findLevel(body.order.service_type);
    if (!level || !levels.includes(level)) refuse('service_type_unknown', `service_type "${body.order.service_type}" is not offered by the account.`);
    levels = [level];
  }
  if (body.options?.require_hazmat) levels = levels.filter((l) => l.level === 'USPS_GROUND_ADVANTAGE');
  return levels;
}
