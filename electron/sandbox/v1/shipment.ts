import type { z } from 'zod';
import type { ShipmentRequest } from '../schemas/v1/openapi';
import { refuse } from '../errorCodes';
import { CARRIERS, SERVICE_LEVELS, findLevel, type ServiceLevel } from '../domain/catalog';
import { parseZip, stateCode } from '../domain/geo';
import type { RatedShipment } from '../domain/rateBook';
import type { SandboxContext } from '../context';
import type { IssueCoder } from '../http/validate';
import type { StoredAddress } from '../store/shipments';
import { shipDate } from '../v2/normalize';
import { carrierAccounts } from './accounts';
import { checkAesLines, INTERNATIONAL_LEVELS, isInternationalLevel, type CustomsData } from '../domain/international';

export type V1ShipmentRequest = z.output<typeof ShipmentRequest>;
type V1Address = V1ShipmentRequest['from'] & { residential?: boolean | undefined };
type V1Package = V1ShipmentRequest['shipments'][number];

/**
 * The one package a v1 request rates. The OpenAPI takes a list; the sandbox
 * quotes a single package per request and says so rather than pricing the
 * first alone. insurance_amount "must be used in conjunction with
 * insurance_provider" (the OpenAPI's words).
 */
export function onePackage(body: V1ShipmentRequest): V1Package {
  const [pkg, ...more] = body.shipments;
  if (!pkg) refuse('invalid_parameter', 'shipments: list the package to ship.');
  if (more.length > 0) refuse('invalid_parameter', 'shipments: the sandbox rates one package per request.');
  if (pkg.insurance_amount !== undefined && !body.order?.insurance_provider) refuse('invalid_parameter', 'order.insurance_provider: required with insurance_amount.');
  return pkg;
}

export const v1IssueCoder: IssueCoder = (path) => {
  if (path.startsWith('order.warehouse_name') || path === 'order') return 'warehouse_name_required';
  if (/\.state$/.test(path)) return 'address_state_invalid';
  if (/\.zip$/.test(path)) return 'address_zip_invalid';
  return undefined;
};

function stored(address: V1Address, field: string): StoredAddress {
  const country = address.country.toUpperCase();
  // Outside the U.S. the service takes the address as given: it checks only U.S. addresses.
  if (country !== 'US') {
    if (!/^[A-Z]{2}$/.test(country)) refuse('address_country_unsupported', `${field}.country: "${address.country}" is not a country code.`);
    return kept(address, { state: address.state, zip: address.zip, country });
  }
  const state = stateCode(address.state);
  if (!state) refuse('address_state_invalid', `${field}.state: "${address.state}" is not a U.S. state code.`);
  const zip = parseZip(address.zip);
  if (!zip) refuse('address_zip_invalid', `${field}.zip: "${address.zip}" is not a U.S. ZIP code.`);
  return kept(address, { state, zip: zip.zip4 ? `${zip.zip5}-${zip.zip4}` : zip.zip5, country: 'US' });
}

/** The address as the sandbox keeps it, with its place (state, ZIP, country) as checked. */
function kept(address: V1Address, place: Pick<StoredAddress, 'state' | 'zip' | 'country'>): StoredAddress {
  return {
    name: address.name,
    company: address.company ?? '',
    phone: address.phone ?? '',
    email: address.email ?? '',
    street: address.street,
    street2: address.street2 ?? '',
    city: address.city,
    ...place,
    residential: address.residential ?? !address.company,
  };
}

/**
 * A v1 request's customs (the order block's contents_type, non_delivery_option,
 * eel_pfc_type/eel_pfc_code and the package's contents) under the documented
 * international rules: phones at both ends, items unless documents, an ITN
 * over $2,500 per HS line.
 */
function v1Customs(body: V1ShipmentRequest, abroad: boolean): CustomsData | undefined {
  if (!abroad) return undefined;
  if (!body.to.phone?.trim()) refuse('phone_required', 'to.phone: a phone number is required for international shipments.');
  if (!body.from.phone?.trim()) refuse('phone_required', 'from.phone: a phone number is required for international shipments.');
  const order: Partial<NonNullable<V1ShipmentRequest['order']>> = body.order ?? {};
  const contents = body.shipments[0]?.contents ?? [];
  if (!order.contents_type && contents.length === 0) refuse('customs_required', 'shipments.0.contents: the items filed for customs are required for international shipments.');
  const customs: CustomsData = {
    contents_type: order.contents_type ?? 'MERCHANDISE',
    non_delivery_option: order.non_delivery_option ?? 'RETURN',
    eel_pfc_type: order.eel_pfc_type ?? 'EXEMPTION_CODE',
    eel_pfc_code: order.eel_pfc_code ?? 'NOEEI 30.37(a)',
    contents,
  };
  if (customs.contents_type !== 'DOCUMENTS' && contents.length === 0) refuse('customs_contents_required', 'shipments.0.contents must list at least one item unless order.contents_type is DOCUMENTS.');
  checkAesLines(customs, 'order.eel_pfc_code');
  return customs;
}

const SIGNATURES: Readonly<Record<string, string | undefined>> = { SIGNATURE: 'signature', ADULT_SIGNATURE: 'adult_signature' };

/** A v1 ShipmentRequest as a rated shipment (pounds to ounces; predefined package from `packages`). */
export function v1RatedShipment(body: V1ShipmentRequest, now: Date): RatedShipment {
  const pkg = onePackage(body);
  const signature = SIGNATURES[body.order?.signature ?? ''];
  const shipDay = body.options?.ship_date ? body.options.ship_date.slice(0, 10) : undefined;
  const from = stored(body.from, 'from');
  const to = stored(body.to, 'to');
  const customs = v1Customs(body, from.country !== to.country);
  return {
    from,
    to,
    ...(customs ? { customs } : {}),
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
export function v1Levels(ctx: SandboxContext, body: V1ShipmentRequest, shipment: RatedShipment): ServiceLevel[] {
  let carriers = CARRIERS.map((c) => c.code);
  const token = body.carrier?.carrier_token;
  if (token) {
    const account = carrierAccounts(ctx).find((a) => a.token === token);
    if (!account) refuse('carrier_account_not_found', `No carrier account with token ${token}.`);
    carriers = [account.carrier];
  }
  // A package leaving the country goes by the international levels only, and a domestic one never does.
  const abroad = shipment.from.country !== shipment.to.country;
  const pool: readonly ServiceLevel[] = abroad ? INTERNATIONAL_LEVELS : SERVICE_LEVELS.filter((l) => !l.returnOnly);
  let levels = pool.filter((l) => carriers.includes(l.carrier));
  const serviceType = body.order?.service_type;
  if (serviceType) {
    const wanted = serviceType.toUpperCase();
    const level = levels.find((l) => l.level === wanted);
    if (!level) {
      const known = findLevel(wanted) ?? INTERNATIONAL_LEVELS.find((l) => l.level === wanted);
      if (known && isInternationalLevel(known.level) !== abroad) refuse('service_level_not_international', `service_type "${serviceType}" is ${abroad ? 'a domestic' : 'an international'} service; this package ${abroad ? 'leaves' : 'stays in'} the country.`);
      refuse('service_type_unknown', `service_type "${serviceType}" is not offered by the account.`);
    }
    levels = [level];
  }
  if (body.options?.require_hazmat) levels = levels.filter((l) => l.level === 'USPS_GROUND_ADVANTAGE');
  return levels;
}
