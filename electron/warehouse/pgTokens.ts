import type { StoredToken, TokenShelf } from '../api/v2/token';
import type { WarehouseDb } from './database';

/**
 * The access token of each AppKey in the warehouse database: one bench mints
 * (under an advisory lock, so two benches never both mint), and every bench
 * reads it. The service keeps only the newest token per AppKey; benches that
 * minted their own would revoke each other all day. The token manager seals
 * the token before it is kept here, so the table never holds a usable token.
 */
export function createPgTokenShelf(db: WarehouseDb, bench: string): TokenShelf {
  return {
    async read(key) {
      const row = (await db.withClient((c) => c.query<{ token: string; refresh_at_ms: string }>('SELECT token, refresh_at_ms FROM access_tokens WHERE key_id = $1', [key]))).rows[0];
      return row ? { value: row.token, refreshAt: Number(row.refresh_at_ms) } : undefined;
    },
    mintOnce(key, usable, mint) {
      return db.transaction(async (client): Promise<StoredToken> => {
        await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`access-token|${key}`]);
        const row = (await client.query<{ token: string; refresh_at_ms: string }>('SELECT token, refresh_at_ms FROM access_tokens WHERE key_id = $1', [key])).rows[0];
        const stored = row ? { value: row.token, refreshAt: Number(row.refresh_at_ms) } : undefined;
        if (stored && usable(stored)) return stored;
        const minted = await mint();
        await client.query(
          `INSERT INTO access_tokens (key_id, token, refresh_at_ms, minted_by) VALUES ($1, $2, $3, $4)
             ON CONFLICT (key_id) DO UPDATE SET token = EXCLUDED.token, refresh_at_ms = EXCLUDED.refresh_at_ms, minted_by = EXCLUDED.minted_by, minted_at = now()`,
          [key, minted.value, minted.refreshAt, bench],
        );
        return minted;
      });
    },
  };
}
