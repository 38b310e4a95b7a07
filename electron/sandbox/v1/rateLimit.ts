import { refuse } from '../errorCodes';

/** Requests per minute per api_token, from the spec's table (not the OpenAPI's descriptions). */
export function limitFor(path: string): number {
  if (['/api/rates/list', '/api/rates/buy', '/api/rates/buy-label', '/api/shipments/void', '/api/addresses/verify'].includes(path)) return 600;
  if (['/api/orders/create', '/api/orders/delete', '/api/sandbox-training/orders/list'].includes(path)) return 300;
  if (path === '/api/shipments/get' || path === '/api/warehouses/list') return 120;
  return 60;
}

const WINDOW_MS = 60_000;

/** Fixed one-minute windows per (api_token, endpoint); over the limit answers 429 with Retry-After. */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  check(token: string, path: string, nowMs: number): void {
    const key = `${token} ${path}`;
    let window = this.windows.get(key);
    if (!window || nowMs - window.start >= WINDOW_MS) {
      window = { start: nowMs, count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    const limit = limitFor(path);
    if (window.count > limit) {
      const retryAfter = Math.max(1, Math.ceil((window.start + WINDOW_MS - nowMs) / 1000));
      refuse('rate_limited', `Limit of ${limit} requests per minute reached for ${path}; retry after ${retryAfter} s.`, { 'retry-after': String(retryAfter) });
    }
  }
}
