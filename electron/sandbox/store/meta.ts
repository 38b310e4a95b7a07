import type { Db } from './db';

/** Key/value settings and named counters of the sandbox account. */
export class MetaStore {
  private readonly getStmt;
  private readonly setStmt;

  constructor(db: Db) {
    this.getStmt = db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?');
    this.setStmt = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value');
  }

  get(key: string): string | undefined {
    return this.getStmt.get(key)?.value;
  }

  set(key: string, value: string): void {
    this.setStmt.run(key, value);
  }

  /** The value under key, created by `make` on first use. */
  getOrCreate(key: string, make: () => string): string {
    const existing = this.get(key);
    if (existing !== undefined) return existing;
    const value = make();
    this.set(key, value);
    return value;
  }

  /** Next value of a persistent counter, starting after `start`. */
  next(counter: string, start = 0): number {
    const key = `seq.${counter}`;
    const value = Number(this.get(key) ?? start) + 1;
    this.set(key, String(value));
    return value;
  }
}
