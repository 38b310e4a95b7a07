import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../electron/store/database';
import { createHistorySearch } from '../../../electron/store/historySearch';
import { createShipmentsRepo, prefixUpperBound } from '../../../electron/store/shipmentsRepo';

function seed() {
  const db = openDatabase({ file: ':memory:' });
  const repo = createShipmentsRepo(db, () => new Date('2025-06-30T12:00:00Z'));
  const add = (key: string, order: string, name: string, tracking: string, state: 'bought' | 'voided' = 'bought') => {
    const row = repo.insertPending({ packageKey: key, platformUkId: `ps-${key}`, backendId: 'sandbox', method: 'direct_buy', requestJson: '{}', chosenJson: null, orderNumber: order, recipientName: name, insuranceCents: null, isReturn: false });
    repo.markBought(row.id, {
      resultJson: '{}', shipmentNo: `SN-${key}`, trackingNo: tracking, carrierCode: 'USPS', serviceLevel: 'X', serviceName: 'X', costCents: 500, currency: 'USD', duplicateLabel: false, rateMismatchJson: null, note: null,
      labels: [{ kind: 'label', seq: 0, url: null, png: new Uint8Array([1, 2]) }],
    });
    if (state === 'voided') repo.markVoided(row.id);
    return row.id;
  };
  const ids = {
    ann: add('a', 'SO-100', 'Ann Lee', '9400 1111 2222'),
    anna: add('b', 'SO-1001', 'Anna Smith', '9400 3333'),
    bo: add('c', 'WEB-7', 'Bo Leeds', '1Z999', 'voided'),
  };
  return { db, search: createHistorySearch(db), ids };
}

describe('history search', () => {
  it('finds by tracking number (spaces ignored), platform id, shipment number', () => {
    const { search, ids } = seed();
    expect(search({ query: '940011112222', limit: 10 }).map((r) => r.id)).toEqual([ids.ann]);
    expect(search({ query: 'ps-b', limit: 10 }).map((r) => r.id)).toEqual([ids.anna]);
    expect(search({ query: 'SN-c', limit: 10 }).map((r) => r.id)).toEqual([ids.bo]);
  });

  it('finds by order number (exact or prefix) and by name or last-name prefix, newest first', () => {
    const { search, ids } = seed();
    expect(search({ query: 'so-100', limit: 10 }).map((r) => r.id)).toEqual([ids.anna, ids.ann]);
    expect(search({ query: 'ANN', limit: 10 }).map((r) => r.id)).toEqual([ids.anna, ids.ann]);
    expect(search({ query: 'lee', limit: 10 }).map((r) => r.id)).toEqual([ids.bo, ids.ann]);
    expect(search({ query: 'ann l', limit: 10 }).map((r) => r.id)).toEqual([ids.ann]);
  });

  it('filters by state, pages by id and counts labels', () => {
    const { search, ids } = seed();
    expect(search({ query: 'lee', state: 'voided', limit: 10 }).map((r) => r.id)).toEqual([ids.bo]);
    expect(search({ query: '', limit: 2 }).map((r) => r.id)).toEqual([ids.bo, ids.anna]);
    expect(search({ query: '', limit: 2, beforeId: ids.anna }).map((r) => r.id)).toEqual([ids.ann]);
    expect(search({ query: 'ann lee', limit: 1 })[0]?.label_count).toBe(1);
  });

  it('bounds a prefix range just above the prefix', () => {
    expect(prefixUpperBound('abc')).toBe('abd');
    expect(prefixUpperBound('a😀')).toBe('a😁');
    expect('abc\uffff' < prefixUpperBound('abc')).toBe(true);
  });
});
