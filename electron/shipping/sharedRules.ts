import type { Rule, RuleInput } from '../../shared/domain/rules/types';

/**
 * The automation rules every bench of a warehouse shares (electron/warehouse/):
 * one ordered list, read and changed by any bench. A bench alone keeps its
 * rules in its own SQLite only. Every method throws in words while the
 * database is away; list does so at once for a few seconds after a read
 * found it away (the bench's copy answers meanwhile).
 */
export interface SharedRules {
  /**
   * The warehouse's rules in order. The first bench to read them in a new
   * warehouse brings `seed` (its own rules), so joining does not lose them.
   */
  list(seed: readonly RuleInput[]): Promise<Rule[]>;
  add(rule: RuleInput): Promise<Rule>;
  /** The rule removed, or undefined when there was none with this number. */
  remove(id: number): Promise<Rule | undefined>;
  /** False when either rule is not there. */
  move(id: number, before: number | null): Promise<boolean>;
}
