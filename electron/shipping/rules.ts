import type { RuleTest } from '../../shared/contract/rules';
import { fail, StationFailure } from '../../shared/contract/errors';
import type { OrderLine } from '../../shared/contract/shippingTypes';
import { evaluateRules, insuredWords, outcomeFields } from '../../shared/domain/rules/evaluate';
import type { Rule, RuleInput } from '../../shared/domain/rules/types';
import { describeValue, fieldWords } from '../../shared/domain/rules/words';
import type { ShippingDeps } from './deps';

export type RulesService = ReturnType<typeof createRulesService>;

const sameRules = (a: readonly Rule[], b: readonly Rule[]): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The automation rules: kept in order, and tried on an order without buying.
 * Applying them on the Ship screen belongs to the bench machine. In a
 * warehouse the list is the warehouse's and this bench's table keeps its last
 * copy: reads fall back on the copy while the database is away, and changes
 * are refused then (the other benches would not try the same rules).
 */
export function createRulesService(deps: ShippingDeps, lookup: (orderNumber: string) => Promise<OrderLine>) {
  const changed = () => deps.ctx.emit('station.changed', { topics: ['rules'] });
  const shared = deps.sharedRules;
  let seeded = false;

  /** The warehouse's rules copied into this bench's table; undefined while the database is away (the copy answers). */
  async function fetched(): Promise<{ readonly rules: Rule[]; readonly differed: boolean } | undefined> {
    if (!shared) return undefined;
    const copy = deps.rules.list();
    let rules: Rule[];
    try {
      rules = await shared.list(seeded ? [] : copy.map(({ name, conditions, actions }) => ({ name, conditions, actions })));
    } catch (error) {
      if (!(error instanceof StationFailure)) throw error;
      return undefined;
    }
    seeded = true;
    const differed = !sameRules(rules, copy);
    if (differed) deps.rules.replace(rules);
    return { rules, differed };
  }

  /** The rules now: the warehouse's (screens told when another bench changed them), else this bench's own. */
  async function current(): Promise<Rule[]> {
    const got = await fetched();
    if (got?.differed) changed();
    return got?.rules ?? deps.rules.list();
  }

  /** After a change at the warehouse: this bench's copy follows, and every screen hears of it. */
  async function followed<T>(result: T): Promise<T> {
    await fetched();
    changed();
    return result;
  }

  async function add(rule: RuleInput): Promise<Rule> {
    const presets = (await deps.settings.current()).presets.map((p) => p.name);
    for (const action of rule.actions) {
      if (action.field === 'box' && !presets.includes(action.value)) {
        fail('invalid_input', `There is no box preset named "${action.value}". The presets are: ${presets.join(', ')}.`);
      }
    }
    if (shared) return followed(await shared.add(rule));
    const added = deps.rules.add(rule);
    changed();
    return added;
  }

  async function remove(id: number): Promise<Rule> {
    const removed = shared ? await shared.remove(id) : deps.rules.remove(id);
    if (!removed) fail('not_found', `There is no rule number ${id}. rules list shows their numbers.`);
    return shared ? followed(removed) : (changed(), removed);
  }

  async function move(id: number, before: number | null): Promise<Rule[]> {
    const moved = shared ? await shared.move(id, before) : deps.rules.move(id, before);
    if (!moved) {
      const known = (shared ? await current() : deps.rules.list()).some((r) => r.id === id);
      fail('not_found', `There is no rule number ${known ? before : id}. rules list shows their numbers.`);
    }
    if (shared) return followed(await current());
    changed();
    return deps.rules.list();
  }

  async function test(orderNumber: string): Promise<RuleTest> {
    const order = await lookup(orderNumber);
    const outcome = evaluateRules(await current(), {
      recipient: order.recipient,
      weightOz: order.package?.weightOz ?? null,
      items: order.items,
      store: order.store,
      tags: order.tags,
    });
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

  return { list: current, current, add, remove, move, test };
}
