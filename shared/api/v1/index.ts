/** Wire types and zod schemas of the legacy v1 Shipping Service ({legacy_base_url}). */
export * from './common';
export * from './rates';
export * from './shipments';
export * from './orders';
export * from './addresses';
export * from './scanForms';
export * from './account';
