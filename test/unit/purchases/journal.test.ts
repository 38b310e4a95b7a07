import { describe, expect, it } from 'vitest';
import { createJournal, type JournalDraft } from '../../../electron/purchases/journal';
import { storedPackageKey } from '../../../electron/purchases/packageKey';
import { openDatabase } from '../../../electron/store/database';
import { createShipmentsRepo } from '../../../electron/store/shipmentsRepo';

const draft = (requestJson: string): JournalDraft => ({
  method: 'direct_buy',
  requestJson,
  chosenJson: null,
  orderNumber: 'J-1',
  recipientName: 'Ann Lee',
  insuranceCents: null,
  isReturn: false,
});

function setup() {
  const shipments = createShipmentsRepo(openDatabase({ file: ':memory:' }), () => new Date('2025-06-30T12:00:00Z'));
  return { shipments, journal: createJournal(shipments) };
}

describe('the purchase journal of both APIs', () => {
  it('keeps a v1 attempt that may have gone out as it was sent, under the id its claim goes by; a v2 row takes the latest request under its own id', () => {
    const { shipments, journal } = setup();
    const v1Key = storedPackageKey('v1:s/j-1#1');
    const v1 = shipments.insertPending({ packageKey: v1Key, platformUkId: 'v1-m016-7', backendId: 'sandbox', ...draft('{"sent":1}') });
    const resumed = journal.resume(false, v1, 'v1-psderived');
    expect([resumed.platformUkId, resumed.row.platform_uk_id, resumed.row.request_json, resumed.resumed]).toEqual(['v1-psderived', 'v1-psderived', '{"sent":1}', true]);
    const opened = journal.open(false, 'sandbox', v1Key, draft('{"sent":2}'), 'v1-psderived', journal.unfinished('sandbox', v1Key));
    expect('row' in opened && opened.row.request_json).toBe('{"sent":1}');

    const v2Key = storedPackageKey('order:j-1#1');
    const v2 = shipments.insertPending({ packageKey: v2Key, platformUkId: 'psfirst', backendId: 'sandbox', ...draft('{"sent":1}') });
    const again = journal.open(true, 'sandbox', v2Key, draft('{"sent":2}'), 'psother', v2);
    expect('row' in again && [again.row.platform_uk_id, again.row.request_json]).toEqual(['psfirst', '{"sent":2}']);
    expect(journal.unsettled('sandbox', 'v1').map((u) => u.row.platform_uk_id)).toEqual(['v1-psderived']);
    expect(journal.unsettled('sandbox', 'v2').map((u) => u.row.platform_uk_id)).toEqual(['psfirst']);
  });

  it('journals a v1 attempt again only once a read-back says it sold nothing, and refuses a box another process is sending', () => {
    const { shipments, journal } = setup();
    const key = storedPackageKey('v1:s/j-1#1');
    const first = journal.open(false, 'sandbox', key, draft('{"sent":1}'), 'v1-a', undefined);
    if (!('row' in first)) throw new Error('journaled');
    expect(() => journal.open(false, 'sandbox', key, draft('{"sent":1}'), 'v1-a', undefined)).toThrow(/another window or process/);
    const renewed = journal.renew(journal.resume(false, shipments.get(first.row.id) ?? first.row, 'v1-a'), draft('{"sent":2}'));
    expect([renewed.row.id, renewed.row.request_json, renewed.resumed]).toEqual([first.row.id, '{"sent":2}', false]);
  });
});
