/**
 * Check digits of carrier tracking numbers. Pure functions shared by the
 * sandbox (which mints numbers) and the scan parser (which recognises them),
 * so both sides agree on what a valid number is.
 *
 * Each `...CheckDigit` takes the number without its check character and
 * returns the check character; each `isValid...` takes a whole number with
 * spaces already removed. Inputs of the wrong shape are invalid, never thrown.
 */

const DIGITS = /^[0-9]+$/;

/**
 * USPS IMpb / GS1 mod 10 (USPS Pub 199): weights 3,1,3,1... leftward starting
 * with the digit just left of the check digit; check = (10 - sum mod 10) mod 10.
 */
export function mod10CheckDigit(body: string): number {
  if (!DIGITS.test(body)) throw new RangeError('mod 10 check digit needs digits only');
  let sum = 0;
  let weight = 3;
  for (let i = body.length - 1; i >= 0; i--) {
    sum += (body.charCodeAt(i) - 48) * weight;
    weight = weight === 3 ? 1 : 3;
  }
  return (10 - (sum % 10)) % 10;
}

function endsWithCheck(value: string, check: (body: string) => number): boolean {
  if (value.length < 2 || !DIGITS.test(value)) return false;
  return check(value.slice(0, -1)) === value.charCodeAt(value.length - 1) - 48;
}

/** Any digits-only number whose last digit is its GS1 mod 10 check digit. */
export function hasMod10CheckDigit(value: string): boolean {
  return endsWithCheck(value, mod10CheckDigit);
}

/** A USPS Package Identification Code: 22 or 26 digits, channel 91-95, mod 10. */
export function isValidUspsPic(pic: string): boolean {
  return (pic.length === 22 || pic.length === 26) && /^9[1-5]/.test(pic) && hasMod10CheckDigit(pic);
}

/**
 * UPS 1Z numbers: the 15 characters after `1Z` (shipper, service, package)
 * with letters valued (code - 'A' + 2) mod 10, i.e. A=2 ... H=9, I=0, J=1, K=2;
 * odd positions weigh 1 and even positions 2; check = (10 - sum mod 10) mod 10.
 */
export function upsCheckDigit(body: string): string {
  if (!/^[0-9A-Z]{15}$/.test(body)) throw new RangeError('UPS check digit needs the 15 characters after 1Z');
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const code = body.charCodeAt(i);
    const value = code <= 57 ? code - 48 : (code - 65 + 2) % 10;
    sum += i % 2 === 1 ? value * 2 : value;
  }
  return String((10 - (sum % 10)) % 10);
}

export function isValidUpsTracking(value: string): boolean {
  if (!/^1Z[0-9A-Z]{16}$/.test(value)) return false;
  return upsCheckDigit(value.slice(2, 17)) === value.slice(17);
}

const FEDEX_WEIGHTS = [1, 3, 7] as const;

/**
 * FedEx Express 12-digit: weights 1,3,7 repeating leftward from the digit left
 * of the check digit; check = (sum mod 11) mod 10.
 */
export function fedexExpressCheckDigit(body: string): number {
  if (!/^[0-9]{11}$/.test(body)) throw new RangeError('FedEx check digit needs 11 digits');
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const weight = FEDEX_WEIGHTS[(body.length - 1 - i) % 3] ?? 1;
    sum += (body.charCodeAt(i) - 48) * weight;
  }
  return (sum % 11) % 10;
}

/** A 12-digit FedEx number. FedEx's 34-digit barcodes end with it, so their last 12 digits validate here too. */
export function isValidFedexExpress(value: string): boolean {
  return value.length === 12 && endsWithCheck(value, fedexExpressCheckDigit);
}

/** FedEx Ground 15-digit numbers use the GS1 mod 10 of USPS PICs. */
export function isValidFedexGround15(value: string): boolean {
  return value.length === 15 && hasMod10CheckDigit(value);
}

/** DHL Express waybill: the number before the check digit, modulo 7. */
export function dhlExpressCheckDigit(body: string): number {
  if (!/^[0-9]{9,10}$/.test(body)) throw new RangeError('DHL check digit needs 9 or 10 digits');
  let remainder = 0;
  for (let i = 0; i < body.length; i++) remainder = (remainder * 10 + (body.charCodeAt(i) - 48)) % 7;
  return remainder;
}

export function isValidDhlExpress(value: string): boolean {
  return (value.length === 10 || value.length === 11) && endsWithCheck(value, dhlExpressCheckDigit);
}

/** Luhn (ISO/IEC 7812) check digit: doubles every second digit leftward from the check position. */
export function luhnCheckDigit(body: string): number {
  if (!DIGITS.test(body)) throw new RangeError('Luhn check digit needs digits only');
  let sum = 0;
  let double = true;
  for (let i = body.length - 1; i >= 0; i--) {
    let value = body.charCodeAt(i) - 48;
    if (double) {
      value *= 2;
      if (value > 9) value -= 9;
    }
    sum += value;
    double = !double;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * SWIFTX (a regional carrier with no published format; the sandbox's own
 * definition): `SX` + 2-digit service + 9-digit serial + Luhn check over the
 * 11 digits, 14 characters in all.
 */
export function isValidSwiftx(value: string): boolean {
  return /^SX[0-9]{12}$/.test(value) && endsWithCheck(value.slice(2), luhnCheckDigit);
}
