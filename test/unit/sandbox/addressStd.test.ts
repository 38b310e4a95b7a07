import { describe, expect, it } from 'vitest';
import { isPoBox, standardizeAddress } from '../../../electron/sandbox/domain/addressStd';

describe('address standardisation', () => {
  it('abbreviates suffixes and directionals and upper-cases', () => {
    const result = standardizeAddress({ street: '2207 West Alabama Street', city: 'Houston', state: 'TX', zip: '77098' });
    expect(result).toMatchObject({ street: '2207 W ALABAMA ST', city: 'HOUSTON', state: 'TX', errors: [] });
    expect(result.zip).toMatch(/^77098-\d{4}$/);
    expect(standardizeAddress({ street: '2300 Northeast Broadway', city: 'Portland', state: 'OR', zip: '97232' }).street).toBe('2300 NE BROADWAY');
    expect(standardizeAddress({ street: '77 Peachtree Place Northeast', city: 'Atlanta', state: 'GA', zip: '30309' }).street).toBe('77 PEACHTREE PL NE');
  });

  it('keeps a given ZIP+4 and computes a stable one otherwise', () => {
    expect(standardizeAddress({ street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701-0042' }).zip).toBe('78701-0042');
    const a = standardizeAddress({ street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' });
    expect(standardizeAddress({ street: '1 main street', city: 'austin', state: 'tx', zip: '78701' }).zip).toBe(a.zip);
  });

  it('standardises secondary units and PO boxes', () => {
    expect(standardizeAddress({ street: '1 Main St', street2: '#12', city: 'A', state: 'TX', zip: '78701' }).street2).toBe('# 12');
    expect(standardizeAddress({ street: '1 Main St', street2: 'suite 4', city: 'A', state: 'TX', zip: '78701' }).street2).toBe('STE 4');
    expect(isPoBox('P.O. Box 12')).toBe(true);
    expect(isPoBox('Post Office Box 12')).toBe(true);
    expect(isPoBox('12 Boxwood Ln')).toBe(false);
  });

  it('reports errors instead of guessing', () => {
    expect(standardizeAddress({ street: '1 Main St', city: '', state: 'TX', zip: '78701' }).errors.map((e) => e.code)).toEqual(['ADDRESS.CITY.MISSING']);
    expect(standardizeAddress({ street: '1 Main St', city: 'A', state: 'TX', zip: '00000' }).errors.map((e) => e.code)).toEqual(['ADDRESS.ZIP.UNKNOWN']);
  });
});
