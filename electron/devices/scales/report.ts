import { scaleStatuses, type ScaleStatus } from '../../../shared/contract/devices';
import { toOunces, unitFromHidCode, type WeightUnit } from '../../../shared/domain/units';

/**
 * The HID point-of-sale scale data report (usage page 0x8D, "Scale Data
 * Report"): `[reportId][status][unit][exponent int8][weight LSB][weight MSB]`,
 * weight = (LSB | MSB << 8) x 10^exponent.
 */

export type { ScaleStatus };

/** Status byte 1..8 in report order. */
export function statusFromCode(code: number): ScaleStatus | undefined {
  return code >= 1 && code <= scaleStatuses.length ? scaleStatuses[code - 1] : undefined;
}

/** What the packer sees next to the number: what the scale says and what to do about it. */
export const statusTexts: Readonly<Record<ScaleStatus, string>> = {
  fault: 'Scale fault: unplug the scale and plug it back in',
  zero: 'Empty',
  in_motion: 'Settling…',
  stable: 'Stable',
  under_zero: 'Below zero: clear the platform and press ZERO on the scale',
  over_limit: 'Too heavy for this scale',
  needs_calibration: 'The scale needs calibration',
  needs_rezero: 'Clear the platform and press ZERO on the scale',
};

export interface ScaleReading {
  readonly status: ScaleStatus;
  readonly statusText: string;
  /** The value in the scale's own unit, negative below zero. */
  readonly value: number;
  readonly unit: WeightUnit;
  /** The same weight in ounces (what postage is priced on). */
  readonly weightOz: number;
  /** The raw fields, for logs and for an admin checking a scale. */
  readonly raw: { readonly statusCode: number; readonly unitCode: number; readonly exponent: number; readonly count: number };
}

export type ParsedReport =
  | { readonly kind: 'reading'; readonly reading: ScaleReading }
  /** A report of another kind (attribute, status) on the same endpoint: not an error. */
  | { readonly kind: 'other'; readonly reportId: number }
  | { readonly kind: 'invalid'; readonly reason: string };

export const SCALE_DATA_REPORT_ID = 3;
const REPORT_LENGTH = 6;

const hex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(' ');

/**
 * Reads one report as it came off the interrupt endpoint. Some scales put a
 * 0x00 in front of the report (a report-id byte from a descriptor without
 * report ids), so a 7+ byte report that starts 00 <dataReportId> is shifted.
 */
export function parseScaleReport(input: Uint8Array, dataReportId = SCALE_DATA_REPORT_ID): ParsedReport {
  const bytes = input.length > REPORT_LENGTH && input[0] === 0 && input[1] === dataReportId ? input.subarray(1) : input;
  if (bytes.length === 0) return { kind: 'invalid', reason: 'empty report' };
  const reportId = bytes[0] ?? 0;
  if (reportId !== dataReportId) return { kind: 'other', reportId };
  if (bytes.length < REPORT_LENGTH) return { kind: 'invalid', reason: `short report (${hex(bytes)})` };

  const statusCode = bytes[1] ?? 0;
  const unitCode = bytes[2] ?? 0;
  const exponentByte = bytes[3] ?? 0;
  const count = (bytes[4] ?? 0) | ((bytes[5] ?? 0) << 8);

  const status = statusFromCode(statusCode);
  if (!status) return { kind: 'invalid', reason: `unknown status ${statusCode} (${hex(bytes)})` };
  const unit = unitFromHidCode(unitCode);
  if (!unit) return { kind: 'invalid', reason: `unknown unit ${unitCode} (${hex(bytes)})` };

  const exponent = exponentByte > 127 ? exponentByte - 256 : exponentByte;
  // Dividing by 10^n keeps 49 x 10^-1 at exactly 4.9; multiplying by 0.1 would not.
  const magnitude = exponent < 0 ? count / 10 ** -exponent : count * 10 ** exponent;
  // The weight field is unsigned; a scale below zero sends the magnitude and says so in the status.
  const value = status === 'under_zero' ? -magnitude : magnitude;
  const weightOz = Number(toOunces({ value, unit }).toFixed(6));

  return {
    kind: 'reading',
    reading: {
      status,
      statusText: statusTexts[status],
      value: value === 0 ? 0 : value,
      unit,
      weightOz: weightOz === 0 ? 0 : weightOz,
      raw: { statusCode, unitCode, exponent, count },
    },
  };
}
