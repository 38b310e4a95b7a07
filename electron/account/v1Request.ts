import { V1_SERVICE_FEE_USD, type V1Address, type V1Rate, type V1ShipmentRequest } from '../../shared/api/v1';
import type { CustomData } from '../../shared/api/v2/customs';
import type { CommandArgs } from '../../shared/contract';
import type { V1RateQuote } from '../../shared/contract/account';
import type { StationAddress } from '../../shared/contract/shippingTypes';
import { toCents, toDollars } from '../../shared/domain/money';

type V1ShipmentInput = CommandArgs<'account.rates'>;

/** Who insures a v1 package: the service's own insurance (the OpenAPI's example), not the carrier's. */
export const V1_INSURANCE_PROVIDER = 'SHIPSURANCE';

/** The station weighs in ounces; v1 takes pounds (12 oz is 0.75 lb), kept to a thousandth. */
export const ouncesToPounds = (oz: number): number => Math.round((oz / 16) * 1000) / 1000;

function v1Address(a: StationAddress): V1Address {
  return {
    name: a.name,
    ...(a.company ? { company: a.company } : {}),
    ...(a.email ? { email: a.email } : {}),
    ...(a.phone ? { phone: a.phone } : {}),
    street: a.street,
    ...(a.street2 ? { street2: a.street2 } : {}),
    city: a.city,
    state: a.state,
    zip: a.zip,
    country: a.country,
    ...(a.residential !== undefined ? { residential: a.residential } : {}),
  };
}

/**
 * The v1 ShipmentRequest for an order package (rates/list and rates/buy-label).
 * A package that leaves the country carries its customs declaration the way
 * legacy-v1-openapi.yaml files it: the items under shipments[].contents, the
 * rest (contents_type, non_delivery_option, eel_pfc_type/eel_pfc_code) in the
 * order block; the phones travel on both addresses.
 */
export function v1ShipmentRequest(input: V1ShipmentInput, from: StationAddress, customs?: CustomData): V1ShipmentRequest {
  const p = input.package;
  return {
    from: v1Address(from),
    to: v1Address(input.to),
    shipments: [
      {
        length: p.lengthIn,
        width: p.widthIn,
        height: p.heightIn,
        weight: ouncesToPounds(p.weightOz),
        ...(input.insuranceAmount ? { insurance_amount: input.insuranceAmount } : {}),
        ...(customs ? { contents: [...(customs.contents ?? [])] } : {}),
      },
    ],
    order: {
      warehouse_name: input.warehouseName,
      store_name: input.storeName,
      order_number: input.orderNumber,
      ...(input.serviceType ? { service_type: input.serviceType } : {}),
      ...(input.signature ? { signature: input.signature } : {}),
      // insurance_amount is read only with its provider (OpenAPI); the station insures through ShipSaving's own.
      ...(input.insuranceAmount ? { insurance_provider: V1_INSURANCE_PROVIDER } : {}),
      ...(customs
        ? { contents_type: customs.contents_type, non_delivery_option: customs.non_delivery_option, eel_pfc_type: customs.eel_pfc_type, eel_pfc_code: customs.eel_pfc_code }
        : {}),
    },
  };
}

/** A v1 rate as the desk shows it: its price is what the label costs, the service's fee included, as the purchase answer will total it. */
export function fromV1Rate(r: V1Rate): V1RateQuote {
  const serviceFee = r.service_fee ?? V1_SERVICE_FEE_USD;
  return {
    rateId: r.rate_id,
    carrier: r.carrier,
    service: r.service ?? r.service_type,
    serviceType: r.service_type,
    price: toDollars(toCents(r.rate) + toCents(serviceFee)),
    serviceFee,
    publishedRate: r.published_rate ?? null,
    deliveryDays: r.delivery_days ?? null,
  };
}
