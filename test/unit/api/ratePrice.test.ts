import { describe, expect, it } from 'vitest';
import { readPrice, RATE_PRICE_KEYS } from '../../../shared/api/v2/assumptions';
import { undocumentedShapes } from '../../../shared/api/v2/registry';
import { getRatesResponseSchema, quickRateResponseSchema } from '../../../shared/api/v2/rates';

const rate = (id: string, prices: Record<string, unknown>) => ({ rate_id: id, carrier_code: 'USPS', service_level: 'USPS_GROUND_ADVANTAGE', currency: 'USD', ...prices });

describe('a rate price read under several names', () => {
  it('one key, or several that agree to the cent, give that price; none gives null', () => {
    expect(readPrice({ price: 7.1 }, RATE_PRICE_KEYS)).toEqual({ price: 7.1 });
    expect(readPrice({ total_fee: '$7.10' }, RATE_PRICE_KEYS)).toEqual({ price: 7.1 });
    expect(readPrice({ price: '7.1', total_price: 7.1, amount: '7.10' }, RATE_PRICE_KEYS)).toEqual({ price: 7.1 });
    expect(readPrice({ currency: 'USD' }, RATE_PRICE_KEYS)).toEqual({ price: null });
  });

  it('two keys with different amounts fail closed with both amounts', () => {
    expect(readPrice({ price: 7.1, total_price: '8.10' }, RATE_PRICE_KEYS)).toEqual({ conflict: [7.1, 8.1] });
    expect(readPrice({ rate: 3, amount: 3.004, total_fee: 4 }, RATE_PRICE_KEYS)).toEqual({ conflict: [3, 4] });
  });

  it('a get_rates answer keeps agreeing rates and lists a disagreeing one among the errors, in words', () => {
    const answer = getRatesResponseSchema.parse({
      code: 'ok',
      data: {
        shipment_rate_data: [rate('r1', { price: 7.1 }), rate('r2', { price: '9.50', total_price: 9.5 }), rate('r3', { price: 5.25, total_price: 6.25 })],
        error_data: [{ carrier_code: 'UPS', msg: 'no service to this address' }],
      },
    });
    expect(answer.data.shipment_rate_data.map((r) => [r.rate_id, r.price])).toEqual([
      ['r1', 7.1],
      ['r2', 9.5],
    ]);
    expect(answer.data.error_data).toHaveLength(2);
    const refused = answer.data.error_data?.[1];
    expect(refused).toMatchObject({ carrier_code: 'USPS', service_level: 'USPS_GROUND_ADVANTAGE' });
    expect(refused && 'message' in refused ? refused.message : '').toMatch(/two different prices \(\$5\.25 and \$6\.25\), so it is left out/);
  });

  it('a quick_rate answer (a bare list of rates too) refuses the same way, and no rate is refused when only one key is present', () => {
    const answer = quickRateResponseSchema.parse({
      code: 'ok',
      data: [
        { request_unique_id: 'q1', rates: [rate('r1', { amount: 4, total_fee: 4.75, currency: 'CAD' }), rate('r2', { amount: 4 })] },
        { request_unique_id: 'q2', shipment_rate_data: [rate('r3', { total_fee: '12.00' })] },
      ],
    });
    expect(answer.data[0]?.shipment_rate_data.map((r) => r.rate_id)).toEqual(['r2']);
    expect(JSON.stringify(answer.data[0]?.error_data)).toMatch(/4\.00 CAD and 4\.75 CAD/);
    expect(answer.data[1]?.shipment_rate_data.map((r) => [r.rate_id, r.price])).toEqual([['r3', 12]]);
    expect(answer.data[1]?.error_data).toEqual([]);
  });

  it('the registry of assumptions says so', () => {
    expect(undocumentedShapes.find((a) => a.id === 'rate-answer')?.assumed).toMatch(/different amounts the rate is refused/);
  });
});
