import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../electron/store/database';
import { createHistorySearch } from '../../../electron/store/historySearch';
import { createShipmentsRepo, prefixUpperBound } from '../../../electron/store/shipmentsRepo';

function seed() {
  const db = openDatabase({ file: ':memory:' });
  const repo = createShipmentsRepo(db, () => new Date('2025-06-30T12:00:00Z'));
  const add = (key: string, order: string, name: string, tracking: string, state: 'bought' | 'voided' = 'bought', city = 'Denver', zip = '80202') => {
    const row = repo.insertPending({ packageKey: key, platformUkId: `ps-${key}`, backendId: 'sandbox', method: 'direct_buy', requestJson: '{}', chosenJson: null, orderNumber: order, recipientName: name, recipientCity: city, recipientZip: zip, insuranceCents: null, isReturn: false });
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
    bo: add('c', 'WEB-7', 'Bo Leeds', '1Z999', 'voided', 'Salt Lake City', '84101-2203'),
  };
  return { db, repo, search: createHistorySearch(db), ids };
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

  it('finds any part of a tracking number, order number, name, city or ZIP, case and spacing aside', () => {
    const { search, ids } = seed();
    const find = (query: string) => search({ query, limit: 10 }).map((r) => r.id);
    expect(find('2222')).toEqual([ids.ann]);
    expect(find('1111 22')).toEqual([ids.ann]);
    expect(find('b-7')).toEqual([ids.bo]);
    expect(find('eeds')).toEqual([ids.bo]);
    expect(find('lake ci')).toEqual([ids.bo]);
    expect(find('2203')).toEqual([ids.bo]);
    expect(find('ENVE')).toEqual([ids.anna, ids.ann]);
    expect(find('"x')).toEqual([]);
  });

  it('keeps the substring index in step when a row is bought, re-sent with a new address, or deleted', () => {
    const { db, repo, search, ids } = seed();
    const pending = repo.insertPending({ packageKey: 'd', platformUkId: 'ps-d', backendId: 'sandbox', method: 'direct_buy', requestJson: '{}', chosenJson: null, orderNumber: 'SO-55', recipientName: 'Cy Young', recipientCity: 'Tulsa', recipientZip: '74103', insuranceCents: null, isReturn: false });
    expect(search({ query: 'tuls', limit: 10 }).map((r) => r.id)).toEqual([pending.id]);
    repo.reusePending(pending.id, { method: 'direct_buy', requestJson: '{}', chosenJson: null, orderNumber: 'SO-55', recipientName: 'Cy Young', recipientCity: 'Omaha', recipientZip: '68102', insuranceCents: null, isReturn: false });
    expect(search({ query: 'tuls', limit: 10 })).toEqual([]);
    expect(search({ query: 'omah', limit: 10 }).map((r) => r.id)).toEqual([pending.id]);
    db.prepare('DELETE FROM shipments WHERE id = ?').run(ids.bo);
    expect(search({ query: 'lake', limit: 10 })).toEqual([]);
  });

  it('answers a query under three characters by prefix only', () => {
    const { search, ids } = seed();
    expect(search({ query: 'bo', limit: 10 }).map((r) => r.id)).toEqual([ids.bo]);
    expect(search({ query: 'ee', limit: 10 })).toEqual([]);
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
    // The next code point past the last one, the surrogates skipped; no RangeError past U+10FFFF.
    expect(prefixUpperBound('a\ud7ff')).toBe('a\ue000');
    expect(prefixUpperBound('a\u{10ffff}')).toBe('b');
    expect(prefixUpperBound('\u{10ffff}')).toBe('\u{10ffff}');
  });
});
