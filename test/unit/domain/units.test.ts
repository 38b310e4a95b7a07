import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  billableOunces,
  billablePounds,
  convertWeight,
  formatOunces,
  formatWeight,
  hidWeightUnits,
  parseTypedWeight,
  roundUpOunces,
  splitPoundsOunces,
  toGrams,
  toOunces,
  toPounds,
  unitFromHidCode,
  weightUnits,
} from '../../../shared/domain/units';

describe('unit conversion', () => {
  it('uses the exact definitions of the pound and ounce', () => {
    expect(toOunces({ value: 1, unit: 'lb' })).toBe(16);
    expect(toGrams({ value: 1, unit: 'lb' })).toBe(453.59237);
    expect(toGrams({ value: 1, unit: 'oz' })).toBe(28.349523125);
    expect(toPounds({ value: 453.59237, unit: 'g' })).toBe(1);
    expect(toOunces({ value: 1, unit: 'kg' })).toBeCloseTo(35.27396195, 8);
  });

  it('converts every HID unit to ounces', () => {
    const expected: Record<number, number> = {
      1: 1000 / 28349.523125, // 1000 mg
      2: 1 / 28.349523125,
      3: 1000 / 28.349523125,
      4: 0.2 / 28.349523125,
      5: 4 / 3,
      6: 1 / 437.5, // 7000 grains to the pound
      7: 24 / 437.5,
      8: 1_000_000 / 28.349523125,
      9: 32000,
      10: 480 / 437.5,
      11: 1,
      12: 16,
    };
    for (const [code, ounces] of Object.entries(expected)) {
      const unit = unitFromHidCode(Number(code));
      expect(unit, `code ${code}`).toBeDefined();
      const value = Number(code) === 1 ? 1000 : 1;
      expect(toOunces({ value, unit: unit! }), `code ${code}`).toBeCloseTo(ounces, 9);
    }
    expect(Object.keys(hidWeightUnits)).toHaveLength(12);
    expect(unitFromHidCode(0)).toBeUndefined();
    expect(unitFromHidCode(13)).toBeUndefined();
  });

  it('round-trips any unit through any other', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        fc.constantFrom(...weightUnits),
        fc.constantFrom(...weightUnits),
        (value, from, to) => {
          const back = convertWeight({ value: convertWeight({ value, unit: from }, to), unit: to }, from);
          expect(back).toBeCloseTo(value, 6);
        },
      ),
    );
  });
});

describe('postage rounding', () => {
  it('rounds up to the next 0.1 oz without inventing weight from float noise', () => {
    expect(roundUpOunces(4.9)).toBe(4.9);
    expect(roundUpOunces(4.91)).toBe(5);
    expect(roundUpOunces(0.30000000000000004)).toBe(0.3);
    expect(roundUpOunces(toOunces({ value: 7.85, unit: 'lb' }))).toBe(125.6);
    expect(roundUpOunces(toOunces({ value: 100, unit: 'g' }))).toBe(3.6); // 3.527 oz
    expect(roundUpOunces(0)).toBe(0);
    expect(roundUpOunces(-0.4)).toBe(0);
    expect(() => roundUpOunces(1, 0)).toThrow(RangeError);
  });

  it('never rounds below the real weight', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 2400, noNaN: true }), (oz) => {
        expect(roundUpOunces(oz)).toBeGreaterThanOrEqual(oz - 1e-9);
        expect(roundUpOunces(oz) - oz).toBeLessThan(0.1 + 1e-9);
      }),
    );
  });

  it('bills whole ounces and whole pounds', () => {
    expect(billableOunces(4.1)).toBe(5);
    expect(billableOunces(4)).toBe(4);
    expect(billablePounds(16)).toBe(1);
    expect(billablePounds(16.1)).toBe(2);
    expect(billablePounds(0)).toBe(0);
  });
});

describe('display', () => {
  it('writes pounds and ounces the way a packer reads them', () => {
    expect(formatOunces(4.9)).toBe('4.9 oz');
    expect(formatOunces(20.6)).toBe('1 lb 4.6 oz');
    expect(formatOunces(32)).toBe('2 lb');
    expect(formatOunces(0)).toBe('0 oz');
    expect(formatOunces(15.96)).toBe('1 lb'); // rounds to 16.0 oz, not "16 oz"
    expect(formatOunces(-0.3)).toBe('-0.3 oz');
    expect(formatOunces(-0.01)).toBe('0 oz');
    expect(formatOunces(125.6)).toBe('7 lb 13.6 oz');
    expect(formatOunces(4, 2)).toBe('4 oz');
  });

  it('splits into pounds and ounces', () => {
    expect(splitPoundsOunces(20.6)).toEqual({ pounds: 1, ounces: 4.6 });
    expect(splitPoundsOunces(15.99)).toEqual({ pounds: 1, ounces: 0 });
  });

  it('shows a raw reading in its own unit', () => {
    expect(formatWeight({ value: 7.85, unit: 'lb' })).toBe('7.85 lb');
    expect(formatWeight({ value: 540, unit: 'g' })).toBe('540 g');
    expect(formatWeight({ value: 0.1 + 0.2, unit: 'kg' })).toBe('0.3 kg');
  });
});

describe('typed weights', () => {
  it('reads what a person types', () => {
    expect(parseTypedWeight('20')).toBe(20);
    expect(parseTypedWeight('20 oz')).toBe(20);
    expect(parseTypedWeight('1.5 lb')).toBe(24);
    expect(parseTypedWeight('1 lb 4 oz')).toBe(20);
    expect(parseTypedWeight('1lb4.5oz')).toBe(20.5);
    expect(parseTypedWeight('2 LBS')).toBe(32);
    expect(parseTypedWeight('453.59237 g')).toBe(16);
    expect(parseTypedWeight('1 kg')).toBeCloseTo(35.27396195, 8);
  });

  it('refuses text that is not a weight', () => {
    for (const text of ['', 'abc', '1 stone', 'oz', '1 lb and', '-3 oz', '1..2']) {
      expect(parseTypedWeight(text), text).toBeUndefined();
    }
  });
});
