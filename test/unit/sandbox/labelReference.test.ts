import { describe, expect, it } from 'vitest';
import { labelReference } from '../../../electron/sandbox/v2/purchase';

describe('the label\'s REF line', () => {
  it('prints option_data.custom_text_on_label_1 and _2 when the client sends them, else its own id', () => {
    expect(labelReference(['SO-1042', 'Bench 3'], { platformUkId: 'ps-9f2c' })).toEqual({ reference: 'SO-1042 / Bench 3' });
    expect(labelReference(['SO-1042'], { platformUkId: 'ps-9f2c' })).toEqual({ reference: 'SO-1042' });
    expect(labelReference(undefined, { platformUkId: 'ps-9f2c' })).toEqual({ reference: 'ps-9f2c' });
    expect(labelReference([], { platformUkId: null, orderNumber: 'DEMO-1006' })).toEqual({ reference: 'DEMO-1006' });
    expect(labelReference(undefined, { platformUkId: null })).toEqual({});
  });
});
