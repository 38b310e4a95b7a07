import { describe, expect, it } from 'vitest';
import { orderBoxKey, packageKeyOf, purchaseKeyOf, returnNumberOf } from '../../../electron/purchases/packageKey';

describe('packageKeyOf', () => {
  it('gives an order\'s return one key whatever session key the caller brings, and a second return asked for on purpose its own', () => {
    const first = packageKeyOf({ orderNumber: 'DEMO-1004', packageIndex: 0, packageKey: 'return-abc' }, true);
    expect(first).toBe('return:order:demo-1004#0');
    expect(packageKeyOf({ orderNumber: 'demo-1004', packageIndex: 0, returnNumber: 1 }, true)).toBe(first);
    const second = packageKeyOf({ orderNumber: 'DEMO-1004', packageIndex: 0, returnNumber: 2 }, true);
    expect(second).not.toBe(first);
    expect(packageKeyOf({ orderNumber: 'DEMO-1004', packageIndex: 0, returnNumber: 2, packageKey: 'other' }, true)).toBe(second);
    expect(packageKeyOf({ orderNumber: 'DEMO-1004', packageIndex: 0, returnNumber: 2 }, false)).toBe('order:demo-1004#0');
    expect(packageKeyOf({ packageIndex: 0, packageKey: 'return-abc' }, true)).toBe('return-abc');
  });
});

describe('returnNumberOf', () => {
  it('reads back which return of the order a key is, and nothing from an outbound key, another order\'s or another box\'s', () => {
    for (const n of [1, 2, 12]) expect(returnNumberOf(packageKeyOf({ orderNumber: 'DEMO-1004', packageIndex: 0, returnNumber: n }, true), 'demo-1004')).toBe(n);
    expect(returnNumberOf('order:demo-1004#0', 'DEMO-1004')).toBeNull();
    expect(returnNumberOf('return:order:demo-10041#0', 'DEMO-1004')).toBeNull();
    expect(returnNumberOf('return:order:demo-1004#1/return2', 'DEMO-1004')).toBeNull();
    expect(returnNumberOf('return:order:demo-1004#0/returnx', 'DEMO-1004')).toBeNull();
  });
});

describe('purchaseKeyOf', () => {
  it('names a labels.buy the way the engine journals it, so the Ship bench hears its own progress', () => {
    const rated = { method: 'rate' as const, orderNumber: 'DEMO-1004', packageIndex: 2, packageKey: orderBoxKey('DEMO-1004', 2) };
    expect(purchaseKeyOf(rated, () => false)).toBe(orderBoxKey('demo-1004', 2));
    expect(purchaseKeyOf(rated, () => true)).toBe(packageKeyOf({ orderNumber: 'DEMO-1004', packageIndex: 2 }, true));
    const direct = { method: 'direct' as const, orderNumber: 'DEMO-1004', packageIndex: 0, serviceLevel: 'USPS_GROUND_ADVANTAGE' };
    expect(purchaseKeyOf(direct, () => true)).toBe('order:demo-1004#0');
    expect(purchaseKeyOf({ ...direct, serviceLevel: 'USPS_GROUND_ADVANTAGE_RETURN' }, () => false)).toBe('return:order:demo-1004#0');
    expect(purchaseKeyOf({ ...direct, options: { isReturnLabel: true } }, () => false)).toBe('return:order:demo-1004#0');
  });
});
