import { describe, expect, it } from 'vitest';
import { parseScaleReport, type ParsedReport, type ScaleReading } from '../../../electron/devices/scales/report';

const bytes = (text: string): Uint8Array => Uint8Array.from(text.split(' ').map((b) => parseInt(b, 16)));

function reading(parsed: ParsedReport): ScaleReading {
  if (parsed.kind !== 'reading') throw new Error(`expected a reading, got ${JSON.stringify(parsed)}`);
  return parsed.reading;
}

describe('HID scale data report', () => {
  it('reads the DYMO M10 example: 03 04 0B FF 31 00 = 4.9 oz stable', () => {
    const r = reading(parseScaleReport(bytes('03 04 0B FF 31 00')));
    expect(r).toMatchObject({ status: 'stable', statusText: 'Stable', value: 4.9, unit: 'oz', weightOz: 4.9 });
    expect(r.raw).toEqual({ statusCode: 4, unitCode: 11, exponent: -1, count: 49 });
  });

  it('reads the Fairbanks example: 03 04 0C FE 11 03 = 7.85 lb', () => {
    const r = reading(parseScaleReport(bytes('03 04 0C FE 11 03')));
    expect(r).toMatchObject({ status: 'stable', value: 7.85, unit: 'lb', weightOz: 125.6 });
  });

  it.each([
    ['03 01 0B FF 00 00', 'fault', 0, /unplug/],
    ['03 02 0B FF 00 00', 'zero', 0, /Empty/],
    ['03 03 0B FF 1E 00', 'in_motion', 3, /Settling/],
    ['03 04 0B FF 1E 00', 'stable', 3, /Stable/],
    ['03 05 0B FF 03 00', 'under_zero', -0.3, /ZERO/],
    ['03 06 0C FF 00 00', 'over_limit', 0, /Too heavy/],
    ['03 07 0B FF 00 00', 'needs_calibration', 0, /calibration/],
    ['03 08 0B FF 00 00', 'needs_rezero', 0, /ZERO/],
  ])('status byte of %s is %s', (report, status, value, text) => {
    const r = reading(parseScaleReport(bytes(report)));
    expect(r.status).toBe(status);
    expect(r.value).toBe(value);
    expect(r.statusText).toMatch(text);
  });

  it.each([
    ['03 04 01 00 E8 03', 'mg', 1000, 0.035274],
    ['03 04 02 00 E8 03', 'g', 1000, 35.273962],
    ['03 04 03 FD E8 03', 'kg', 1, 35.273962],
    ['03 04 04 00 05 00', 'ct', 5, 0.035274],
    ['03 04 05 00 03 00', 'tael', 3, 4],
    ['03 04 06 00 B5 01', 'grain', 437, 0.998857],
    ['03 04 07 00 0A 00', 'dwt', 10, 0.548571],
    ['03 04 08 FD 01 00', 'tonne', 0.001, 35.273962],
    ['03 04 09 FD 01 00', 'ton', 0.001, 32],
    ['03 04 0A FF 0A 00', 'ozt', 1, 1.097143],
    ['03 04 0B FF 31 00', 'oz', 4.9, 4.9],
    ['03 04 0C FE 11 03', 'lb', 7.85, 125.6],
  ])('unit byte of %s is %s', (report, unit, value, ounces) => {
    const r = reading(parseScaleReport(bytes(report)));
    expect(r.unit).toBe(unit);
    expect(r.value).toBeCloseTo(value, 9);
    expect(r.weightOz).toBeCloseTo(ounces, 6);
  });

  it('applies positive and zero exponents and the full 16-bit count', () => {
    expect(reading(parseScaleReport(bytes('03 04 02 01 FF FF'))).value).toBe(655350);
    expect(reading(parseScaleReport(bytes('03 04 02 00 34 12'))).value).toBe(0x1234);
    expect(reading(parseScaleReport(bytes('03 04 0C 80 01 00'))).raw.exponent).toBe(-128);
  });

  it('drops the leading 00 some scales send', () => {
    const r = reading(parseScaleReport(bytes('00 03 04 0B FF 31 00')));
    expect(r.value).toBe(4.9);
  });

  it('tolerates trailing padding', () => {
    expect(reading(parseScaleReport(bytes('03 04 0B FF 31 00 00 00'))).value).toBe(4.9);
  });

  it('reports zero as plain 0, never -0', () => {
    const r = reading(parseScaleReport(bytes('03 05 0B FF 00 00')));
    expect(Object.is(r.value, 0)).toBe(true);
    expect(Object.is(r.weightOz, 0)).toBe(true);
  });

  it('sets aside reports of other kinds', () => {
    expect(parseScaleReport(bytes('01 27 0B'))).toEqual({ kind: 'other', reportId: 1 });
    expect(parseScaleReport(bytes('04 00 00 00 00 00'))).toEqual({ kind: 'other', reportId: 4 });
    expect(parseScaleReport(bytes('04 04 0B FF 31 00'), 4).kind).toBe('reading');
  });

  it('refuses broken reports with a reason', () => {
    expect(parseScaleReport(new Uint8Array())).toMatchObject({ kind: 'invalid', reason: 'empty report' });
    expect(parseScaleReport(bytes('03 04 0B FF'))).toMatchObject({ kind: 'invalid', reason: expect.stringMatching(/short/) });
    expect(parseScaleReport(bytes('03 00 0B FF 31 00'))).toMatchObject({ kind: 'invalid', reason: expect.stringMatching(/unknown status 0/) });
    expect(parseScaleReport(bytes('03 09 0B FF 31 00'))).toMatchObject({ kind: 'invalid', reason: expect.stringMatching(/unknown status 9/) });
    expect(parseScaleReport(bytes('03 04 00 FF 31 00'))).toMatchObject({ kind: 'invalid', reason: expect.stringMatching(/unknown unit 0/) });
    expect(parseScaleReport(bytes('03 04 0D FF 31 00'))).toMatchObject({ kind: 'invalid', reason: expect.stringMatching(/unknown unit 13/) });
  });
});
