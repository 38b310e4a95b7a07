import { describe, expect, it } from 'vitest';
import { RateBook, type RatedShipment } from '../../../electron/sandbox/domain/rateBook';
import type { Quote } from '../../../electron/sandbox/domain/pricing';

const quote = { carrier: 'USPS', level: 'USPS_GROUND_ADVANTAGE', name: 'GA', zone: 1, deliveryDays: 2, cents: 500, lines: [], saturdayDelivery: false } as Quote;
const shipment = {} as RatedShipment;

describe('rate book', () => {
  it('hands out unique ids and reports expiry by age', () => {
    const book = new RateBook(60_000);
    const a = book.add(quote, shipment, 0, 'v2');
    const b = book.add(quote, shipment, 0, 'v2');
    expect(a.rateId).not.toBe(b.rateId);
    expect(book.get(a.rateId)).toBe(a);
    expect(book.isExpired(a, 60_000)).toBe(false);
    expect(book.isExpired(a, 60_001)).toBe(true);
    expect(book.expiresAt(a)).toBe('1970-01-01T00:01:00.000Z');
  });

  it('forgets rates long past expiry while quoting', () => {
    const book = new RateBook(1_000);
    const old = book.add(quote, shipment, 0, 'v2');
    for (let i = 0; i < 1024; i++) book.add(quote, shipment, 3_600_000, 'v2');
    expect(book.get(old.rateId)).toBeUndefined();
  });
});
