import { describe, expect, it } from 'vitest';
import { CODE_TTL_MS, createPageSessions } from '../../../electron/browser/pageSessions';

describe('one-time page codes', () => {
  it('a code works once', () => {
    const sessions = createPageSessions(4000);
    const code = sessions.mintCode();
    expect(sessions.redeem(code)).toBe(true);
    expect(sessions.redeem(code)).toBe(false);
    expect(sessions.redeem(null)).toBe(false);
    expect(sessions.redeem('made-up')).toBe(false);
  });

  it('a code works within its minute and not after (the clock is injected)', () => {
    let clock = 5_000;
    const sessions = createPageSessions(4000, () => clock);
    const onTime = sessions.mintCode();
    const late = sessions.mintCode();
    clock += CODE_TTL_MS;
    expect(CODE_TTL_MS).toBe(60_000);
    expect(sessions.redeem(onTime)).toBe(true);
    clock += 1;
    expect(sessions.redeem(late)).toBe(false);
  });

  it('keeps at most 16 codes waiting: minting more drops the oldest', () => {
    const sessions = createPageSessions(4000);
    const codes = Array.from({ length: 17 }, () => sessions.mintCode());
    expect(sessions.redeem(codes[0] ?? '')).toBe(false);
    expect(codes.slice(1).every((code) => sessions.redeem(code))).toBe(true);
  });

  it('sets an HttpOnly SameSite=Strict cookie named after the port, and admits only its value among any others', () => {
    const sessions = createPageSessions(4000);
    expect(sessions.setCookie).toMatch(/^parcel_station_4000=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict$/);
    const cookie = sessions.setCookie.split(';')[0] ?? '';
    expect(sessions.admits(cookie)).toBe(true);
    expect(sessions.admits(`parcel_station_4000=junk; other=1; ${cookie}`)).toBe(true);
    expect(sessions.admits('parcel_station_4000=junk')).toBe(false);
    expect(sessions.admits(cookie.replace('4000', '4001'))).toBe(false);
    expect(sessions.admits(undefined)).toBe(false);
    expect(createPageSessions(4000).admits(cookie), 'another launch on the same port').toBe(false);
  });
});
