import { describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../electron/store/database';
import { createHistorySearch } from '../../../electron/store/historySearch';

/** The SQL of every statement the history search prepares, captured as it prepares them. */
function preparedBySearch(db: Db): string[] {
  const seen: string[] = [];
  const spy = new Proxy(db, {
    get(target, prop) {
      if (prop === 'prepare') {
        return (sql: string) => {
          seen.push(sql);
          return target.prepare(sql);
        };
      }
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  createHistorySearch(spy);
  return seen;
}

describe('history search plans', () => {
  it('answers every lookup with an index seek: no table scan and no sort, whatever the row count', () => {
    const db = openDatabase({ file: ':memory:' });
    const statements = preparedBySearch(db);
    expect(statements.length).toBeGreaterThanOrEqual(8);
    for (const sql of statements) {
      const params = Array.from({ length: (sql.match(/\?/g) ?? []).length }, () => 1);
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>).map((row) => row.detail);
      const where = sql.replace(/\s+/g, ' ').replace(/^.* FROM /, 'FROM ');
      expect(plan.length, where).toBeGreaterThan(0);
      for (const step of plan.filter((s) => !/^LIST SUBQUERY/.test(s))) {
        // The substring lookup asks the trigram index (a virtual table's own index), then seeks rows by id.
        expect(step, where).toMatch(/^(SEARCH \w+ USING (COVERING )?(INDEX|INTEGER PRIMARY KEY)|SCAN shipments_search VIRTUAL TABLE INDEX)/);
        expect(step, where).not.toMatch(/TEMP B-TREE/);
      }
    }
    db.close();
  });
});
