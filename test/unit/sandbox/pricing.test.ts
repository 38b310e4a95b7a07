import { describe, expect, it } from 'vitest';
import { findLevel, SERVICE_LEVELS, type ServiceLevel } from '../../../electron/sandbox/domain/catalog';
import { insuranceFeeCents, isQuote, quoteLevel, type Quote, type QuoteInput } from '../../../electron/sandbox/domain/pricing';

const base: QuoteInput = {
  fromZip: '90021',
  toZip: '78701',
  toState: 'TX',
  toIsPoBox: false,
  residential: true,
  weightOz: 24,
  dims: [10, 8, 4],
  packageType: 'my_package',
  saturday: false,
  additionalHandling: false,
};
const level = (name: string) => findLevel(name) as ServiceLevel;
const price = (name: string, input: Partial<QuoteInput> = {}) => (quoteLevel(level(name), { ...base, ...input }) as Quote).cents;

describe('pricing', () => {
  it('prices USPS Ground Advantage by billable pound and zone', () => {
    expect(price('USPS_GROUND_ADVANTAGE')).toBe(910);
    expect(price('USPS_GROUND_ADVANTAGE', { weightOz: 32 })).toBe(910);
    expect(price('USPS_GROUND_ADVANTAGE', { weightOz: 33 })).toBeGreaterThan(910);
    expect(price('USPS_GROUND_ADVANTAGE', { weightOz: 4 })).toBeLessThan(price('USPS_GROUND_ADVANTAGE', { weightOz: 12 }));
  });

  it('charges dimensional weight for large boxes', () => {
    expect(price('UPS_GROUND', { dims: [24, 18, 18] })).toBeGreaterThan(price('UPS_GROUND'));
  });

  it('is a pure function of its input', () => {
    for (const l of SERVICE_LEVELS) expect(quoteLevel(l, base)).toEqual(quoteLevel(l, base));
  });

  it('adds visible lines for the options and sums them', () => {
    const quote = quoteLevel(level('USPS_PRIORITY_MAIL_EXPRESS'), { ...base, saturday: true, additionalHandling: true, signature: 'adult_signature', insuredValueCents: 50_000 }) as Quote;
    expect(quote.lines.map((l) => l.code)).toEqual(['base_rate', 'additional_handling', 'saturday_delivery', 'adult_signature', 'insurance']);
    expect(quote.cents).toBe(quote.lines.reduce((sum, l) => sum + l.cents, 0));
    expect(quote.saturdayDelivery).toBe(true);
    expect((quoteLevel(level('UPS_GROUND'), { ...base, saturday: true }) as Quote).saturdayDelivery).toBe(false);
  });

  it('refuses what a carrier cannot carry', () => {
    const poBox = quoteLevel(level('FEDEX_2_DAY'), { ...base, toIsPoBox: true });
    expect(isQuote(poBox)).toBe(false);
    expect(poBox).toMatchObject({ code: 'carrier_cannot_serve_address' });
    expect(quoteLevel(level('SWIFTX_EXP'), { ...base, toState: 'HI', toZip: '96814' })).toMatchObject({ code: 'carrier_cannot_serve_address' });
    expect(quoteLevel(level('USPS_GROUND_ADVANTAGE'), { ...base, weightOz: 71 * 16 })).toMatchObject({ code: 'invalid_parameter' });
    expect(quoteLevel(level('UPS_GROUND'), { ...base, signature: 'usps_signature_restricted' })).toMatchObject({ code: 'signature_not_supported' });
    expect(quoteLevel(level('UPS_GROUND'), { ...base, packageType: 'usps_small_flat_rate_box' })).toMatchObject({ code: 'package_type_invalid' });
  });

  it('charges insurance per $100 with a $1 minimum', () => {
    expect(insuranceFeeCents(5_000)).toBe(100);
    expect(insuranceFeeCents(25_000)).toBe(255);
    expect(insuranceFeeCents(100_000)).toBe(850);
  });
});
