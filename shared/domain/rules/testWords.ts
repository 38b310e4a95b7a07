import type { RuleField } from './types';
import { fieldWords } from './words';

/** What `rules test` reports of one order, as the CLI and the Rules screen both read it. */
export interface TestedOrder {
  readonly orderNumber: string;
  readonly rules: ReadonlyArray<{
    readonly id: number;
    readonly name: string;
    readonly matched: boolean;
    readonly conditions: ReadonlyArray<{ readonly words: string; readonly met: boolean; readonly unknown?: string }>;
    readonly sets: readonly RuleField[];
    readonly shadowed: readonly RuleField[];
  }>;
  readonly fields: ReadonlyArray<{ readonly label: string; readonly value: string; readonly ruleId: number; readonly ruleName: string }>;
}

export const namedRule = (id: number, name: string): string => `rule ${id} "${name}"`;
const labels = (fields: readonly RuleField[]): string => fields.map((f) => fieldWords[f]).join(', ');

/** The same sentences wherever an order's rules are tried: what each rule did, then what each field became. */
export function testedOrderWords(t: TestedOrder): { readonly heading: string; readonly rules: string[]; readonly fields: string[] } {
  const rules = t.rules.map((r) => {
    if (!r.matched) {
      const failed = r.conditions.filter((c) => !c.met).map((c) => (c.unknown ? `"${c.words}" cannot be told: ${c.unknown}` : `"${c.words}" does not hold`));
      return `${namedRule(r.id, r.name)}: does not match: ${failed.join('; ')}`;
    }
    const did = r.sets.length > 0 ? `sets ${labels(r.sets)}` : 'sets nothing';
    const earlier = r.shadowed.length > 0 ? `; ${labels(r.shadowed)} already set by an earlier rule` : '';
    return `${namedRule(r.id, r.name)}: matches, ${did}${earlier}`;
  });
  if (t.rules.length === 0) rules.push('There are no rules.');
  const fields =
    t.fields.length === 0 ? ['No rule sets anything for this order; the bench settings apply.'] : t.fields.map((f) => `${f.label}: ${f.value} (${namedRule(f.ruleId, f.ruleName)})`);
  return { heading: `Order ${t.orderNumber} (nothing is bought):`, rules, fields };
}
