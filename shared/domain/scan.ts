import {
  hasMod10CheckDigit,
  isValidDhlExpress,
  isValidFedexExpress,
  isValidFedexGround15,
  isValidSwiftx,
  isValidUpsTracking,
  isValidUspsPic,
} from './checkDigits';
import { COMMAND_PREFIX, isStationCommand, type StationCommand } from './commandBarcodes';

/**
 * What a packing bench scans, read the same way by the renderer and the CLI.
 *
 * Order of the rules (first match wins):
 * 1. `PS:CMD:<NAME>`: a station command barcode (commandBarcodes.ts).
 * 2. `#` + text: always an order number (the `#` is dropped: `#1001` -> `1001`).
 * 3. A carrier tracking number whose check digit is right: USPS IMpb with the
 *    `420` + ZIP routing prefix, USPS PICs (20, 22, 26 digits) and S10
 *    international numbers, UPS `1Z`, FedEx (12, 15, 20, 22 and the 34-digit
 *    label barcode), DHL Express (10 or 11 digits), SWIFTX.
 * 4. An order number: 1-40 letters, digits and inner `-` `_` `.` `/`, with
 *    at least one digit (DEMO-1001, 1001, 112-1234567-1234567, SO/2024/42).
 *
 * Shops number orders with plain digits too, and one in seven 10-digit
 * numbers passes the DHL check (one in ten for FedEx 12 and 15). So a
 * digits-only scan matched only by those short checks is reported as
 * tracking AND carries `order_number`; the screen looks the order up first.
 */

export type ScanKind = 'tracking' | 'order' | 'command' | 'unknown';
export type ScanCarrier = 'USPS' | 'UPS' | 'FEDEX' | 'DHL_EXPRESS' | 'SWIFTX';

export interface ScanResult {
  readonly kind: ScanKind;
  readonly tracking_no?: string;
  readonly carrier?: ScanCarrier;
  /** Destination ZIP (5 or 9 digits) from an IMpb routing prefix. */
  readonly zip?: string;
  readonly order_number?: string;
  readonly command?: StationCommand;
  /** For 'unknown': what to tell the packer. */
  readonly message?: string;
}

const GS = '\u001d';
/** AIM symbology identifier a scanner may prepend: `]C1` (GS1-128), `]C0`, `]E0`, `]d2`, `]Q3` ... */
const AIM_PREFIX = /^\][A-Za-z][0-9A-Za-z]/;

/** Control characters other than GS: terminators (CR, LF, Tab) and the STX/ETX framing some scanners add. */
const isStrayControl = (char: string): boolean => {
  const code = char.charCodeAt(0);
  return (code < 0x20 && char !== GS) || code === 0x7f;
};

/**
 * A GS1 barcode read by a scanner set to send FNC1 as GS may start with one:
 * a GS in first position marks the data as GS1, like the `]C1` prefix.
 */
const dropLeadingGs = (text: string): string => {
  let start = 0;
  while (text[start] === GS) start += 1;
  return text.slice(start);
};

/** Drops what scanners add around the data: AIM prefix, a leading FNC1 (GS), framing and terminators, surrounding space. */
export function normalizeScan(text: string): string {
  return dropLeadingGs(stripControls(text).replace(AIM_PREFIX, '')).trim();
}

const isGs1Marked = (text: string): boolean => {
  const bare = stripControls(text);
  return bare.startsWith(']C1') || bare.replace(AIM_PREFIX, '').startsWith(GS);
};

const stripControls = (text: string): string => [...text].filter((char) => !isStrayControl(char)).join('').trim();

const tracking = (tracking_no: string, carrier: ScanCarrier | undefined, extra: Partial<ScanResult> = {}): ScanResult => ({
  kind: 'tracking',
  tracking_no,
  ...(carrier ? { carrier } : {}),
  ...extra,
});

const unknown = (message: string): ScanResult => ({ kind: 'unknown', message });

/** UPU S10 (e.g. EC123456785US): weights 8,6,4,2,3,5,9,7; 11 - sum mod 11, 10 -> 0, 11 -> 5. */
function isValidS10(value: string): boolean {
  const match = /^[A-Z]{2}([0-9]{8})([0-9])[A-Z]{2}$/.exec(value);
  if (!match) return false;
  const weights = [8, 6, 4, 2, 3, 5, 9, 7];
  const sum = [...(match[1] ?? '')].reduce((total, digit, i) => total + Number(digit) * (weights[i] ?? 0), 0);
  const check = 11 - (sum % 11);
  return (check === 10 ? 0 : check === 11 ? 5 : check) === Number(match[2]);
}

/** USPS IMpb: 420 + ZIP (5 or 9) + PIC. With a GS the split is given; without one, try 5 then 9. */
function impb(raw: string, gs1: boolean): ScanResult | undefined {
  const compact = raw.replace(/\s/g, '');
  if (!/^420[0-9]/.test(compact) || !/^[0-9]+$/.test(compact.replaceAll(GS, ''))) return undefined;
  const gs = compact.indexOf(GS);
  const candidates =
    gs > 0 ? [[compact.slice(3, gs), compact.slice(gs + 1).replaceAll(GS, '')] as const] : [5, 9].map((n) => [compact.slice(3, 3 + n), compact.slice(3 + n)] as const);
  for (const [zip, pic] of candidates) {
    if ((zip.length === 5 || zip.length === 9) && isValidUspsPic(pic)) return tracking(pic, 'USPS', { zip });
  }
  // The routing barcode alone (UPS and FedEx labels print one): 420 + ZIP+4 always; 420 + ZIP only when
  // the scanner marked it GS1, since an 8-digit order number may start with 420 too.
  const digits = compact.replaceAll(GS, '');
  if (digits.length === 12 || (digits.length === 8 && gs1)) {
    return unknown('That is the ZIP routing barcode. Scan the tracking barcode below it.');
  }
  return undefined;
}

function digitsTracking(digits: string): ScanResult | undefined {
  switch (digits.length) {
    case 20:
      if (hasMod10CheckDigit(digits)) return tracking(digits, 'USPS');
      // FedEx SmartPost prints its IMpb number without the 92 channel.
      if (isValidUspsPic(`92${digits}`)) return tracking(digits, 'FEDEX');
      return undefined;
    case 22:
      if (isValidUspsPic(digits)) return tracking(digits, 'USPS');
      // FedEx Ground 96: the check digit covers the 14-digit shipper + package part.
      if (digits.startsWith('96') && isValidFedexGround15(digits.slice(7))) return tracking(digits, 'FEDEX');
      return undefined;
    case 26:
      return isValidUspsPic(digits) ? tracking(digits, 'USPS') : undefined;
    case 34: {
      // The barcode on FedEx labels: the tracking number is its last 12 digits.
      const last12 = digits.slice(-12);
      return /^(10|96)/.test(digits) && isValidFedexExpress(last12) ? tracking(last12, 'FEDEX') : undefined;
    }
    case 12:
      return isValidFedexExpress(digits) ? tracking(digits, 'FEDEX', { order_number: digits }) : undefined;
    case 15:
      return isValidFedexGround15(digits) ? tracking(digits, 'FEDEX', { order_number: digits }) : undefined;
    case 10:
    case 11:
      return isValidDhlExpress(digits) ? tracking(digits, 'DHL_EXPRESS', { order_number: digits }) : undefined;
    default:
      return undefined;
  }
}

function nearMiss(compact: string): string | undefined {
  if (/^1Z[0-9A-Z]{16}$/.test(compact) || ((compact.length === 22 || compact.length === 26) && /^9[1-5][0-9]+$/.test(compact))) {
    return 'That tracking number did not read correctly (check digit). Scan it again.';
  }
  return undefined;
}

const ORDER = /^[A-Za-z0-9](?:[A-Za-z0-9._/-]{0,38}[A-Za-z0-9])?$/;

function order(text: string): ScanResult | undefined {
  return ORDER.test(text) && /[0-9]/.test(text) ? { kind: 'order', order_number: text } : undefined;
}

export function parseScan(text: string): ScanResult {
  const gs1 = isGs1Marked(text);
  const clean = normalizeScan(text);
  if (clean === '') return unknown('Nothing was scanned.');

  const upper = clean.toUpperCase();
  if (upper.startsWith(COMMAND_PREFIX)) {
    const name = upper.slice(COMMAND_PREFIX.length);
    return isStationCommand(name) ? { kind: 'command', command: name } : unknown(`"${clean}" is not a command this station knows.`);
  }

  if (clean.startsWith('#')) {
    return order(clean.slice(1).trim()) ?? unknown(`"${clean}" is not an order number.`);
  }

  const routed = impb(clean, gs1);
  if (routed) return routed;

  const compact = upper.replaceAll(GS, '').replace(/\s/g, '');
  if (/^[0-9]+$/.test(compact)) {
    const found = digitsTracking(compact);
    if (found) return found;
  }
  if (isValidUpsTracking(compact)) return tracking(compact, 'UPS');
  if (isValidSwiftx(compact)) return tracking(compact, 'SWIFTX');
  if (isValidS10(compact)) return tracking(compact, compact.endsWith('US') ? 'USPS' : undefined);

  const miss = nearMiss(compact);
  if (miss) return unknown(miss);

  return order(clean) ?? unknown(`"${clean.slice(0, 40)}" is not an order, a tracking number or a station command.`);
}
