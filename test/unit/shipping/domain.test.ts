import { describe, expect, it } from 'vitest';
import { formatMoney, toCents, toDollars } from '../../../shared/domain/money';
import { parseOrderCsv } from '../../../shared/domain/orderCsv';
import { defaultPickupDate } from '../../../shared/domain/pickupDate';
import { pickRate, sortRates } from '../../../shared/domain/rateRule';

describe('money', () => {
  it('converts dollars to cents without float drift', () => {
    expect(toCents('4.005')).toBe(401);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents('12')).toBe(1200);
    expect(toDollars(toCents(7.35) + toCents(0.65))).toBe(8);
    expect(formatMoney(-100)).toBe('-$1.00');
    expect(formatMoney(1234, 'cad')).toBe('12.34 CAD');
  });
});

describe('default pickup date (next day in Los Angeles)', () => {
  it('uses the Los Angeles calendar, not UTC', () => {
    // 2025-03-01 06:30 UTC is still Feb 28 in Los Angeles.
    expect(defaultPickupDate(new Date('2025-03-01T06:30:00Z'))).toBe('2025-03-01');
    expect(defaultPickupDate(new Date('2025-03-01T09:00:00Z'))).toBe('2025-03-02');
    // Late evening on Dec 31 in LA rolls into the new year.
    expect(defaultPickupDate(new Date('2026-01-01T07:59:00Z'))).toBe('2026-01-01');
    // Across the spring daylight-saving change.
    expect(defaultPickupDate(new Date('2025-03-09T07:30:00Z'))).toBe('2025-03-09');
    expect(defaultPickupDate(new Date('2025-03-09T08:30:00Z'))).toBe('2025-03-10');
  });
});

describe('rate rule', () => {
  const rates = sortRates([
    { serviceName: 'Priority', price: 9.5, deliveryDays: 2 },
    { serviceName: 'Ground', price: 5.25, deliveryDays: 5 },
    { serviceName: 'Express', price: 30, deliveryDays: 1 },
    { serviceName: 'Unknown days', price: 4, deliveryDays: null },
  ]);
  it('sorts cheapest first and picks by rule', () => {
    expect(rates.map((r) => r.serviceName)).toEqual(['Unknown days', 'Ground', 'Priority', 'Express']);
    expect(pickRate(rates, { kind: 'cheapest' })).toBe(0);
    expect(rates[pickRate(rates, { kind: 'fastest' }) ?? -1]?.serviceName).toBe('Express');
    expect(rates[pickRate(rates, { kind: 'cheapestWithin', days: 3 }) ?? -1]?.serviceName).toBe('Priority');
    expect(pickRate(rates, { kind: 'cheapestWithin', days: 0 })).toBeNull();
    expect(pickRate([], { kind: 'cheapest' })).toBeNull();
    const withMedia = sortRates([...rates, { serviceName: 'USPS Media Mail', serviceLevel: 'USPS_MEDIA_MAIL', price: 3, deliveryDays: 8 }]);
    expect(withMedia[pickRate(withMedia, { kind: 'cheapest' }) ?? -1]?.serviceName).toBe('Unknown days');
  });
});

describe('order CSV', () => {
  const header = 'order_number,recipient_name,company,street,street2,city,state,zip_code,country,phone,email,weight_oz,length_in,width_in,height_in';
  it('imports good rows and reports bad ones by line number', () => {
    const csv = [
      header,
      'A-1,Ann Lee,,"1 Main St, Unit 2",,Austin,TX,78701,US,,ann@example.com,12,6,4,2',
      'A-2,,,2 Oak St,,Austin,TX,78701,US,,,8,,,',
      '"A-3","Bo ""B"" Ray",Acme,"3 Elm',
      'Rear",,Reno,NV,89501,,,,abc,,,',
      'A-4,Cy Doe,,4 Pine St,,Boise,ID,83702,USA,,,5,,,',
      '',
      'A-1,Dup,,9 Dup St,,Austin,TX,78701,US,,,1,,,',
      'A-5,Di Fox,,5 Fir St,,Salem,OR,97301,us,,,,,,',
    ].join('\r\n');
    const result = parseOrderCsv(csv);
    expect(result.orders.map((o) => [o.line, o.order.orderNumber])).toEqual([
      [2, 'A-1'],
      [9, 'A-5'],
    ]);
    expect(result.orders[0]?.order.recipient.street).toBe('1 Main St, Unit 2');
    expect(result.orders[0]?.order.package).toEqual({ weightOz: 12, lengthIn: 6, widthIn: 4, heightIn: 2 });
    expect(result.orders[1]?.order.recipient.country).toBe('US');
    expect(result.errors.map((e) => e.line)).toEqual([3, 4, 6, 8]);
    expect(result.errors[0]?.message).toMatch(/recipient_name is empty/);
    expect(result.errors[1]?.message).toMatch(/weight_oz "abc"/);
    expect(result.errors[2]?.message).toMatch(/country "USA"/);
    expect(result.errors[3]?.message).toMatch(/already appears on line 2/);
  });
  it('refuses a header without the needed columns', () => {
    expect(parseOrderCsv('order,name\n1,2').errors[0]).toMatchObject({ line: 1 });
  });
});
