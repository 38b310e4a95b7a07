import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isValidDhlExpress,
  isValidFedexExpress,
  isValidSwiftx,
  isValidUpsTracking,
  isValidUspsPic,
  luhnCheckDigit,
} from '../../../shared/domain/checkDigits';
import { FNC1, imbpBarcodeData, imbpBwipText, makeTrackingNumber } from '../../../electron/sandbox/render/trackingNumbers';

const serials = Array.from({ length: 2000 }, (_, i) => i);

describe('makeTrackingNumber', () => {
  it.each([
    ['USPS', /^92[0-9]{3}9[0-9]{8}[0-9]{8}$/, isValidUspsPic],
    ['UPS', /^1Z[0-9A-Z]{6}[0-9A-Z]{2}[0-9]{8}$/, isValidUpsTracking],
    ['FEDEX', /^7[0-9]{11}$/, isValidFedexExpress],
    ['DHL_EXPRESS', /^[1-9][0-9]{9}$/, isValidDhlExpress],
    ['SWIFTX', /^SX[0-9]{12}$/, isValidSwiftx],
  ] as const)('mints %s numbers in the carrier format with a valid check digit, unique per serial', (carrier, shape, valid) => {
    const numbers = serials.map((serial) => makeTrackingNumber(carrier, serial));
    for (const n of numbers) {
      expect(n).toMatch(shape);
      expect(valid(n)).toBe(true);
    }
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('stays valid over the whole serial range', () => {
    const validators = { USPS: isValidUspsPic, UPS: isValidUpsTracking, FEDEX: isValidFedexExpress, DHL_EXPRESS: isValidDhlExpress, SWIFTX: isValidSwiftx };
    fc.assert(
      fc.property(fc.constantFrom(...(Object.keys(validators) as Array<keyof typeof validators>)), fc.maxSafeNat(), (carrier, serial) =>
        validators[carrier](makeTrackingNumber(carrier, serial)),
      ),
    );
  });

  it('is a pure function of its inputs', () => {
    expect(makeTrackingNumber('USPS', 77, { serviceCode: 'USPS_PRIORITY_MAIL' })).toBe(makeTrackingNumber('USPS', 77, { serviceCode: 'USPS_PRIORITY_MAIL' }));
    expect(makeTrackingNumber('UPS', 77)).toBe(makeTrackingNumber('UPS', 77));
  });

  it('puts the USPS service type code after the channel', () => {
    expect(makeTrackingNumber('USPS', 1, { serviceCode: 'USPS_GROUND_ADVANTAGE' }).slice(0, 5)).toBe('92001');
    expect(makeTrackingNumber('USPS', 1, { serviceCode: 'usps_priority_mail' }).slice(0, 5)).toBe('92055');
    expect(makeTrackingNumber('USPS', 1, { serviceCode: 'USPS_PRIORITY_MAIL_EXPRESS' }).slice(0, 5)).toBe('92701');
    expect(makeTrackingNumber('USPS', 1, { serviceCode: '612' }).slice(0, 5)).toBe('92612');
    expect(makeTrackingNumber('USPS', 1).slice(0, 5)).toBe('92001');
  });

  it('puts the UPS service code after the shipper number', () => {
    expect(makeTrackingNumber('UPS', 1, { serviceCode: 'ups_next_day_air' }).slice(8, 10)).toBe('01');
    expect(makeTrackingNumber('UPS', 1, { serviceCode: 'UPS_2ND_DAY_AIR' }).slice(8, 10)).toBe('02');
    expect(makeTrackingNumber('UPS', 1).slice(8, 10)).toBe('03');
  });

  it('gives other carriers a letter prefix and a Luhn-checked serial', () => {
    const n = makeTrackingNumber('ONTRAC', 5);
    expect(n).toMatch(/^ONT[0-9]{12}$/);
    expect(luhnCheckDigit(n.slice(3, 14))).toBe(Number(n.slice(14)));
  });

  it('refuses negative or fractional serials', () => {
    expect(() => makeTrackingNumber('USPS', -1)).toThrow(RangeError);
    expect(() => makeTrackingNumber('UPS', 1.5)).toThrow(RangeError);
  });
});

describe('IMpb barcode data', () => {
  const pic = makeTrackingNumber('USPS', 9);
  it('is 420 + ZIP, FNC1, PIC', () => {
    expect(imbpBarcodeData('90210', pic)).toBe(`42090210${FNC1}${pic}`);
    expect(imbpBarcodeData('60625-2103', pic)).toBe(`420606252103${FNC1}${pic}`);
  });
  it('routes a malformed ZIP as 00000 rather than failing', () => {
    expect(imbpBarcodeData('N/A', pic)).toBe(`42000000${FNC1}${pic}`);
  });
  it('has a bracketed-AI form for the barcode encoder', () => {
    expect(imbpBwipText('90210', pic)).toBe(`(420)90210(92)${pic.slice(2)}`);
  });
});
