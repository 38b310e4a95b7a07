import { describe, expect, it } from 'vitest';
import { recognizeTracking } from '../../../shared/domain/trackingNumber';
import { parseScan } from '../../../shared/domain/scan';
import { searchAnswer } from '../../../electron/purchases/salvage';

describe('the one tracking-number recogniser', () => {
  it('reads carrier formats by their check digit', () => {
    expect(recognizeTracking('1Z999AA10123456784')).toEqual({ tracking_no: '1Z999AA10123456784', carrier: 'UPS' });
    expect(recognizeTracking('1z 999 aa1 0123456784')).toEqual({ tracking_no: '1Z999AA10123456784', carrier: 'UPS' });
    expect(recognizeTracking('1Z999AA10123456785')).toBeUndefined();
    expect(recognizeTracking('9400111899223197428490')).toBeUndefined();
    expect(recognizeTracking('EC123456785US')).toEqual({ tracking_no: 'EC123456785US', carrier: 'USPS' });
  });

  it('marks a digits-only number that passes only a short check as weak (an id as often as a tracking number)', () => {
    const dhl = ['1234567890', '1234567891', '1234567892', '1234567893', '1234567894', '1234567895', '1234567896'].map((n) => recognizeTracking(n)).find(Boolean);
    expect(dhl).toMatchObject({ carrier: 'DHL_EXPRESS', weak: true });
  });

  it('without the check digit, takes a number by its format\'s shape, and still nothing of no carrier\'s shape', () => {
    expect(recognizeTracking('9400111899223197428490', { checkDigits: false })).toEqual({ tracking_no: '9400111899223197428490', carrier: 'USPS' });
    expect(recognizeTracking('1Z999AA10123456785', { checkDigits: false })).toMatchObject({ carrier: 'UPS' });
    expect(recognizeTracking('1234567890123', { checkDigits: false })).toBeUndefined();
    expect(recognizeTracking('ORDER-1001', { checkDigits: false })).toBeUndefined();
  });

  it('the bench scan and the label salvage read the same numbers through it', () => {
    for (const number of ['1Z999AA10123456784', 'EC123456785US']) {
      expect(parseScan(number)).toMatchObject({ kind: 'tracking', tracking_no: number });
      expect(searchAnswer({ data: { ref: number } }).trackingNo).toBe(number);
    }
    // A scan needs the check digit (a misread is asked again); an answer's number is taken as the service sent it.
    expect(parseScan('9400111899223197428490').kind).not.toBe('tracking');
    expect(searchAnswer({ data: { ref: '9400111899223197428490' } }).trackingNo).toBe('9400111899223197428490');
    // A 13-digit id (a timestamp in ms) is no carrier's format: the salvage's old digit-run pattern took it.
    expect(searchAnswer({ data: { ref: '1764320400123' } }).trackingNo).toBeNull();
  });
});
