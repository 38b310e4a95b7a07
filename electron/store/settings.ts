import type { z } from 'zod';
import type { Db } from './database';

/**
 * Typed settings over one key/value table. Values are JSON; every read is
 * parsed with the caller's schema, so a hand-edited or older value falls back
 * to the default instead of crashing a screen.
 */
export interface SettingsStore {
  get<S extends z.ZodType>(key: string, schema: S, fallback: z.output<S>): z.output<S>;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

export function createSettingsStore(db: Db, now: () => Date = () => new Date()): SettingsStore {
  const read = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?');
  const write = db.prepare(
    'INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at',
  );
  const remove = db.prepare('DELETE FROM settings WHERE key = ?');
  return {
    get(key, schema, fallback) {
      const row = read.get(key);
      if (!row) return fallback;
      let raw: unknown;
      try {
        raw = JSON.parse(row.value);
      } catch {
        return fallback;
      }
      const parsed = schema.safeParse(raw);
      return parsed.success ? parsed.data : fallback;
    },
    set(key, value) {
      write.run(key, JSON.stringify(value), now().toISOString());
    },
    delete(key) {
      remove.run(key);
    },
  };
}
