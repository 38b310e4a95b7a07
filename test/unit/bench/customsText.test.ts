import { describe, expect, it } from 'vitest';
import { customsTextOf, readCustoms } from '../../../electron/bench/customs';

const line = { description: 'Wool scarf', quantity: '2', valueUsd: '35.00', weightOz: '5', hsCode: '6117.10', originCountry: 'gb' };
const text = { contentsType: 'merchandise', nonDelivery: 'return', itn: '', aesExemption: '', items: [line] } as const;

describe('the bench reads the customs editor', () => {
  it('reads dollars, ounces and country codes as typed, and keeps a declaration that keeps every rule', () => {
    const read = readCustoms({ ...text, items: [{ ...line, valueUsd: '$1,200.50', weightOz: '1 lb 4 oz' }] });
    expect(read.problems).toEqual([]);
    expect(read.declaration?.items[0]).toEqual({ description: 'Wool scarf', quantity: 2, valueUsd: 1200.5, weightOz: 20, hsCode: '6117.10', originCountry: 'GB' });
    expect(read.filing).toEqual({ type: 'EXEMPTION_CODE', code: 'NOEEI 30.37(a)' });
  });

  it('names a field that is not a number, and keeps no declaration', () => {
    const read = readCustoms({ ...text, items: [{ ...line, valueUsd: '35,x', quantity: '1.5' }] });
    expect(read.declaration).toBeNull();
    expect(read.problems).toEqual([
      { field: 'items.0.quantity', message: 'Item 1 (Wool scarf): "1.5" is not a quantity; type a whole number, such as 2' },
      { field: 'items.0.valueUsd', message: 'Item 1 (Wool scarf): "35,x" is not an amount; type dollars, such as 35 or 49.50' },
    ]);
  });

  it('documents need no items; an ITN that is not one is refused; round-trips an order declaration', () => {
    expect(readCustoms({ ...text, contentsType: 'documents', items: [] }).problems).toEqual([]);
    expect(readCustoms({ ...text, itn: 'X123' }).problems[0]?.field).toBe('itn');
    const declared = readCustoms(text).declaration;
    expect(declared).not.toBeNull();
    expect(readCustoms(customsTextOf(declared)).declaration).toEqual(declared);
  });
});
