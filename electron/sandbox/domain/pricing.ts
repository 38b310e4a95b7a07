import type { SandboxErrorCode } from '../errorCodes';
import { PREDEFINED_PACKAGES, findCarrier, type Carrier, type ServiceLevel } from './catalog';
import { isContiguous, stateOfZip, zoneBetween } from './geo';

/** Everything a price depends on, normalised (ounces, inches, cents). */
export interface QuoteInput {
  readonly fromZip: string;
  readonly toZip: string;
  readonly toState: string;
  readonly toIsPoBox: boolean;
  readonly residential: boolean;
  readonly weightOz: number;
  readonly dims: readonly [number, number, number];
  readonly packageType: string;
  readonly saturday: boolean;
  readonly additionalHandling: boolean;
  readonly signature?: string;
  readonly insuredValueCents?: number;
}

export interface PriceLine {
  readonly code: string;
  readonly description: string;
  readonly cents: number;
}

export interface Quote {
  readonly carrier: string;
  readonly level: string;
  readonly name: string;
  readonly zone: number;
  readonly deliveryDays: number;
  readonly cents: number;
  readonly lines: readonly PriceLine[];
  readonly saturdayDelivery: boolean;
}

export interface QuoteRefusal {
  readonly carrier: string;
  readonly level: string;
  readonly code: SandboxErrorCode;
  readonly msg: string;
}

const SIGNATURE_FEES: Readonly<Record<string, { usps: number; other?: number; description: string }>> = {
  signature: { usps: 365, other: 675, description: 'Signature confirmation' },
  adult_signature: { usps: 895, other: 825, description: 'Adult signature required' },
  usps_signature_restricted: { usps: 910, description: 'Signature confirmation, restricted delivery' },
  usps_adult_signature_restricted: { usps: 935, description: 'Adult signature (21+), restricted delivery' },
};

export const ADDITIONAL_HANDLING_CENTS = 1850;
const RESIDENTIAL_CENTS = 545;
const FUEL_RATE = 0.15;

/** $0.85 per $100 of declared value (or part), at least $1.00. */
export function insuranceFeeCents(valueCents: number): number {
  return Math.max(100, Math.ceil(valueCents / 10_000) * 85);
}

function billablePounds(carrier: Carrier, input: QuoteInput): number {
  const [l, w, h] = input.dims;
  const cubic = l * w * h;
  const actual = input.weightOz / 16;
  const dim = carrier.code === 'USPS' && cubic <= 1728 ? 0 : cubic / carrier.dimDivisor;
  return Math.max(1, Math.ceil(Math.max(actual, dim) - 1e-9));
}

function transportCents(carrier: Carrier, level: ServiceLevel, input: QuoteInput, zone: number): number {
  const predefined = PREDEFINED_PACKAGES[input.packageType];
  if (predefined?.flatRate !== undefined && level.level === 'USPS_PRIORITY_MAIL') return predefined.flatRate;
  const zoneFactor = 1 + 0.11 * (zone - 1);
  if (level.level === 'USPS_GROUND_ADVANTAGE' && input.weightOz < 16) {
    const tier = Math.max(1, Math.ceil(input.weightOz / 4));
    return Math.round(level.base * (0.78 + 0.055 * tier) * zoneFactor);
  }
  const pounds = billablePounds(carrier, input);
  return Math.round((level.base + level.perLb * (pounds - 1)) * zoneFactor);
}

/** Why a carrier cannot carry this package to this address, if it cannot. */
function refusal(carrier: Carrier, level: ServiceLevel, input: QuoteInput): QuoteRefusal | undefined {
  const refuseWith = (code: SandboxErrorCode, msg: string): QuoteRefusal => ({ carrier: carrier.code, level: level.level, code, msg });
  if (input.toIsPoBox && !carrier.deliversPoBox) return refuseWith('carrier_cannot_serve_address', `${carrier.name} does not deliver to PO boxes.`);
  if (carrier.contiguousOnly && !isContiguous(input.toState)) {
    return refuseWith('carrier_cannot_serve_address', `${carrier.name} serves the contiguous United States only.`);
  }
  if (input.weightOz / 16 > level.maxLb) return refuseWith('invalid_parameter', `${level.name} accepts packages up to ${level.maxLb} lb.`);
  const predefined = PREDEFINED_PACKAGES[input.packageType];
  if (input.packageType !== 'my_package' && (!predefined || predefined.carrier !== carrier.code)) {
    return refuseWith('package_type_invalid', `${carrier.name} does not offer package type ${input.packageType}.`);
  }
  if (input.signature && SIGNATURE_FEES[input.signature] && carrier.code !== 'USPS' && SIGNATURE_FEES[input.signature]?.other === undefined) {
    return refuseWith('signature_not_supported', `${carrier.name} does not offer ${input.signature}.`);
  }
  return undefined;
}

/** A deterministic price for one service level, or the reason it cannot be quoted. */
export function quoteLevel(level: ServiceLevel, input: QuoteInput): Quote | QuoteRefusal {
  const carrier = findCarrier(level.carrier) as Carrier;
  const refused = refusal(carrier, level, input);
  if (refused) return refused;
  const zone = zoneBetween(input.fromZip, input.toZip);
  const lines: PriceLine[] = [];
  const transport = transportCents(carrier, level, input, zone);
  lines.push({ code: 'base_rate', description: `${level.name}, zone ${zone}`, cents: transport });
  if (carrier.code !== 'USPS' && carrier.code !== 'SWIFTX') {
    lines.push({ code: 'fuel_surcharge', description: 'Fuel surcharge', cents: Math.round(transport * FUEL_RATE) });
  }
  if (input.residential && (carrier.code === 'UPS' || (carrier.code === 'FEDEX' && level.level !== 'FEDEX_HOME_DELIVERY'))) {
    lines.push({ code: 'residential_surcharge', description: 'Residential delivery', cents: RESIDENTIAL_CENTS });
  }
  if (input.additionalHandling) {
    lines.push({ code: 'additional_handling', description: 'Additional handling', cents: ADDITIONAL_HANDLING_CENTS });
  }
  const saturdayDelivery = input.saturday && level.saturday !== undefined;
  if (saturdayDelivery) {
    lines.push({ code: 'saturday_delivery', description: 'Saturday delivery', cents: level.saturday ?? 0 });
  }
  const signature = input.signature ? SIGNATURE_FEES[input.signature] : undefined;
  if (signature) {
    lines.push({ code: input.signature ?? 'signature', description: signature.description, cents: carrier.code === 'USPS' ? signature.usps : (signature.other ?? 0) });
  }
  if (input.insuredValueCents && input.insuredValueCents > 0) {
    lines.push({ code: 'insurance', description: 'Shipping insurance', cents: insuranceFeeCents(input.insuredValueCents) });
  }
  const cents = lines.reduce((sum, line) => sum + line.cents, 0);
  const deliveryDays = level.days[Math.min(zone, level.days.length) - 1] ?? 5;
  return { carrier: carrier.code, level: level.level, name: level.name, zone, deliveryDays, cents, lines, saturdayDelivery };
}

export function isQuote(value: Quote | QuoteRefusal): value is Quote {
  return 'cents' in value;
}

/** True when the destination state is known for the ZIP (used for address checks before rating). */
export function zipMatchesState(zip5: string, state: string): boolean {
  return stateOfZip(zip5) === state;
}
