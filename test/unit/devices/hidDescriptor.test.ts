import { describe, expect, it } from 'vitest';
import { parseHidDescriptor } from '../../../electron/devices/scales/hidDescriptor';
import { keyboardReportDescriptor, scaleReportDescriptor } from './standInUsb';

describe('HID report descriptor', () => {
  it('recognises a scale, its data report and its Zero Scale output bit', () => {
    expect(parseHidDescriptor(scaleReportDescriptor)).toEqual({
      isScale: true,
      dataReportId: 3,
      zero: { reportId: 2, reportType: 'output', payload: [0x02] },
    });
  });

  it('says a keyboard is not a scale', () => {
    expect(parseHidDescriptor(keyboardReportDescriptor)).toEqual({ isScale: false, dataReportId: undefined, zero: undefined });
  });

  it('finds Zero Scale in a feature report and after other fields', () => {
    const bytes = Uint8Array.from([
      0x05, 0x8d, 0x09, 0x20, 0xa1, 0x01,
      0x85, 0x05, 0x75, 0x08, 0x95, 0x01, 0x09, 0x50, 0xb1, 0x02, // feature report 5: one byte of unit first
      0x75, 0x01, 0x95, 0x01, 0x09, 0x80, 0xb1, 0x02, // then Zero Scale at bit 8
      0x75, 0x07, 0xb1, 0x03,
      0xc0,
    ]);
    expect(parseHidDescriptor(bytes).zero).toEqual({ reportId: 5, reportType: 'feature', payload: [0x00, 0x01] });
  });

  it('reads a usage with its page in a 4-byte local item', () => {
    const bytes = Uint8Array.from([0x05, 0x01, 0x0b, 0x40, 0x00, 0x8d, 0x00, 0x85, 0x04, 0x75, 0x10, 0x95, 0x01, 0x81, 0x02]);
    expect(parseHidDescriptor(bytes)).toMatchObject({ isScale: true, dataReportId: 4 });
  });

  it('survives truncated and empty descriptors', () => {
    expect(parseHidDescriptor(new Uint8Array())).toEqual({ isScale: false, dataReportId: undefined, zero: undefined });
    expect(parseHidDescriptor(scaleReportDescriptor.subarray(0, 13)).isScale).toBe(true);
    expect(() => parseHidDescriptor(Uint8Array.from([0x27, 0xff]))).not.toThrow();
  });
});
