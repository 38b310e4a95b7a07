import { COMMAND_PREFIX, isStationCommand, type StationCommand } from './commandBarcodes';
import { recognizeTracking, type TrackingCarrier } from './trackingNumber';

/**
 * What a packing bench scans, read the same way by the renderer and the CLI.
 *
 * Order of the rules (first match wins):
 * 1. `PS:CMD:<NAME>`: a station command barcode (commandBarcodes.ts).
 * 2. `#` + text: always an order number (the `#` is dropped: `#1001` -> `1001`).
 * 3. A carrier tracking number whose check digit is right (trackingNumber.ts,
 *    the recogniser the label salvage uses too); a ZIP routing barcode alone
 *    is told apart first.
 * 4. An order number: 1-40 letters, digits and inner `-` `_` `.` `/`, with
 *    at least one digit (DEMO-1001, 1001, 112-1234567-1234567, SO/2024/42).
 *
 * Shops number orders with plain digits too, and one in seven 10-digit
 * numbers passes the DHL check (one in ten for FedEx 12 and 15). So a
 * digits-only scan matched only by those short checks is reported as
 * tracking AND carries `order_number`; the screen looks the order up first.
 */

export type ScanKind = 'tracking' | 'order' | 'command' | 'unknown';
export type ScanCarrier = TrackingCarrier;

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

const unknown = (message: string): ScanResult => ({ kind: 'unknown', message });

/**
 * The ZIP routing barcode alone (UPS and FedEx labels print one above the
 * tracking barcode): 420 + ZIP+4 always; 420 + ZIP only when the scanner
 * marked it GS1, since an 8-digit order number may start with 420 too. No
 * IMpb is this short, so it is told apart before any tracking number.
 */
function routingOnly(clean: string, gs1: boolean): boolean {
  const compact = clean.replace(/\s/g, '');
  const digits = compact.replaceAll(GS, '');
  return /^420[0-9]/.test(compact) && /^[0-9]+$/.test(digits) && (digits.length === 12 || (digits.length === 8 && gs1));
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

  if (routingOnly(clean, gs1)) return unknown('That is the ZIP routing barcode. Scan the tracking barcode below it.');
  const found = recognizeTracking(clean);
  if (found) {
    const { weak, ...tracking } = found;
    // A digits-only number passing only a short check may as well be the shop's order number.
    return { kind: 'tracking', ...tracking, ...(weak ? { order_number: found.tracking_no } : {}) };
  }

  const miss = nearMiss(upper.replaceAll(GS, '').replace(/\s/g, ''));
  if (miss) return unknown(miss);

  return order(clean) ?? unknown(`"${clean.slice(0, 40)}" is not an order, a tracking number or a station command.`);
}
