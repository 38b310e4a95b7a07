import {
  hasMod10CheckDigit,
  isValidDhlExpress,
  isValidFedexExpress,
  isValidFedexGround15,
  isValidSwiftx,
  isValidUpsTracking,
  isValidUspsPic,
} from './checkDigits';

/**
 * The one tracking-number recogniser: a carrier format whose check digit is
 * right. A scan at the bench (scan.ts) and a purchase answer the station
 * could not read (electron/shipping/salvage.ts) both ask here.
 *
 * Recognised: USPS IMpb with the `420` + ZIP routing prefix, USPS PICs (20,
 * 22, 26 digits) and S10 international numbers, UPS `1Z`, FedEx (12, 15, 20,
 * 22 and the 34-digit label barcode), DHL Express (10 or 11 digits), SWIFTX.
 */

export type TrackingCarrier = 'USPS' | 'UPS' | 'FEDEX' | 'DHL_EXPRESS' | 'SWIFTX';

export interface RecognizedTracking {
  readonly tracking_no: string;
  readonly carrier?: TrackingCarrier;
  /** Destination ZIP (5 or 9 digits) from an IMpb routing prefix. */
  readonly zip?: string;
  /**
   * Digits only and matched by a short check alone (DHL 10/11 passes one in
   * seven random numbers, FedEx 12/15 one in ten): as likely an order number
   * or any other id, so a caller that has a better reading tries it first.
   */
  readonly weak?: true;
}

const GS = '\u001d';

const found = (tracking_no: string, carrier: TrackingCarrier | undefined, extra: Partial<RecognizedTracking> = {}): RecognizedTracking => ({
  tracking_no,
  ...(carrier ? { carrier } : {}),
  ...extra,
});

/** UPU S10 (e.g. EC123456785US): weights 8,6,4,2,3,5,9,7; 11 - sum mod 11, 10 -> 0, 11 -> 5. */
function isValidS10(value: string): boolean {
  const match = /^[A-Z]{2}([0-9]{8})([0-9])[A-Z]{2}$/.exec(value);
  if (!match) return false;
  const weights = [8, 6, 4, 2, 3, 5, 9, 7];
  const sum = [...(match[1] ?? '')].reduce((total, digit, i) => total + Number(digit) * (weights[i] ?? 0), 0);
  const check = 11 - (sum % 11);
  return (check === 10 ? 0 : check === 11 ? 5 : check) === Number(match[2]);
}

/** How strictly a number is read: by the carrier's check digit (a scan), or by its shape alone (see recognizeTracking). */
export interface RecognizeOptions {
  readonly checkDigits?: boolean;
}

/** One carrier format: the number it reads from `compact` (upper-case, no spaces), its check digit verified when `checked`. */
type Format = (compact: string, checked: boolean) => RecognizedTracking | undefined;

const format =
  (shape: RegExp, valid: (value: string) => boolean, read: (value: string) => RecognizedTracking): Format =>
  (compact, checked) =>
    shape.test(compact) && (!checked || valid(compact)) ? read(compact) : undefined;

/** USPS IMpb: 420 + ZIP (5 or 9) + PIC. With a GS the split is given; without one, try 5 then 9. */
const impb: Format = (compact, checked) => {
  if (!/^420[0-9]/.test(compact) || !/^[0-9]+$/.test(compact.replaceAll(GS, ''))) return undefined;
  const gs = compact.indexOf(GS);
  const candidates =
    gs > 0 ? [[compact.slice(3, gs), compact.slice(gs + 1).replaceAll(GS, '')] as const] : [5, 9].map((n) => [compact.slice(3, 3 + n), compact.slice(3 + n)] as const);
  for (const [zip, pic] of candidates) {
    if ((zip.length === 5 || zip.length === 9) && /^9[1-5]([0-9]{20}|[0-9]{24})$/.test(pic) && (!checked || isValidUspsPic(pic))) return found(pic, 'USPS', { zip });
  }
  return undefined;
};

/** The formats after IMpb, first match wins (a 20- or 22-digit number is tried as USPS before FedEx). */
const FORMATS: readonly Format[] = [
  format(/^[0-9]{20}$/, hasMod10CheckDigit, (v) => found(v, 'USPS')),
  // FedEx SmartPost prints its IMpb number without the 92 channel.
  format(/^[0-9]{20}$/, (v) => isValidUspsPic(`92${v}`), (v) => found(v, 'FEDEX')),
  format(/^9[1-5][0-9]{20}$/, isValidUspsPic, (v) => found(v, 'USPS')),
  // FedEx Ground 96: the check digit covers the 14-digit shipper + package part.
  format(/^96[0-9]{20}$/, (v) => isValidFedexGround15(v.slice(7)), (v) => found(v, 'FEDEX')),
  format(/^9[1-5][0-9]{24}$/, isValidUspsPic, (v) => found(v, 'USPS')),
  // The barcode on FedEx labels: the tracking number is its last 12 digits.
  format(/^(10|96)[0-9]{32}$/, (v) => isValidFedexExpress(v.slice(-12)), (v) => found(v.slice(-12), 'FEDEX')),
  format(/^[0-9]{12}$/, isValidFedexExpress, (v) => found(v, 'FEDEX', { weak: true })),
  format(/^[0-9]{15}$/, isValidFedexGround15, (v) => found(v, 'FEDEX', { weak: true })),
  format(/^[0-9]{10,11}$/, isValidDhlExpress, (v) => found(v, 'DHL_EXPRESS', { weak: true })),
  format(/^1Z[0-9A-Z]{16}$/, isValidUpsTracking, (v) => found(v, 'UPS')),
  format(/^SX[0-9]{12}$/, isValidSwiftx, (v) => found(v, 'SWIFTX')),
  format(/^[A-Z]{2}[0-9]{9}[A-Z]{2}$/, isValidS10, (v) => found(v, v.endsWith('US') ? 'USPS' : undefined)),
];

/**
 * The tracking number in `text`, when a carrier format is there. Spaces are
 * ignored, letters read upper-case, and a GS (a scanner's FNC1) may split an
 * IMpb's ZIP from its PIC.
 *
 * By default the check digit must be right: that is what tells a misread
 * scan from a number. `checkDigits: false` takes a number by its format's
 * shape alone, for text no scanner read (a purchase answer the station
 * could not parse), where a digit the service got wrong is still the
 * number the label was bought under.
 */
export function recognizeTracking(text: string, options: RecognizeOptions = {}): RecognizedTracking | undefined {
  const checked = options.checkDigits ?? true;
  const compact = text.toUpperCase().replace(/\s/g, '');
  const routed = impb(compact, checked);
  if (routed) return routed;
  const bare = compact.replaceAll(GS, '');
  for (const read of FORMATS) {
    const match = read(bare, checked);
    if (match) return match;
  }
  return undefined;
}
