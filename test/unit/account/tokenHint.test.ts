import { describe, expect, it } from 'vitest';
import { tokenHint } from '../../../electron/account/tokenHint';

describe('carrier-account token hint', () => {
  it('shows only the last four characters of a long token', () => {
    expect(tokenHint('ca_56fafc43_6898_501c_ded069733373')).toBe('…3373');
  });

  it('shows nothing of a token too short to shorten safely', () => {
    for (const token of ['', 'abcd', 'abcdefgh', 'abcdefghi', 'abcdefghijk']) expect(tokenHint(token)).toBe('••••');
  });

  it('never reveals more than a third of any token', () => {
    for (let n = 0; n <= 64; n += 1) {
      const token = 'x'.repeat(n);
      const shown = tokenHint(token).replace(/[…•]/g, '').length;
      expect(shown * 3).toBeLessThanOrEqual(n);
    }
  });
});
