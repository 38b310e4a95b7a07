import { describe, expect, it } from 'vitest';
import { REDACTED, redactHeaders, redactJson, redactText } from '../../../electron/log/redact';

describe('redaction', () => {
  it('blanks secret-named fields at any depth, in any spelling', () => {
    const out = redactJson({ AppKey: 'k1', data: { access_token: 'eyJabc', nested: [{ api_token: 't' }, { apiToken: 't2' }], keep: 'x' }, Authorization: 'Bearer y' });
    expect(out).toEqual({ AppKey: REDACTED, data: { access_token: REDACTED, nested: [{ api_token: REDACTED }, { apiToken: REDACTED }], keep: 'x' }, Authorization: REDACTED });
  });

  it('blanks secrets inside query strings, form bodies and free text, and known values anywhere', () => {
    expect(redactText('https://svc.test/api/rates/buy?rate_id=r1&api_token=SECRET1')).toBe(`https://svc.test/api/rates/buy?rate_id=r1&api_token=${REDACTED}`);
    expect(redactText('grant_type=client_credentials&client_secret=abc&access_token=def')).toBe(`grant_type=client_credentials&client_secret=${REDACTED}&access_token=${REDACTED}`);
    expect(redactText('sent Bearer eyJhbGciOi.x.y here')).toBe(`sent Bearer ${REDACTED} here`);
    expect(redactText('the key MYAPPKEY123 leaked', ['MYAPPKEY123'])).toBe(`the key ${REDACTED} leaked`);
    expect(redactText('Authorization: Basic U1NfVEVTVF94OnNlY3JldA==')).toBe(`Authorization: Basic ${REDACTED}`);
    expect(redactText('key SS_LIVE_abc123 and eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln')).toBe(`key SS_LIVE_${REDACTED} and ${REDACTED}`);
  });

  it('masks personal fields only when asked (the log), and survives an object that loops back on itself', () => {
    const looped: Record<string, unknown> = { street: '1 Main St', city: 'Austin', token: 't' };
    looped.self = looped;
    expect(redactJson(looped, { personal: true })).toEqual({ street: '[personal]', city: 'Austin', token: REDACTED, self: '[cycle]' });
    expect(redactJson({ street: '1 Main St' })).toEqual({ street: '1 Main St' });
  });

  it('blanks Authorization and token headers, keeps the rest', () => {
    expect(redactHeaders({ authorization: 'Basic abc', 'x-api-token': 'z', accept: 'application/json' })).toEqual({ authorization: REDACTED, 'x-api-token': REDACTED, accept: 'application/json' });
  });
});
