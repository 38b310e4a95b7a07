import { describe, expect, it } from 'vitest';
import { parseZip, stateCode, stateOfZip, zoneBetween } from '../../../electron/sandbox/domain/geo';
import { isoWithOffset, localDate } from '../../../electron/sandbox/domain/localTime';

describe('geo', () => {
  it('maps ZIPs to states and names to codes', () => {
    expect(stateOfZip('90021')).toBe('CA');
    expect(stateOfZip('02116')).toBe('MA');
    expect(stateOfZip('08202')).toBe('NJ');
    expect(stateOfZip('99803')).toBe('AK');
    expect(stateCode('texas')).toBe('TX');
    expect(stateCode('ZZ')).toBeUndefined();
    expect(parseZip('78701-1234')).toEqual({ zip5: '78701', zip4: '1234' });
    expect(parseZip('7870')).toBeUndefined();
  });

  it('derives zones 1..9 from distance', () => {
    expect(zoneBetween('90021', '90026')).toBe(1);
    expect(zoneBetween('90021', '94103')).toBe(2);
    expect(zoneBetween('90021', '10018')).toBe(8);
    expect(zoneBetween('90021', '96814')).toBe(9);
    expect(zoneBetween('90021', '78701')).toBeGreaterThan(zoneBetween('90021', '85018'));
  });
});

describe('local time', () => {
  it('formats instants with the zone offset, following daylight saving', () => {
    expect(isoWithOffset(new Date('2026-01-15T20:00:00Z'), 'America/Los_Angeles')).toBe('2026-01-15T12:00:00-08:00');
    expect(isoWithOffset(new Date('2026-07-15T20:00:00Z'), 'America/Los_Angeles')).toBe('2026-07-15T13:00:00-07:00');
    expect(isoWithOffset(new Date('2026-07-15T20:00:00Z'), 'America/Phoenix')).toBe('2026-07-15T13:00:00-07:00');
    expect(isoWithOffset(new Date('2026-07-15T20:00:00.500Z'), undefined)).toBe('2026-07-15T20:00:00+00:00');
    expect(localDate(new Date('2026-03-11T07:30:00Z'), 'America/Los_Angeles')).toBe('2026-03-11');
  });
});
