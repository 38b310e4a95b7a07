import type { Migration } from './index';

/**
 * Returns bought before an order's return was keyed by the order kept the
 * key the page brought (`return:DEMO-1002:0`, or a session key). Today an
 * order's first return is `return:order:<order>#0` (packageKeyOf), so without
 * this a Buy again on such an order would not find the label it already has
 * and would buy a second one. Per backend and order, the newest return that is
 * not voided takes the new key, unless a return under the new key already
 * exists there (that one wins; the older row keeps its key and stays in
 * History). Voided returns take it too: a voided row does not hold a key.
 */
export const m012ReturnPackageKeys: Migration = {
  version: 12,
  name: 'shipping: returns bought under a page key are keyed by their order',
  sql: `
    UPDATE shipments SET package_key = 'return:order:' || lower(trim(order_number)) || '#0'
    WHERE is_return = 1 AND trim(coalesce(order_number, '')) <> '' AND package_key NOT LIKE 'return:order:%'
      AND (
        state = 'voided'
        OR (
          id = (SELECT max(o.id) FROM shipments o
                WHERE o.is_return = 1 AND o.state <> 'voided' AND o.package_key NOT LIKE 'return:order:%'
                  AND coalesce(o.backend_id, '') = coalesce(shipments.backend_id, '')
                  AND lower(trim(o.order_number)) = lower(trim(shipments.order_number)))
          AND NOT EXISTS (SELECT 1 FROM shipments n
                WHERE n.state <> 'voided' AND coalesce(n.backend_id, '') = coalesce(shipments.backend_id, '')
                  AND n.package_key = 'return:order:' || lower(trim(shipments.order_number)) || '#0')
        )
      );
  `,
};
