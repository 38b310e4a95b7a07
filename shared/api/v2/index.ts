/** Wire types and zod schemas of the v2 Shipping Service ({base_url}). */
export * from './common';
export * from './token';
export * from './rates';
export * from './labels';
export * from './tracking';
export * from './pickups';
export * from './address';
export * from './insurance';
export * from './scanForm';
export * from './pod';
export * from './assumptions';
export * from './registry';
