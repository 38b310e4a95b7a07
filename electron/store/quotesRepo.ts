import type { Db } from './database';

export interface QuoteRow {
  readonly id: number;
  readonly source: 'get_rates' | 'quick_rate';
  readonly request_json: string;
  readonly rates_json: string;
  readonly errors_json: string;
  readonly order_number: string | null;
  readonly created_at: string;
}

/** Rate quotes as the service gave them: a purchase buys from a stored quote, so the request it journals is the one that was rated. */
export function createQuotesRepo(db: Db, now: () => Date) {
  const insert = db.prepare(
    'INSERT INTO rate_quotes (source, request_json, rates_json, errors_json, order_number, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const byId = db.prepare<[number], QuoteRow>('SELECT * FROM rate_quotes WHERE id = ?');
  const prune = db.prepare('DELETE FROM rate_quotes WHERE created_at < ?');
  return {
    insert(source: QuoteRow['source'], request: unknown, rates: unknown, errors: unknown, orderNumber: string | null): number {
      const info = insert.run(source, JSON.stringify(request), JSON.stringify(rates), JSON.stringify(errors), orderNumber, now().toISOString());
      return Number(info.lastInsertRowid);
    },
    get: (id: number): QuoteRow | undefined => byId.get(id),
    /** Quotes are asked for on every weighing; old ones can no longer be bought (rates expire) and are dropped. */
    pruneBefore: (isoInstant: string): number => prune.run(isoInstant).changes,
  };
}
