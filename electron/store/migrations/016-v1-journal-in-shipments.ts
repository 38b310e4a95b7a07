import type { Migration } from './index';

/**
 * v1 purchases are journaled in shipments, as v2's are (purchases/journal.ts):
 * one engine, one journal row per package. A bought or voided v1 label
 * already has its shipments row; it takes the sends the v1 journal counted
 * (a row with none is a label kept from another bench). A purchase whose
 * outcome is not known yet (pending, or unknown after a lost answer) becomes
 * a pending shipments row with its request, under an id of its own (v1 ids
 * only name a label among benches), to be read back like any other. Refused
 * attempts sold nothing and stay where they are: v1_purchases is kept as the
 * record of attempts before this version, and nothing writes it any more.
 */
export const m016V1JournalInShipments: Migration = {
  version: 16,
  name: 'purchases: v1 purchases journaled in shipments',
  sql: `
    UPDATE shipments SET attempts = (SELECT max(max(p.attempts), 1) FROM v1_purchases p WHERE p.shipment_id = shipments.id)
    WHERE id IN (SELECT shipment_id FROM v1_purchases WHERE shipment_id IS NOT NULL);
    INSERT INTO shipments (package_key, platform_uk_id, backend_id, state, method, request_json, chosen_json, error, attempts,
      order_number, order_number_lc, recipient_name, recipient_lc, recipient_city, recipient_zip, insurance_cents, created_at, updated_at)
    SELECT p.package_key, 'v1-m016-' || p.id, p.backend_id, 'pending', CASE p.kind WHEN 'rate' THEN 'create_and_pay' ELSE 'direct_buy' END,
      p.request_json,
      json_object('carrierCode', json_extract(p.request_json, '$.rate.carrier'),
        'serviceLevel', coalesce(json_extract(p.request_json, '$.rate.serviceType'), json_extract(p.request_json, '$.request.order.service_type')),
        'serviceName', json_extract(p.request_json, '$.rate.service'), 'price', json_extract(p.request_json, '$.rate.price')),
      p.error, p.attempts, p.order_number, lower(trim(p.order_number)),
      json_extract(p.request_json, '$.request.to.name'), lower(trim(json_extract(p.request_json, '$.request.to.name'))),
      json_extract(p.request_json, '$.request.to.city'), json_extract(p.request_json, '$.request.to.zip'),
      CAST(round(json_extract(p.request_json, '$.request.shipments[0].insurance_amount') * 100) AS INTEGER),
      p.created_at, p.updated_at
    FROM v1_purchases p
    WHERE p.state IN ('pending', 'unknown')
      AND NOT EXISTS (SELECT 1 FROM shipments s WHERE coalesce(s.backend_id, '') = p.backend_id AND s.package_key = p.package_key AND s.state <> 'voided')
    ORDER BY p.id;
  `,
};
