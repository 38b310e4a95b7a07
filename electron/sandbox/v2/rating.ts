import type { z } from 'zod';
import type { quickRateItemSchema, getRatesRequestSchema, ShipmentRateCarrierData } from '../../../shared/api/v2/rates';
import { refuse } from '../errorCodes';
import { CARRIERS, GROUND_ADVANTAGE, SERVICE_LEVELS, findCarrier, findLevel, type ServiceLevel } from '../domain/catalog';
import { isQuote, quoteLevel, type Quote, type QuoteInput, type QuoteRefusal } from '../domain/pricing';
import type { RatedShipment, RateEntry } from '../domain/rateBook';
import type { SandboxContext } from '../context';
import { checkInternational, INTERNATIONAL_LEVELS, isInternationalLevel, quoteInternational } from '../domain/international';
import { deliveryDate, normalizePackage, poBox, shipDate, storedAddress, zip5 } from './normalize';

type RateRequest = z.output<typeof quickRateItemSchema> | z.output<typeof getRatesRequestSchema>;

/** The only carrier whose rates carry price_details (spec: filled for one carrier, null for others). */
export const PRICE_DETAIL_CARRIER = 'USPS';

const dollars = (cents: number) => Math.round(cents) / 100;

/** Levels named by shipment_rate_carrier_data, refusing unknown carriers or levels. */
export function levelsFor(selection: readonly ShipmentRateCarrierData[], allowReturn: boolean): ServiceLevel[] {
  const levels: ServiceLevel[] = [];
  for (const [i, entry] of selection.entries()) {
    const carrier = findCarrier(entry.provider_id);
    if (!carrier) refuse('carrier_unknown', `shipment_rate_carrier_data.${i}.provider_id: "${entry.provider_id}" is not an active carrier.`);
    const names = entry.service_levels?.length ? entry.service_levels : accountLevels(allowReturn).filter((s) => s.carrier === carrier.code).map((s) => s.level);
    for (const name of names) {
      const level = findLevel(name);
      if (!level || level.carrier !== carrier.code || (level.returnOnly && !allowReturn)) {
        refuse('service_level_unknown', `shipment_rate_carrier_data.${i}.service_levels: "${name}" is not a ${carrier.code} service level.`);
      }
      if (!levels.includes(level)) levels.push(level);
    }
  }
  return levels;
}

/** Normalises a rate request into what pricing and a later purchase need. */
export function ratedShipment(body: RateRequest, now: Date): RatedShipment {
  const from = storedAddress(body.from_address_data, 'from_address_data');
  const to = storedAddress(body.to_address_data, 'to_address_data');
  const pkg = normalizePackage(body.package_data);
  const returnData = 'return_address_data' in body ? body.return_address_data : undefined;
  const lithium = body.option_data?.is_lithium_battery ?? false;
  const hazmat = body.option_data?.hazardous_materials ?? false;
  checkInternational(from, to, body.custom_data);
  return {
    from,
    to,
    ...(returnData ? { returnAddress: storedAddress(returnData, 'return_address_data') } : {}),
    ...pkg,
    ...(body.option_data?.signature ? { signature: body.option_data.signature } : {}),
    saturday: body.require_saturday_delivery ?? false,
    additionalHandling: body.option_data?.additional_handing ?? false,
    isReturnLabel: 'is_return_label' in body ? (body.is_return_label ?? false) : false,
    shipDate: shipDate(body.ship_date, now),
    ...(lithium || hazmat ? { hazardousMaterials: true } : {}),
    ...(lithium ? { lithiumBattery: true } : {}),
    ...(body.custom_data && from.country !== to.country ? { customs: body.custom_data } : {}),
  };
}

/** Dangerous goods go by USPS Ground Advantage only: every other level is left out. */
export function dangerousGoodsLevels(levels: readonly ServiceLevel[], shipment: RatedShipment): ServiceLevel[] {
  return shipment.hazardousMaterials ? levels.filter((level) => level.level === GROUND_ADVANTAGE) : [...levels];
}

export function quoteInput(shipment: RatedShipment): QuoteInput {
  return {
    fromZip: zip5(shipment.from),
    toZip: zip5(shipment.to),
    toState: shipment.to.state,
    toIsPoBox: poBox(shipment.to),
    residential: shipment.to.residential,
    weightOz: shipment.weightOz,
    dims: shipment.dims,
    packageType: shipment.packageType,
    saturday: shipment.saturday,
    additionalHandling: shipment.additionalHandling,
    ...(shipment.signature ? { signature: shipment.signature } : {}),
    ...(shipment.insuredValueCents ? { insuredValueCents: shipment.insuredValueCents } : {}),
  };
}

/**
 * Levels that do not fit the shipment are simply not offered (not errors): FedEx Ground is
 * commercial-only and Home Delivery residential-only, Ground Saver tiers and First-Class Mail
 * have weight bands, First-Class Mail takes letters and flats only.
 */
export function applies(level: ServiceLevel, shipment: Pick<RatedShipment, 'to' | 'weightOz' | 'packageType'>): boolean {
  if (level.residential !== undefined && level.residential !== shipment.to.residential) return false;
  if (level.minOz !== undefined && shipment.weightOz < level.minOz) return false;
  if (level.maxOz !== undefined && shipment.weightOz > level.maxOz) return false;
  return !level.packageTypes || level.packageTypes.includes(shipment.packageType);
}

export interface RatedSet {
  readonly rates: Record<string, unknown>[];
  readonly errors: Array<{ carrier_code: string; service_level: string; code: string; msg: string }>;
}

/** Quotes every level, books the rates, sorts cheapest first and flags the fastest and cheapest. */
export function rateLevels(ctx: SandboxContext, requested: readonly ServiceLevel[], shipment: RatedShipment): RatedSet {
  const abroad = shipment.from.country !== shipment.to.country;
  // A package leaving the country goes by the international levels only, and a domestic one never does.
  const levels = abroad ? INTERNATIONAL_LEVELS.filter((l) => requested.length === 0 || requested.some((r) => r.carrier === l.carrier)) : dangerousGoodsLevels(requested, shipment);
  const input = quoteInput(shipment);
  const nowMs = ctx.now().getTime();
  const quotes: Quote[] = [];
  const errors: RatedSet['errors'] = [];
  const refusedCarriers = new Set<string>();
  for (const level of levels) {
    if (!abroad && isInternationalLevel(level.level)) continue;
    if (!abroad && !applies(level, shipment)) continue;
    const international = abroad ? INTERNATIONAL_LEVELS.find((l) => l.level === level.level) : undefined;
    const result: Quote | QuoteRefusal = international ? quoteInternational(international, shipment.to.country, shipment.weightOz) : quoteLevel(level, input);
    if (isQuote(result)) {
      quotes.push(result);
    } else if (result.code === 'carrier_cannot_serve_address' || result.code === 'package_type_invalid') {
      // One entry per carrier for carrier-wide refusals.
      if (!refusedCarriers.has(result.carrier)) errors.push({ carrier_code: result.carrier, service_level: result.level, code: result.code, msg: result.msg });
      refusedCarriers.add(result.carrier);
    } else {
      errors.push({ carrier_code: result.carrier, service_level: result.level, code: result.code, msg: result.msg });
    }
  }
  quotes.sort((a, b) => a.cents - b.cents || a.deliveryDays - b.deliveryDays || a.level.localeCompare(b.level));
  const fastestDays = Math.min(...quotes.map((q) => q.deliveryDays));
  const fastest = quotes.filter((q) => q.deliveryDays === fastestDays)[0];
  const cheapest = quotes[0];
  ctx.stats.ratesQuoted += quotes.length;
  const rates = quotes.map((quote) => {
    const entry: RateEntry = ctx.rates.add(quote, shipment, nowMs, 'v2');
    return {
      rate_id: entry.rateId,
      carrier_code: quote.carrier,
      carrier_name: findCarrier(quote.carrier)?.name ?? quote.carrier,
      service_level: quote.level,
      service_name: quote.name,
      price: dollars(quote.cents),
      currency: 'USD',
      delivery_days: quote.deliveryDays,
      estimated_delivery_date: deliveryDate(shipment.shipDate, quote.deliveryDays, quote.saturdayDelivery || quote.carrier === 'USPS'),
      zone: quote.zone,
      saturday_delivery: quote.saturdayDelivery,
      is_fastest: quote === fastest,
      is_cheapest: quote === cheapest,
      expires_at: ctx.rates.expiresAt(entry),
      price_details:
        quote.carrier === PRICE_DETAIL_CARRIER
          ? quote.lines.map((line) => ({ code: line.code, description: line.description, price: dollars(line.cents) }))
          : null,
    };
  });
  return { rates, errors };
}

/** Levels get_rates offers: every active carrier's regular levels; USPS Returns levels instead when is_return_label. */
export function accountLevels(isReturn: boolean): ServiceLevel[] {
  return CARRIERS.flatMap((carrier) =>
    SERVICE_LEVELS.filter((level) => level.carrier === carrier.code && (carrier.code === 'USPS' && isReturn ? level.returnOnly : !level.returnOnly)),
  );
}

export const QUICK_RATE_DEFAULT_LEVELS = [findLevel(GROUND_ADVANTAGE) as ServiceLevel];
