import { reorderedIds } from '../../shared/domain/rules/order';
import type { Action, Condition, Rule, RuleInput } from '../../shared/domain/rules/types';
import type { Db } from './database';

interface RuleRow {
  readonly id: number;
  readonly name: string;
  readonly conditions_json: string;
  readonly actions_json: string;
}

const fromRow = (r: RuleRow): Rule => ({
  id: r.id,
  name: r.name,
  conditions: JSON.parse(r.conditions_json) as Condition[],
  actions: JSON.parse(r.actions_json) as Action[],
});

/** The automation rules, in the order they are tried; a new rule goes last. */
export function createRulesRepo(db: Db, now: () => Date) {
  const all = db.prepare<[], RuleRow>('SELECT id, name, conditions_json, actions_json FROM rules ORDER BY position, id');
  const insert = db.prepare<[string, string, string, string]>(
    'INSERT INTO rules (position, name, conditions_json, actions_json, created_at) VALUES ((SELECT COALESCE(MAX(position), 0) + 1 FROM rules), ?, ?, ?, ?)',
  );
  const one = db.prepare<[number], RuleRow>('SELECT id, name, conditions_json, actions_json FROM rules WHERE id = ?');
  const remove = db.prepare<[number]>('DELETE FROM rules WHERE id = ?');
  const place = db.prepare<[number, number]>('UPDATE rules SET position = ? WHERE id = ?');
  const clear = db.prepare('DELETE FROM rules');
  const copy = db.prepare<[number, number, string, string, string, string]>(
    'INSERT INTO rules (id, position, name, conditions_json, actions_json, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const renumber = db.transaction((ids: readonly number[]) => ids.forEach((id, index) => place.run(index + 1, id)));
  return {
    list: (): Rule[] => all.all().map(fromRow),
    add(rule: RuleInput): Rule {
      const { lastInsertRowid } = insert.run(rule.name, JSON.stringify(rule.conditions), JSON.stringify(rule.actions), now().toISOString());
      return fromRow(one.get(Number(lastInsertRowid)) as RuleRow);
    },
    /**
     * Moves a rule to just before another, or last when `before` is null.
     * False when either rule is not there.
     */
    move(id: number, before: number | null): boolean {
      const ids = reorderedIds(all.all().map((r) => r.id), id, before);
      if (!ids) return false;
      renumber(ids);
      return true;
    },
    /** Makes this list the warehouse's, numbers and order kept: the bench's copy for when the database is away. */
    replace: db.transaction((rules: readonly Rule[]) => {
      clear.run();
      rules.forEach((r, index) => copy.run(r.id, index + 1, r.name, JSON.stringify(r.conditions), JSON.stringify(r.actions), now().toISOString()));
    }) as (rules: readonly Rule[]) => void,
    /** The rule removed, or undefined when there was none with this id. */
    remove(id: number): Rule | undefined {
      const row = one.get(id);
      if (!row) return undefined;
      remove.run(id);
      return fromRow(row);
    },
  };
}

export type RulesRepo = ReturnType<typeof createRulesRepo>;
