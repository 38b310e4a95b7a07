import { createSlidingWindowLimiter, type Clock, type SlidingWindowLimiter } from './limiter';

/**
 * The legacy service's per-minute limits, from the spec's table (which wins
 * over the OpenAPI descriptions). Each group shares one budget, which keeps
 * every endpoint in it under its limit however the limit is counted.
 */
export const v1LimitGroups = {
  labels: 600,
  orders: 300,
  orderLabels: 120,
  account: 60,
} as const;
export type V1LimitGroup = keyof typeof v1LimitGroups;

export const V1_ENDPOINT_GROUP: Readonly<Record<string, V1LimitGroup>> = {
  '/api/rates/list': 'labels',
  '/api/rates/buy': 'labels',
  '/api/rates/buy-label': 'labels',
  '/api/shipments/void': 'labels',
  '/api/addresses/verify': 'labels',
  '/api/orders/create': 'orders',
  '/api/orders/delete': 'orders',
  '/api/shipments/get': 'orderLabels',
  '/api/shipments/scan-forms/create': 'account',
  '/api/carrier-account/list': 'account',
  '/api/balance': 'account',
};

/** Any SCAN-form path (the e-commerce ones carry the carrier in the path) counts against the 60/min group. */
export function groupOf(path: string): V1LimitGroup {
  if (path.startsWith('/api/shipments/scan-forms/')) return 'account';
  return V1_ENDPOINT_GROUP[path] ?? 'account';
}

/**
 * The window is a second longer than a minute so that requests sent exactly a
 * minute apart, but delayed differently on the way, still land in separate
 * minutes at the service.
 */
export const V1_WINDOW_MS = 61_000;

export type V1Limiters = Readonly<Record<V1LimitGroup, SlidingWindowLimiter>>;

export function createV1Limiters(clock?: Clock): V1Limiters {
  const make = (limit: number) => createSlidingWindowLimiter({ limit, windowMs: V1_WINDOW_MS, ...(clock ? { clock } : {}) });
  return {
    labels: make(v1LimitGroups.labels),
    orders: make(v1LimitGroups.orders),
    orderLabels: make(v1LimitGroups.orderLabels),
    account: make(v1LimitGroups.account),
  };
}
