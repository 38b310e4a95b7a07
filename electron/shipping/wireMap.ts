import type { AddressData, PackageData, Rate as WireRate, RateError } from '../../shared/api/v2';
import type { BoughtService, CarrierError, PackageSpec, Rate, Shipment, StationAddress } from '../../shared/contract/shippingTypes';
import { fail } from '../../shared/contract/errors';
import { toDollars } from '../../shared/domain/money';
import type { ShipmentRow } from '../store/shipmentsRepo';

/** Translations between the station's contract shapes and the v2 wire. */

const optional = <K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> =>
  value !== undefined && value.trim() !== '' ? ({ [key]: value.trim() } as Record<K, string>) : {};

/** The wire splits the name; the last word is the last name ("Mary Ann Lee" -> "Mary Ann" / "Lee"). */
export function splitName(name: string): { first: string; last: string } {
  const words = name.trim().split(/\s+/);
  if (words.length < 2) return { first: words[0] ?? '', last: '' };
  return { first: words.slice(0, -1).join(' '), last: words[words.length - 1] as string };
}

export function toWireAddress(a: StationAddress): AddressData {
  const { first, last } = splitName(a.name);
  return {
    first_name: first,
    ...optional('last_name', last),
    ...optional('company_name', a.company),
    ...optional('phone', a.phone),
    ...optional('email', a.email),
    street: a.street,
    ...optional('street2', a.street2),
    city: a.city,
    state: a.state,
    zip_code: a.zip,
    country: a.country,
    ...(a.residential === undefined ? {} : { address_type: a.residential ? 'residential' : 'commercial' }),
  };
}

export function toWirePackage(p: PackageSpec): PackageData {
  const dims = [p.lengthIn, p.widthIn, p.heightIn];
  if (dims.some((d) => d === undefined) && p.packageCode === undefined) {
    fail('invalid_input', 'Enter the package size (length, width and height) or pick a package preset', { field: 'package.lengthIn' });
  }
  // A carrier's own package (flat rate envelope...) is priced by its code; the size is nominal.
  return {
    type: p.packageCode ?? 'my_package',
    length: p.lengthIn ?? 1,
    width: p.widthIn ?? 1,
    height: p.heightIn ?? 1,
    dimension_unit: 'in',
    weight: Math.round(p.weightOz * 100) / 100,
    weight_unit: 'oz',
  };
}

export function fromWireRate(r: WireRate): Rate {
  return {
    rateId: r.rate_id,
    carrierCode: r.carrier_code,
    serviceLevel: r.service_level,
    serviceName: r.service_name ?? r.service_level,
    price: r.price,
    currency: r.currency,
    deliveryDays: r.delivery_days ?? null,
    priceDetails: r.price_details ? r.price_details.map((d) => ({ code: d.code, description: d.description ?? d.code, price: d.price })) : null,
  };
}

export function fromWireRateErrors(errors: readonly RateError[] | null | undefined): CarrierError[] {
  return (errors ?? []).map((e) => ({ carrier: e.service_level ? `${e.carrier_code} ${e.service_level}` : e.carrier_code, message: e.msg }));
}

const dollars = (cents: number | null): number | null => (cents === null ? null : toDollars(cents));

export function toShipment(row: ShipmentRow): Shipment {
  const mismatch = row.rate_mismatch_json ? (JSON.parse(row.rate_mismatch_json) as { picked: BoughtService; bought: BoughtService }) : null;
  return {
    id: row.id,
    packageKey: row.package_key,
    platformUkId: row.platform_uk_id,
    backend: row.backend_id,
    state: row.state,
    method: row.method,
    orderNumber: row.order_number,
    recipientName: row.recipient_name,
    shipmentNo: row.shipment_no,
    trackingNo: row.tracking_no,
    carrierCode: row.carrier_code ?? chosenField(row, 'carrierCode'),
    serviceLevel: row.service_level ?? chosenField(row, 'serviceLevel'),
    serviceName: row.service_name ?? chosenField(row, 'serviceName'),
    cost: dollars(row.cost_cents),
    currency: row.currency,
    insuranceAmount: dollars(row.insurance_cents),
    duplicateLabel: row.duplicate_label === 1,
    rateMismatch: mismatch,
    addressOverride: chosenField(row, 'addressOverride'),
    isReturn: row.is_return === 1,
    labelCount: row.label_count ?? 0,
    qrCodeCount: row.qrcode_count ?? 0,
    customsFormCount: row.customs_form_count ?? 0,
    error: row.state === 'voided' ? null : row.error,
    createdAt: row.created_at,
    boughtAt: row.bought_at,
    voidedAt: row.voided_at,
  };
}

function chosenField(row: ShipmentRow, key: keyof BoughtService | 'addressOverride'): string | null {
  if (!row.chosen_json) return null;
  const value = (JSON.parse(row.chosen_json) as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : null;
}
