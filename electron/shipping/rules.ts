import type { RuleTest } from '../../shared/contract/rules';
import { fail } from '../../shared/contract/errors';
import type { OrderLine } from '../../shared/contract/shippingTypes';
import { evaluateRules, insuredWords, outcomeFields } from '../../shared/domain/rules/evaluate';
import type { Rule, RuleInput } from '../../shared/domain/rules/types';
import { describeValue, fieldWords } from '../../shared/domain/rules/words';
import type { ShippingDeps } from './deps';

/**
 * The automation rules: kept in order, and tried on an order without buying.
 * Applying them on the Ship screen belongs to the bench machine.
 */
export function createRulesService(deps: ShippingDeps, lookup: (orderNumber: string) => Promise<OrderLine>) {
  const changed = () => deps.ctx.emit('station.changed', { topics: ['rules'] });

  function add(rule: RuleInput): Rule {
    const presets = deps.settings.get().presets.map((p) => p.name);
    for (const action of rule.actions) {
      if (action.field === 'box' && !presets.includes(action.value)) {
        fail('invalid_input', `There is no box preset named "${action.value}". The presets are: ${presets.join(', ')}.`);
      }
    }
    const added = deps.rules.add(rule);
    changed();
    return added;
  }

  function remove(id: number): Rule {
    const removed = deps.rules.remove(id);
    if (!removed) fail('not_found', `There is no rule number ${id}. rules list shows their numbers.`);
    changed();
    return removed;
  }

  function move(id: number, before: number | null): Rule[] {
    if (!deps.rules.move(id, before)) fail('not_found', `There is no rule number ${deps.rules.list().some((r) => r.id === id) ? before : id}. rules list shows their numbers.`);
    changed();
    return deps.rules.list();
  }

  async function test(orderNumber: string): Promise<RuleTest> {
    const order = await lookup(orderNumber);
    const outcome = evaluateRules(deps.rules.list(), { recipient: order.recipient, weightOz: order.package?.weightOz ?? null, items: order.items, store: order.store, tags: order.tags });
    return {
      orderNumber: order.orderNumber,
      rules: outcome.rules,
      fields: outcomeFields(outcome).map(([field, set]) => ({
        field,
        label: fieldWords[field],
        value: insuredWords(set) ?? describeValue(set.action),
        ruleId: set.ruleId,
        ruleName: set.ruleName,
      })),
    };
  }

  return { list: (): Rule[] => deps.rules.list(), add, remove, move, test };
}
