import { describe, expect, it } from 'vitest';
import { carrierWords, plural, serviceCodeWords, statusWords } from '../../../shared/domain/operatorWords';

describe('operator words for codes and counts', () => {
  it('counts take the singular for one and the plural otherwise', () => {
    expect(plural(1, 'line')).toBe('1 line');
    expect(plural(0, 'line')).toBe('0 lines');
    expect(plural(3, 'line')).toBe('3 lines');
    expect(plural(1, 'box', 'boxes')).toBe('1 box');
    expect(plural(2, 'box', 'boxes')).toBe('2 boxes');
  });

  it('statuses read as words whatever case the service sends', () => {
    expect(statusWords('VOIDED')).toBe('Voided');
    expect(statusWords('voided')).toBe('Voided');
    expect(statusWords('CONFIRMED')).toBe('Confirmed');
    expect(statusWords('CANCELED')).toBe('Canceled');
    expect(statusWords('IN_TRANSIT')).toBe('In transit');
    expect(statusWords('SOMETHING_NEW')).toBe('Something new');
    expect(statusWords(null)).toBe('—');
  });

  it('service codes without a name read as the carrier and the service in words', () => {
    expect(serviceCodeWords('UPS_GROUND')).toBe('UPS Ground');
    expect(serviceCodeWords('USPS_PRIORITY_MAIL')).toBe('USPS Priority Mail');
    expect(serviceCodeWords('FEDEX_2_DAY')).toBe('FedEx 2 Day');
    expect(serviceCodeWords('UPS_2ND_DAY_AIR')).toBe('UPS 2nd Day Air');
    expect(serviceCodeWords('USPS Media Mail')).toBe('USPS Media Mail');
    expect(serviceCodeWords(undefined)).toBe('—');
  });

  it('carrier codes read as the carrier names', () => {
    expect(carrierWords('FEDEX')).toBe('FedEx');
    expect(carrierWords('USPS')).toBe('USPS');
    expect(carrierWords('DHL_EXPRESS')).toBe('DHL Express');
    expect(carrierWords('')).toBe('—');
  });
});
