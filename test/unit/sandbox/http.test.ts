import { describe, expect, it } from 'vitest';
import { SandboxError } from '../../../electron/sandbox/errorCodes';
import { RateLimiter, limitFor } from '../../../electron/sandbox/v1/rateLimit';
import { Router } from '../../../electron/sandbox/http/router';

describe('router', () => {
  const ok = () => ({ json: 1 });
  const router = new Router().get('/a', ok).post('/b/:id/c', ok);

  it('resolves exact and parameterised paths', () => {
    expect(router.resolve('GET', '/a').params).toEqual({});
    expect(router.resolve('POST', '/b/dhl/c').params).toEqual({ id: 'dhl' });
  });

  it('refuses unknown paths with 404 and wrong methods with 405', () => {
    expect(() => router.resolve('GET', '/z')).toThrow(expect.objectContaining({ code: 'route_not_found' }));
    expect(() => router.resolve('POST', '/a')).toThrow(expect.objectContaining({ code: 'method_not_allowed' }));
    expect(() => router.resolve('GET', '/b/dhl/c')).toThrow(expect.objectContaining({ code: 'method_not_allowed' }));
    expect(() => router.resolve('POST', '/b/%E0%A4%A/c')).toThrow(expect.objectContaining({ code: 'route_not_found' }));
  });
});

describe('v1 rate limits', () => {
  it('follows the spec table', () => {
    expect(limitFor('/api/rates/list')).toBe(600);
    expect(limitFor('/api/addresses/verify')).toBe(600);
    expect(limitFor('/api/orders/delete')).toBe(300);
    expect(limitFor('/api/shipments/get')).toBe(120);
    expect(limitFor('/api/balance')).toBe(60);
    expect(limitFor('/api/shipments/scan-forms/dhl/ecommerce/get')).toBe(60);
  });

  it('counts per token and endpoint in one-minute windows, with Retry-After', () => {
    const limiter = new RateLimiter();
    for (let i = 0; i < 60; i++) limiter.check('t1', '/api/balance', 1_000);
    let error: unknown;
    try {
      limiter.check('t1', '/api/balance', 31_000);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SandboxError);
    expect((error as SandboxError).headers['retry-after']).toBe('30');
    expect(() => limiter.check('t2', '/api/balance', 31_000)).not.toThrow();
    expect(() => limiter.check('t1', '/api/carrier-account/list', 31_000)).not.toThrow();
    expect(() => limiter.check('t1', '/api/balance', 61_000)).not.toThrow();
  });
});
