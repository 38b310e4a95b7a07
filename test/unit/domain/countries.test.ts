import { describe, expect, it } from 'vitest';
import { addressProblems, countryName, isInternational, normalizePostalCode, regionRequired } from '../../../shared/domain/countries';

const messages = (...args: Parameters<typeof addressProblems>) => addressProblems(...args).map((p) => `${p.field}: ${p.message}`);

describe('country rules', () => {
  it('names real countries and refuses codes that name none', () => {
    expect(countryName('ca')).toBe('Canada');
    expect(countryName('GB')).toBe('United Kingdom');
    expect(countryName('ZZ')).toBeUndefined();
    expect(countryName('USA')).toBeUndefined();
    expect(messages({ country: 'UK', state: '', zip: 'SW1A 1AA' })).toEqual(['country: "UK" is not a country code; the United Kingdom is GB']);
  });

  it('wants a state or province only where the country uses one', () => {
    expect(regionRequired('US')).toBe(true);
    expect(regionRequired('CA')).toBe(true);
    expect(regionRequired('GB')).toBe(false);
    expect(regionRequired('DE')).toBe(false);
    expect(messages({ country: 'GB', state: '', zip: 'SW1A 1AA' })).toEqual([]);
    expect(messages({ country: 'FR', state: '', zip: '75008' })).toEqual([]);
    expect(messages({ country: 'US', state: '', zip: '78701' })).toEqual(['state: Enter the state (addresses in the United States need one)']);
    expect(messages({ country: 'CA', state: '', zip: 'M5V 2T6' })).toEqual(['state: Enter the province (addresses in Canada need one)']);
  });

  it('refuses a U.S. state on a Canadian address, in words', () => {
    expect(messages({ country: 'CA', state: 'NY', zip: 'M5V 2T6' })).toEqual([
      'state: "NY" is not a province of Canada (that is a U.S. state); use one of AB, BC, MB, NB, NL, NS, NT, NU, ON, PE, QC, SK, YT',
    ]);
    expect(messages({ country: 'AU', state: 'XX', zip: '2000' })[0]).toMatch(/"XX" is not a state or territory of Australia; use one of ACT, NSW/);
    expect(messages({ country: 'US', state: 'ON', zip: '78701' })).toEqual(['state: "ON" is not a state of the United States; use its two-letter code, such as CA or NY']);
  });

  it('checks postal codes of the US, Canada, the UK, Australia and Germany, and loosely elsewhere', () => {
    const ok: Array<[string, string, string]> = [
      ['US', 'TX', '78701'], ['US', 'TX', '78701-1234'], ['CA', 'ON', 'K1A 0B1'], ['CA', 'QC', 'h2x1y4'], ['GB', '', 'SW1A 1AA'],
      ['GB', '', 'M1 1AE'], ['GB', '', 'EC1A1BB'], ['AU', 'NSW', '2000'], ['DE', '', '10115'], ['FR', '', '75008'], ['NL', '', '1012 AB'], ['JP', '', '100-0001'],
    ];
    for (const [country, state, zip] of ok) expect(messages({ country, state, zip }), `${country} ${zip}`).toEqual([]);
    expect(messages({ country: 'CA', state: 'ON', zip: '12345' })).toEqual(['zip: "12345" is not a postal code of Canada; it looks like K1A 0B1']);
    expect(messages({ country: 'GB', state: '', zip: '12345' })).toEqual(['zip: "12345" is not a postcode of the United Kingdom; it looks like SW1A 1AA']);
    expect(messages({ country: 'DE', state: '', zip: '1011' })).toEqual(['zip: "1011" is not a PLZ of Germany; it looks like 10115']);
    expect(messages({ country: 'AU', state: 'VIC', zip: '30000' })[0]).toMatch(/not a postcode of Australia/);
    expect(messages({ country: 'US', state: 'TX', zip: '7870' })).toEqual(['zip: "7870" is not a ZIP code of the United States; it looks like 90210 or 90210-1234']);
    expect(messages({ country: 'FR', state: '', zip: '' })).toEqual(['zip: Enter the postal code (addresses in France need one)']);
    expect(messages({ country: 'HK', state: '', zip: '' })).toEqual([]);
    expect(messages({ country: 'FR', state: '', zip: '75008!' })[0]).toMatch(/is not a postal code of France/);
  });

  it('prints postal codes the way the country writes them', () => {
    expect(normalizePostalCode('CA', 'k1a0b1')).toBe('K1A 0B1');
    expect(normalizePostalCode('GB', 'sw1a1aa')).toBe('SW1A 1AA');
    expect(normalizePostalCode('GB', 'm1  1ae')).toBe('M1 1AE');
    expect(normalizePostalCode('US', ' 78701 ')).toBe('78701');
    expect(normalizePostalCode('FR', '75008')).toBe('75008');
  });

  it('needs a phone when the package leaves its origin country', () => {
    expect(isInternational('US', 'us')).toBe(false);
    expect(isInternational('US', 'CA')).toBe(true);
    expect(messages({ country: 'US', state: 'TX', zip: '78701' }, { otherCountry: 'US' })).toEqual([]);
    expect(messages({ country: 'GB', state: '', zip: 'SW1A 1AA' }, { otherCountry: 'US' })).toEqual([
      "phone: Enter the recipient's phone number: carriers need it on shipments that leave the country",
    ]);
    expect(messages({ country: 'US', state: 'CA', zip: '94105' }, { otherCountry: 'GB', whose: 'the ship-from' })[0]).toMatch(/Enter the ship-from phone number/);
    expect(messages({ country: 'GB', state: '', zip: 'SW1A 1AA', phone: '+44 20 7946 0958' }, { otherCountry: 'US' })).toEqual([]);
    expect(messages({ country: 'GB', state: '', zip: 'SW1A 1AA', phone: 'call me' }, { otherCountry: 'US' })).toEqual(['phone: "call me" does not look like a phone number (6 to 15 digits)']);
  });
});
