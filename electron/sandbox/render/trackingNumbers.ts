/**
 * Tracking numbers the sandbox hands out, in each carrier's real format and
 * with real check digits, so the station's scan parser, tracking links and
 * IMpb barcodes behave as they will against the live service.
 *
 * Numbers are a pure function of (carrier, serial, service): the serial is
 * spread over the number's range by a bijective affine map, so consecutive
 * purchases do not look sequential yet never collide within a carrier's range.
 *
 * Formats:
 * - USPS: 22-digit IMpb PIC = channel `92` + 3-digit service type code +
 *   9-digit mailer id (9-digit mailer ids start with 9) + 7-digit serial + mod 10.
 * - UPS: `1Z` + 6-character shipper + 2-character service + 7-digit package + check.
 * - FedEx Express: 12 digits, the last a mod 11 check digit.
 * - DHL Express: 10 digits, the last the first nine modulo 7.
 * - SWIFTX (no published format): `SX` + 2-digit service + 9-digit serial + Luhn.
 * - Any other carrier: up to 3 letters of its code + 11-digit serial + Luhn.
 */
import {
  dhlExpressCheckDigit,
  fedexExpressCheckDigit,
  luhnCheckDigit,
  mod10CheckDigit,
  upsCheckDigit,
} from '../../../shared/domain/checkDigits';

export type CarrierCode = 'USPS' | 'UPS' | 'FEDEX' | 'DHL_EXPRESS' | 'SWIFTX';

export interface TrackingNumberOptions {
  /** Destination ZIP; it routes the IMpb barcode but is not part of the number itself. */
  zip?: string;
  /** A carrier service code (USPS 3-digit STC, UPS 2-character code) or a service level name. */
  serviceCode?: string;
}

/** The sandbox's own mailer identity; fixed so numbers stay stable across runs. */
const USPS_CHANNEL = '92';
const USPS_MAILER_ID = '927300145';
const UPS_SHIPPER = '8A4V27';

// Service type codes after USPS Pub 199 (plausible values; the sandbox has no
// authoritative table): keyed by service level with the `usps_` prefix removed.
const USPS_STC: Readonly<Record<string, string>> = {
  ground_advantage: '001',
  first_class_mail: '001',
  priority_mail: '055',
  priority_mail_express: '701',
  media_mail: '710',
  library_mail: '720',
  parcel_select: '612',
  ground_advantage_return: '020',
  priority_mail_return: '056',
  priority_mail_express_return: '702',
};

const UPS_SERVICE: Readonly<Record<string, string>> = {
  ground: '03',
  next_day_air: '01',
  '2nd_day_air': '02',
  '2nd_day_air_am': '59',
  '3_day_select': '12',
  next_day_air_saver: '13',
  next_day_air_early: '15',
  standard: '11',
  worldwide_express: '66',
  worldwide_express_plus: '54',
  worldwide_saver: '65',
  worldwide_expedited: '08',
  surepost_less_than_1_lb: '92',
  surepost_1_lb_or_greater: '93',
};

const SWIFTX_SERVICE: Readonly<Record<string, string>> = { exp: '01' };

/** Lower-case service level without the carrier prefix: `USPS_PRIORITY_MAIL` -> `priority_mail`. */
function serviceKey(carrier: string, serviceCode: string | undefined): string {
  const lower = (serviceCode ?? '').trim().toLowerCase();
  const prefix = `${carrier.toLowerCase()}_`;
  return lower.startsWith(prefix) ? lower.slice(prefix.length) : lower;
}

/**
 * Spreads serial over [0, 10^digits) one-to-one: multiplying by a number
 * coprime to 10 and adding an offset is a permutation modulo 10^digits.
 * BigInt keeps the product exact for 11-digit ranges.
 */
function spread(serial: number, digits: number, salt: number): string {
  if (!Number.isSafeInteger(serial) || serial < 0) throw new RangeError('serial must be a non-negative integer');
  const modulus = 10n ** BigInt(digits);
  const value = (BigInt(serial) * 7_919_317n + BigInt(salt) * 104_729n) % modulus;
  return value.toString().padStart(digits, '0');
}

function usps(serial: number, serviceCode: string | undefined): string {
  const key = serviceKey('usps', serviceCode);
  const stc = /^[0-9]{3}$/.test(key) ? key : (USPS_STC[key] ?? '001');
  const body = `${USPS_CHANNEL}${stc}${USPS_MAILER_ID}${spread(serial, 7, 1)}`;
  return `${body}${mod10CheckDigit(body)}`;
}

function ups(serial: number, serviceCode: string | undefined): string {
  const key = serviceKey('ups', serviceCode).toUpperCase();
  const service = /^[0-9A-Z]{2}$/.test(key) ? key : (UPS_SERVICE[key.toLowerCase()] ?? '03');
  const body = `${UPS_SHIPPER}${service}${spread(serial, 7, 2)}`;
  return `1Z${body}${upsCheckDigit(body)}`;
}

function fedex(serial: number): string {
  // Express airbills in circulation start with 7; the rest carries the serial.
  const body = `7${spread(serial, 10, 3)}`;
  return `${body}${fedexExpressCheckDigit(body)}`;
}

function dhlExpress(serial: number): string {
  // Leading digits 1-9 only, so the waybill never loses a digit to a leading zero.
  const body = `${1 + (serial % 9)}${spread(Math.floor(serial / 9), 8, 4)}`;
  return `${body}${dhlExpressCheckDigit(body)}`;
}

function swiftx(serial: number, serviceCode: string | undefined): string {
  const key = serviceKey('swiftx', serviceCode);
  const service = /^[0-9]{2}$/.test(key) ? key : (SWIFTX_SERVICE[key] ?? '01');
  const digits = `${service}${spread(serial, 9, 5)}`;
  return `SX${digits}${luhnCheckDigit(digits)}`;
}

function other(carrier: string, serial: number): string {
  const prefix = carrier.toUpperCase().replace(/[^A-Z]/g, '').slice(0, 3) || 'PS';
  const digits = spread(serial, 11, 6);
  return `${prefix}${digits}${luhnCheckDigit(digits)}`;
}

export function makeTrackingNumber(carrier: CarrierCode | string, serial: number, options: TrackingNumberOptions = {}): string {
  switch (carrier.toUpperCase()) {
    case 'USPS':
      return usps(serial, options.serviceCode);
    case 'UPS':
      return ups(serial, options.serviceCode);
    case 'FEDEX':
      return fedex(serial);
    case 'DHL_EXPRESS':
    case 'DHL':
      return dhlExpress(serial);
    case 'SWIFTX':
      return swiftx(serial, options.serviceCode);
    default:
      return other(carrier, serial);
  }
}

/** GS1 group separator: how a scanner reports FNC1 inside a GS1-128 symbol. */
export const FNC1 = '\u001d';

/**
 * The element string of a USPS IMpb barcode: AI 420 + destination ZIP
 * (5 or 9 digits), FNC1, then the PIC (whose channel digits double as its AI).
 * This is what a scanner emits after the symbol's leading FNC1.
 */
export function imbpBarcodeData(zip: string, pic: string): string {
  return `420${routingZip(zip)}${FNC1}${pic}`;
}

/** The same content in bwip-js's bracketed AI syntax, for drawing the symbol. */
export function imbpBwipText(zip: string, pic: string): string {
  return `(420)${routingZip(zip)}(${pic.slice(0, 2)})${pic.slice(2)}`;
}

/** ZIP or ZIP+4 digits; anything else routes as 00000 rather than breaking the label. */
export function routingZip(zip: string): string {
  const digits = zip.replace(/[^0-9]/g, '');
  return digits.length >= 9 ? digits.slice(0, 9) : digits.length >= 5 ? digits.slice(0, 5) : '00000';
}
