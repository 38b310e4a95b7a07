import { describe, expect, it } from 'vitest';
import { getRatesResultSchema } from '../../../shared/api/v2/rates';

// The service's cheapest/fastest marks and delivery date, wherever a rate answer puts them (registry.ts: rate-answer).

const rate = (id: string, extra: Record<string, unknown> = {}) => ({ rate_id: id, price: 5, ...extra });

describe('rate marks and delivery dates', () => {
  it('reads marks named by the answer, as a rate_id, a rate or a list', () => {
    const read = getRatesResultSchema.parse({ shipment_rate_data: [rate('a'), rate('b'), rate('c')], cheapest: 'a', fastest: [{ rate_id: 'b' }, 'c'] });
    expect(read.shipment_rate_data.map((r) => [r.rate_id, r.marks])).toEqual([
      ['a', ['cheapest']],
      ['b', ['fastest']],
      ['c', ['fastest']],
    ]);
  });

  it('reads marks a rate flags itself, and its delivery date under any of its names', () => {
    const read = getRatesResultSchema.parse({
      shipment_rate_data: [rate('a', { is_cheapest: true, is_fastest: true, estimated_delivery_date: '2026-12-02' }), rate('b', { fastest: true, delivery_date: '2026-12-01 20:00:00' }), rate('c')],
    });
    expect(read.shipment_rate_data.map((r) => [r.marks, r.delivery_date])).toEqual([
      [['cheapest', 'fastest'], '2026-12-02'],
      [['fastest'], '2026-12-01 20:00:00'],
      [[], null],
    ]);
  });

  it('never fails a quote over a mark it cannot read', () => {
    const read = getRatesResultSchema.parse({ shipment_rate_data: [rate('a')], cheapest: { no: 'id' }, fastest: 42 });
    expect(read.shipment_rate_data[0]?.marks).toEqual([]);
  });
});
