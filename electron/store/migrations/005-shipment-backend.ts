import type { Migration } from './index';

/**
 * Which backend (the sandbox, or a live service by address) each purchase
 * went to. A package's platform_uk_id is unique per backend: a label bought
 * while training on the sandbox does not stand in for the real one, and an
 * unconfirmed purchase is only ever re-sent to the backend it was sent to.
 * Rows from before this column belong to whichever backend is current.
 */
export const m005ShipmentBackend: Migration = {
  version: 5,
  name: 'shipping: purchases belong to a backend',
  sql: `
    ALTER TABLE shipments ADD COLUMN backend_id TEXT;
    DROP INDEX shipments_live_package;
    CREATE UNIQUE INDEX shipments_live_package ON shipments (coalesce(backend_id, ''), package_key) WHERE state <> 'voided';
  `,
};
