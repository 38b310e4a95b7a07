import { describe, expect, it } from 'vitest';
import type { V1OrderLabel } from '../../../shared/api/v1';
import { judgeReadBack } from '../../../electron/account/v1ReadBack';
import type { StoredV1Request } from '../../../electron/account/v1ReadBack';

const address = { name: 'A', street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' };
const stored: StoredV1Request = {
  request: {
    from: address,
    to: address,
    shipments: [{ length: 10, width: 8, height: 4, weight: 1.25 }],
    order: { warehouse_name: 'W', store_name: 'S', order_number: 'O-1', service_type: 'usps_ground_advantage' },
  },
};
const label = (tracking: string, weight: number | null, extra: Partial<V1OrderLabel> = {}): V1OrderLabel => ({
  carrier: 'USPS',
  service_level: 'usps_ground_advantage',
  tracking_code: tracking,
  length: 10,
  width: 8,
  height: 4,
  weight,
  label_urls: [],
  label_status: 'completed',
  ...extra,
});
const none = () => false;

describe('judging a v1 read-back', () => {
  it('finds the one unclaimed label of the asked service, weight and size', () => {
    expect(judgeReadBack([label('T1', 2.25), label('T2', 1.25)], stored, none)).toMatchObject({ kind: 'found', label: { tracking_code: 'T2' } });
  });

  it('says nothing was sold when every label of the order is claimed or voided', () => {
    expect(judgeReadBack([], stored, none)).toEqual({ kind: 'not_sold' });
    expect(judgeReadBack([label('T1', 1.25)], stored, (t) => t === 'T1')).toEqual({ kind: 'not_sold' });
    expect(judgeReadBack([label('T1', 1.25, { label_status: 'voided' })], stored, none)).toEqual({ kind: 'not_sold' });
  });

  it('stays unclear with two candidates, or with unclaimed labels none of which fits', () => {
    expect(judgeReadBack([label('T1', 1.25), label('T2', 1.25)], stored, none)).toEqual({ kind: 'unclear', unclaimed: 2, matching: 2 });
    expect(judgeReadBack([label('T1', 3)], stored, none)).toEqual({ kind: 'unclear', unclaimed: 1, matching: 0 });
    expect(judgeReadBack([label('T1', 1.25, { service_level: 'usps_priority' })], stored, none)).toEqual({ kind: 'unclear', unclaimed: 1, matching: 0 });
  });

  it('takes a label that does not state its weight as possibly this one', () => {
    expect(judgeReadBack([label('T1', null), label('T2', 1.25)], stored, none)).toEqual({ kind: 'unclear', unclaimed: 2, matching: 2 });
    expect(judgeReadBack([label('T1', 1.26)], stored, none)).toMatchObject({ kind: 'found' });
  });

  it('takes no unclaimed label as this one while another box of the order is being bought', () => {
    expect(judgeReadBack([label('T1', 1.25)], stored, none, 1)).toEqual({ kind: 'unclear', unclaimed: 1, matching: 1 });
    expect(judgeReadBack([label('T1', 1.25)], stored, (t) => t === 'T1', 1)).toEqual({ kind: 'not_sold' });
  });
});
