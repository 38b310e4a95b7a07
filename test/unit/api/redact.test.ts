import { describe, expect, it } from 'vitest';
import { REDACTED, redactHeaders, redactJson, redactText } from '../../../electron/api/redact';

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
  });

  it('blanks Authorization and token headers, keeps the rest', () => {
    expect(redactHeaders({ authorization: 'Basic abc', 'x-api-token': 'z', accept: 'application/json' })).toEqual({ authorization: REDACTED, 'x-api-token': REDACTED, accept: 'application/json' });
  });
});
