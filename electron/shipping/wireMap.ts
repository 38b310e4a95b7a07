import { LABEL_TEXT_MAX, type AddressData, type LabelPrintType, type OptionData, type PackageData, type Rate as WireRate, type RateError } from '../../shared/api/v2';
import type { RateOptions } from '../../shared/contract/shipping';
import type { CarrierError, PackageSpec, Rate, StationAddress, UpsLabelPrintType } from '../../shared/contract/shippingTypes';
import { fail } from '../../shared/contract/errors';

/** Translations between the station's contract shapes and the v2 wire. */

const optional = <K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> =>
  value !== undefined && value.trim() !== '' ? ({ [key]: value.trim() } as Record<K, string>) : {};

/**
 * The wire wants first_name and last_name on every address but quick_rate's
 * (v2-docs.md 4.1); the last word is the last name ("Mary Ann Lee" -> "Mary
 * Ann" / "Lee"). A one-word name still gives both, so a warehouse called
 * "Acme" or a recipient known as "Cher" is never a 400: the word with the
 * company as last name, or the word twice.
 */
export function splitName(name: string, company?: string): { first: string; last: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return { first: words.slice(0, -1).join(' '), last: words[words.length - 1] as string };
  const only = words[0] ?? company?.trim() ?? '';
  const other = company?.trim() && company.trim() !== only ? company.trim() : only;
  return { first: only, last: other };
}

export function toWireAddress(a: StationAddress): AddressData {
  const { first, last } = splitName(a.name, a.company);
  return {
    first_name: first,
    last_name: last,
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
  // A carrier's own package (flat rate envelope...) is priced by its code, upper case on v2; the size is nominal.
  return {
    type: 'my_package',
    ...(p.packageCode ? { carrier_package_code: p.packageCode.trim().toUpperCase() } : {}),
    length: p.lengthIn ?? 1,
    width: p.widthIn ?? 1,
    height: p.heightIn ?? 1,
    dimension_unit: 'in',
    // Pounds, the unit the docs show (an ounce is 0.0625 lb, kept exact to four places).
    weight: Math.max(0.0001, Math.round((p.weightOz / 16) * 10_000) / 10_000),
    weight_unit: 'lb',
  };
}

const labelText = (text: string | null | undefined): string | undefined => {
  const trimmed = text?.trim();
  return trimmed ? trimmed.slice(0, LABEL_TEXT_MAX) : undefined;
};

/**
 * option_data as documented (v2-docs.md 4.3): the options, the order number
 * on the label's first custom line (so a label is matched to its order by
 * eye), the operator's reference on the second; undefined when empty.
 */
export function toOptionData(o: RateOptions, orderNumber: string | null | undefined, lithiumBattery = false): OptionData | undefined {
  const first = labelText(orderNumber);
  const second = labelText(o.reference);
  const data: OptionData = {
    ...(o.signature ? { signature: o.signature } : {}),
    ...(first ? { custom_text_on_label_1: first } : {}),
    ...(second ? { custom_text_on_label_2: second } : {}),
    ...(lithiumBattery ? { is_lithium_battery: true, hazardous_materials: true } : {}),
    ...(o.additionalHandling ? { additional_handing: true } : {}),
  };
  return Object.keys(data).length > 0 ? data : undefined;
}

/** The purchase's own reference, else this bench's "reference on label" setting (which may be none). */
export function withLabelReference(o: RateOptions, benchReference: string | null): RateOptions {
  return labelText(o.reference) || !benchReference ? o : { ...o, reference: benchReference };
}

/**
 * label_print_type (v2-docs.md 3.4, 5.5): a QR label when one is asked for;
 * `barcode` is documented for UPS only, so the bench's choice applies to
 * UPS (and UPS Canada) labels and every other carrier prints `common`.
 */
export function labelPrintTypeFor(carrierCode: string, qrLabel: boolean | undefined, ups: UpsLabelPrintType): LabelPrintType {
  if (qrLabel) return 'qrcode';
  return /^UPS(_|$)/.test(carrierCode.toUpperCase()) ? ups : 'common';
}

const pad = (n: number) => String(Math.trunc(Math.abs(n))).padStart(2, '0');

/**
 * ship_date as the docs show it: ISO 8601 with the station's UTC offset. Today
 * (or no date) is now; another day is that day at noon, clear of any
 * midnight the service might read as the day before.
 */
export function toWireShipDate(date: string | undefined, now: Date): string {
  const offsetMin = -now.getTimezoneOffset();
  const offset = `${offsetMin >= 0 ? '+' : '-'}${pad(offsetMin / 60)}:${pad(offsetMin % 60)}`;
  const today = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  if (date === undefined || date === today) return `${today}T${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}${offset}`;
  return `${date}T12:00:00${offset}`;
}

/** A rate as the station shows it; what the service left out reads as "unknown", never as a refusal of the quote. */
export function fromWireRate(r: WireRate): Rate {
  const carrier = r.carrier_code ?? r.carrier_name ?? r.provider_id ?? 'Unknown carrier';
  const level = r.service_level ?? r.service_name ?? 'UNKNOWN_SERVICE';
  return {
    rateId: r.rate_id,
    carrierCode: carrier,
    serviceLevel: level,
    serviceName: r.service_name ?? level,
    price: r.price,
    currency: r.currency ?? 'USD',
    deliveryDays: r.delivery_days ?? null,
    ...(r.marks?.length ? { marks: r.marks } : {}),
    ...(r.delivery_date ? { deliveryDate: r.delivery_date } : {}),
    priceDetails:
      r.price_details && r.price_details.length > 0
        ? r.price_details.map((d) => ({ code: d.code ?? '', description: d.description ?? d.code ?? '', price: d.price ?? 0 }))
        : null,
  };
}

export function fromWireRateErrors(errors: readonly RateError[] | null | undefined): CarrierError[] {
  return (errors ?? []).map((e) => {
    const carrier = [e.carrier_code, e.service_level].filter(Boolean).join(' ') || 'A carrier';
    const message = ('message' in e ? e.message : null) ?? e.msg ?? ('code' in e ? e.code : null) ?? 'could not quote';
    return { carrier, message };
  });
}

