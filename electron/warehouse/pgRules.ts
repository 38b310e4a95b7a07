import type pg from 'pg';
import { reorderedIds } from '../../shared/domain/rules/order';
import type { Action, Condition, Rule, RuleInput } from '../../shared/domain/rules/types';
import type { Logger } from '../log/logger';
import type { SharedRules } from '../shipping/sharedRules';
import { warehouseFailure, type WarehouseDb } from './database';

interface RuleDbRow {
  readonly id: string;
  readonly name: string;
  readonly conditions_json: string;
  readonly actions_json: string;
}

const fromRow = (r: RuleDbRow): Rule => ({
  id: Number(r.id),
  name: r.name,
  conditions: JSON.parse(r.conditions_json) as Condition[],
  actions: JSON.parse(r.actions_json) as Action[],
});

const ALL = 'SELECT id, name, conditions_json, actions_json FROM rules ORDER BY position, id';
const INSERT = `INSERT INTO rules (position, name, conditions_json, actions_json, bench)
  VALUES ((SELECT COALESCE(MAX(position), 0) + 1 FROM rules), $1, $2, $3, $4) RETURNING id, name, conditions_json, actions_json`;

/**
 * Changes wait for each other: two benches adding at once must not take the
 * same place, and a move renumbers the whole list. Reads do not wait.
 */
const lockRules = (c: pg.PoolClient) => c.query('LOCK TABLE rules IN SHARE ROW EXCLUSIVE MODE');

/** The warehouse's automation rules, in the order every bench tries them. */
export function createPgRules(db: WarehouseDb, bench: string, log: Logger): SharedRules {
  const warehouseLog = log.child('warehouse');
  const changing = 'does not change the rules: every bench must try the same ones';
  const insert = (c: pg.PoolClient, rule: RuleInput) =>
    c.query<RuleDbRow>(INSERT, [rule.name, JSON.stringify(rule.conditions), JSON.stringify(rule.actions), bench]);

  return {
    async list(seed) {
      try {
        const rows = await db.readOrLocal(() =>
          db.transaction(async (c) => {
            if (seed.length > 0) {
              await lockRules(c);
              const first = await c.query("INSERT INTO rules_started (bench) SELECT $1 WHERE NOT EXISTS (SELECT 1 FROM rules_started) RETURNING bench", [bench]);
              if (first.rowCount === 1) for (const rule of seed) await insert(c, rule);
            }
            return (await c.query<RuleDbRow>(ALL)).rows;
          }),
        );
        return rows.map(fromRow);
      } catch (error) {
        return warehouseFailure(db.where, warehouseLog, error, 'tries the rules it saw last');
      }
    },

    async add(rule) {
      try {
        return await db.transaction(async (c) => {
          await lockRules(c);
          // A warehouse whose first rule is added here has started its list: no bench's own rules are brought in later.
          await c.query('INSERT INTO rules_started (bench) SELECT $1 WHERE NOT EXISTS (SELECT 1 FROM rules_started)', [bench]);
          return fromRow((await insert(c, rule)).rows[0] as RuleDbRow);
        });
      } catch (error) {
        return warehouseFailure(db.where, warehouseLog, error, changing);
      }
    },

    async remove(id) {
      try {
        const row = await db.transaction(async (c) => {
          await lockRules(c);
          return (await c.query<RuleDbRow>('DELETE FROM rules WHERE id = $1 RETURNING id, name, conditions_json, actions_json', [id])).rows[0];
        });
        return row ? fromRow(row) : undefined;
      } catch (error) {
        return warehouseFailure(db.where, warehouseLog, error, changing);
      }
    },

    async move(id, before) {
      try {
        return await db.transaction(async (c) => {
          await lockRules(c);
          const ids = reorderedIds((await c.query<{ id: string }>('SELECT id FROM rules ORDER BY position, id')).rows.map((r) => Number(r.id)), id, before);
          if (!ids) return false;
          for (const [index, each] of ids.entries()) await c.query('UPDATE rules SET position = $1, bench = $2 WHERE id = $3', [index + 1, bench, each]);
          return true;
        });
      } catch (error) {
        return warehouseFailure(db.where, warehouseLog, error, changing);
      }
    },
  };
}
