import type { Migration } from './index';

/**
 * History search by any part of a tracking number, order number, name, city
 * or ZIP ("39521" finds the tail of a tracking number, "denv" a city). The
 * recipient's city and ZIP get their own columns; a trigram FTS5 index over
 * the searchable columns is kept in step with shipments by triggers, so every
 * writer (journal, warehouse adoption, v1 desk) keeps it current.
 *
 * Existing rows: a direct buy carries the address in its request; a quoted
 * buy names only its rate_id, whose address is in the quote that offered it
 * (joined through a temporary rate_id table, so the backfill is one pass).
 */
export const m009HistorySubstringSearch: Migration = {
  version: 9,
  name: 'shipping: history search by any part of a value',
  sql: `
    ALTER TABLE shipments ADD COLUMN recipient_city TEXT;
    ALTER TABLE shipments ADD COLUMN recipient_zip TEXT;

    UPDATE shipments SET
      recipient_city = json_extract(request_json, '$.to_address_data.city'),
      recipient_zip = json_extract(request_json, '$.to_address_data.zip_code')
    WHERE method = 'direct_buy' AND json_valid(request_json);

    CREATE TEMP TABLE quoted_address AS
      SELECT json_extract(r.value, '$.rateId') AS rate_id,
             json_extract(q.request_json, '$.input.to.city') AS city,
             json_extract(q.request_json, '$.input.to.zip') AS zip
      FROM rate_quotes q, json_each(q.rates_json) r
      WHERE json_valid(q.rates_json) AND json_valid(q.request_json) AND json_type(q.rates_json) = 'array';
    CREATE INDEX temp.quoted_address_rate ON quoted_address (rate_id);
    UPDATE shipments SET
      recipient_city = (SELECT a.city FROM quoted_address a WHERE a.rate_id = json_extract(shipments.request_json, '$.rate_id')),
      recipient_zip = (SELECT a.zip FROM quoted_address a WHERE a.rate_id = json_extract(shipments.request_json, '$.rate_id'))
    WHERE method = 'create_and_pay' AND json_valid(request_json);
    DROP TABLE temp.quoted_address;

    CREATE VIRTUAL TABLE shipments_search USING fts5(
      tracking_lc, order_number, recipient_name, recipient_city, recipient_zip,
      content = 'shipments', content_rowid = 'id', tokenize = 'trigram'
    );
    INSERT INTO shipments_search (shipments_search) VALUES ('rebuild');

    CREATE TRIGGER shipments_search_insert AFTER INSERT ON shipments BEGIN
      INSERT INTO shipments_search (rowid, tracking_lc, order_number, recipient_name, recipient_city, recipient_zip)
        VALUES (new.id, new.tracking_lc, new.order_number, new.recipient_name, new.recipient_city, new.recipient_zip);
    END;
    CREATE TRIGGER shipments_search_delete AFTER DELETE ON shipments BEGIN
      INSERT INTO shipments_search (shipments_search, rowid, tracking_lc, order_number, recipient_name, recipient_city, recipient_zip)
        VALUES ('delete', old.id, old.tracking_lc, old.order_number, old.recipient_name, old.recipient_city, old.recipient_zip);
    END;
    CREATE TRIGGER shipments_search_update AFTER UPDATE OF tracking_lc, order_number, recipient_name, recipient_city, recipient_zip ON shipments BEGIN
      INSERT INTO shipments_search (shipments_search, rowid, tracking_lc, order_number, recipient_name, recipient_city, recipient_zip)
        VALUES ('delete', old.id, old.tracking_lc, old.order_number, old.recipient_name, old.recipient_city, old.recipient_zip);
      INSERT INTO shipments_search (rowid, tracking_lc, order_number, recipient_name, recipient_city, recipient_zip)
        VALUES (new.id, new.tracking_lc, new.order_number, new.recipient_name, new.recipient_city, new.recipient_zip);
    END;
  `,
};
