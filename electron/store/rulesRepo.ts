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
  return {
    list: (): Rule[] => all.all().map(fromRow),
    add(rule: RuleInput): Rule {
      const { lastInsertRowid } = insert.run(rule.name, JSON.stringify(rule.conditions), JSON.stringify(rule.actions), now().toISOString());
      return fromRow(one.get(Number(lastInsertRowid)) as RuleRow);
    },
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
