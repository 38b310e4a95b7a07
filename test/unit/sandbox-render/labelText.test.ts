import { describe, expect, it } from 'vitest';
import { addressLines, formatShipDate, formatWeight, groupTracking, serviceBanner, serviceIndicator } from '../../../electron/sandbox/render/labelText';

describe('label text', () => {
  it('prints addresses upper case in USPS order, folding accents and skipping blanks', () => {
    expect(addressLines({ name: 'José Peña', company: '', street: '12 Main St', street2: ' ', city: 'San José', state: 'CA', zip: '95112' })).toEqual([
      'JOSE PENA',
      '12 MAIN ST',
      'SAN JOSE CA 95112',
    ]);
  });
  it('adds the country line only outside the US', () => {
    const base = { name: 'A', street: '1 Rue X', city: 'Paris', state: '', zip: '75001' };
    expect(addressLines({ ...base, country: 'FR' }).at(-1)).toBe('FR');
    expect(addressLines({ ...base, country: 'us' }).at(-1)).toBe('PARIS 75001');
  });
  it('formats weight in pounds and ounces', () => {
    expect(formatWeight(36)).toBe('2 LB 4 OZ');
    expect(formatWeight(4.25)).toBe('0 LB 4.3 OZ');
    expect(formatWeight(16)).toBe('1 LB 0 OZ');
  });
  it('formats ship dates as US dates', () => {
    expect(formatShipDate('2026-11-23')).toBe('11/23/2026');
    expect(formatShipDate('2026-01-05T08:00:00-08:00')).toBe('01/05/2026');
    expect(formatShipDate('tomorrow')).toBe('tomorrow');
  });
  it('groups tracking numbers as carriers print them', () => {
    expect(groupTracking('USPS', '9200192730014527160434')).toBe('9200 1927 3001 4527 1604 34');
    expect(groupTracking('UPS', '1Z8A4V270228207725')).toBe('1Z 8A4 V27 02 2820 772 5');
    expect(groupTracking('DHL_EXPRESS', '3318810025')).toBe('33 1881 0025');
  });
  it('picks the service mark and banner', () => {
    expect(serviceIndicator('USPS', 'USPS_PRIORITY_MAIL_EXPRESS')).toBe('E');
    expect(serviceIndicator('USPS', 'USPS_PRIORITY_MAIL')).toBe('P');
    expect(serviceIndicator('USPS', 'usps_ground_advantage')).toBe('G');
    expect(serviceIndicator('UPS', 'ups_next_day_air')).toBe('1');
    expect(serviceIndicator('UPS', 'UPS 2nd Day Air A.M.')).toBe('2');
    expect(serviceIndicator('FEDEX', 'FedEx 2Day')).toBe('2');
    expect(serviceIndicator('FEDEX', 'FedEx Priority Overnight')).toBe('1');
    expect(serviceIndicator('FEDEX', 'FedEx Home Delivery')).toBe('G');
    expect(serviceBanner('usps_ground_advantage')).toBe('USPS GROUND ADVANTAGE');
  });
});
