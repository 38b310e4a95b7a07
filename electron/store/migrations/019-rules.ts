import type { Migration } from './index';

/**
 * Automation rules, in the order they are tried: `position` orders them and
 * `id` names a rule to the operator, so removing one never renames the rest
 * (AUTOINCREMENT: a removed rule's number is never given to a new one).
 * Conditions and actions are kept as the contract's validated JSON.
 */
export const m019Rules: Migration = {
  version: 19,
  name: 'rules: automation rules, in order',
  sql: `
    CREATE TABLE rules (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      position INTEGER NOT NULL,
      name TEXT NOT NULL,
      conditions_json TEXT NOT NULL,
      actions_json TEXT NOT NULL,
      created_at TEXT NOT NULL
    );
    CREATE INDEX rules_position ON rules (position);
  `,
};
