import { skuKey } from '../products';
import type { Action, Comparison, Condition, Rule, RuleField, RuleOrder } from './types';
import { ruleFields } from './types';
import { describeCondition, formatDollars } from './words';

/** The order's facts a condition reads; undefined where the order does not say. */
interface Facts {
  readonly country: string;
  readonly state: string;
  readonly zip: string;
  readonly residential: boolean | undefined;
  readonly poBox: boolean;
  readonly weightOz: number | undefined;
  readonly totalUsd: number | undefined;
  readonly skus: ReadonlySet<string>;
  readonly itemCount: number;
  readonly store: string | undefined;
  readonly tags: ReadonlySet<string>;
}

const PO_BOX = /\b(?:P\s*\.?\s*O\s*\.?\s*|POST\s+OFFICE\s+)BOX\b/i;
const upper = (text: string): string => text.trim().toUpperCase();
/** Store names and tags are compared without case or surrounding spaces: exports write "Gift" and "gift" alike. */
const folded = (text: string): string => text.trim().replace(/\s+/g, ' ').toLowerCase();
const zipKey = (zip: string): string => zip.replace(/[\s-]/g, '').toUpperCase();

/** Unit prices times quantities; unknown when any item lacks its price (or there are no items). */
export function orderTotal(order: RuleOrder): number | undefined {
  if (order.items.length === 0 || order.items.some((i) => i.unitPrice === undefined)) return undefined;
  const cents = order.items.reduce((sum, i) => sum + Math.round((i.unitPrice as number) * 100) * i.quantity, 0);
  return cents / 100;
}

function factsOf(order: RuleOrder): Facts {
  const r = order.recipient;
  return {
    country: upper(r.country),
    state: upper(r.state),
    zip: zipKey(r.zip),
    residential: r.residential,
    poBox: PO_BOX.test(r.street) || PO_BOX.test(r.street2 ?? ''),
    weightOz: order.weightOz ?? undefined,
    totalUsd: orderTotal(order),
    skus: new Set(order.items.map((i) => skuKey(i.sku))),
    itemCount: order.items.reduce((sum, i) => sum + i.quantity, 0),
    store: order.store ? folded(order.store) : undefined,
    tags: new Set((order.tags ?? []).map(folded)),
  };
}

function compare(value: number, how: Comparison, against: number): boolean {
  switch (how) {
    case 'more':
      return value > against;
    case 'atLeast':
      return value >= against;
    case 'less':
      return value < against;
    case 'atMost':
      return value <= against;
    case 'equal':
      return Math.abs(value - against) < 1e-9;
  }
}

/** True, false, or undefined when the order does not give what the condition reads. */
function holds(c: Condition, f: Facts): boolean | undefined {
  switch (c.kind) {
    case 'country':
      return c.anyOf.some((v) => upper(v) === f.country);
    case 'state':
      return c.anyOf.some((v) => upper(v) === f.state);
    case 'zipPrefix':
      return c.anyOf.some((v) => f.zip.startsWith(zipKey(v)));
    case 'residential':
      return f.residential === undefined ? undefined : f.residential === c.is;
    case 'poBox':
      return f.poBox === c.is;
    case 'weight':
      return f.weightOz === undefined ? undefined : compare(f.weightOz, c.compare, c.oz);
    case 'orderTotal':
      return f.totalUsd === undefined ? undefined : compare(f.totalUsd, c.compare, c.usd);
    case 'sku':
      return f.skus.has(skuKey(c.sku));
    case 'itemCount':
      return compare(f.itemCount, c.compare, c.count);
    case 'store':
      return f.store === undefined ? undefined : c.anyOf.some((v) => folded(v) === f.store);
    case 'tag':
      return c.anyOf.some((v) => f.tags.has(folded(v)));
  }
}

const unknownWords: Partial<Record<Condition['kind'], string>> = {
  residential: 'the order does not say whether the address is residential',
  weight: 'the order has no weight (none given and the catalog cannot weigh it)',
  orderTotal: 'the order gives no price for every item',
  store: 'the order does not name its store (its file had no store column)',
};

export interface ConditionVerdict {
  readonly words: string;
  readonly met: boolean;
  /** Why an unmet condition could not be read from the order, in words. */
  readonly unknown?: string;
}

export interface RuleVerdict {
  readonly id: number;
  readonly name: string;
  readonly matched: boolean;
  readonly conditions: readonly ConditionVerdict[];
  /** The fields this rule set for the order. */
  readonly sets: readonly RuleField[];
  /** The fields it would have set, already set by a rule above it. */
  readonly shadowed: readonly RuleField[];
}

export interface FieldOutcome {
  readonly action: Action;
  readonly ruleId: number;
  readonly ruleName: string;
  /** Insurance by order total: the amount, or null when the order gives no prices. */
  readonly insuredUsd?: number | null;
}

export interface RulesOutcome {
  /** Per field, the value and the rule that set it: the first matching rule that sets the field. */
  readonly fields: Partial<Record<RuleField, FieldOutcome>>;
  readonly rules: readonly RuleVerdict[];
}

/**
 * Runs the rules in their order. A rule matches when every condition holds;
 * a condition the order cannot answer does not hold. Each field takes the
 * value of the first matching rule that sets it; later rules only fill the
 * fields still free, so several rules may each set part of an order.
 */
export function evaluateRules(rules: readonly Rule[], order: RuleOrder): RulesOutcome {
  const facts = factsOf(order);
  const fields: Partial<Record<RuleField, FieldOutcome>> = {};
  const verdicts = rules.map((rule): RuleVerdict => {
    const conditions = rule.conditions.map((c): ConditionVerdict => {
      const result = holds(c, facts);
      const unknown = result === undefined ? unknownWords[c.kind] : undefined;
      return { words: describeCondition(c), met: result === true, ...(unknown ? { unknown } : {}) };
    });
    const matched = conditions.every((c) => c.met);
    const sets: RuleField[] = [];
    const shadowed: RuleField[] = [];
    if (matched) {
      for (const action of rule.actions) {
        if (fields[action.field] || sets.includes(action.field)) {
          shadowed.push(action.field);
          continue;
        }
        sets.push(action.field);
        const insuredUsd = action.field === 'insurance' && action.value.kind === 'orderTotal' ? (facts.totalUsd ?? null) : undefined;
        fields[action.field] = { action, ruleId: rule.id, ruleName: rule.name, ...(insuredUsd === undefined ? {} : { insuredUsd }) };
      }
    }
    return { id: rule.id, name: rule.name, matched, conditions, sets, shadowed };
  });
  return { fields, rules: verdicts };
}

/** The fields set, in the order the Ship screen lists them. */
export const outcomeFields = (outcome: RulesOutcome): Array<[RuleField, FieldOutcome]> =>
  ruleFields.flatMap((field) => {
    const set = outcome.fields[field];
    return set ? [[field, set] as [RuleField, FieldOutcome]] : [];
  });

/** What insurance by order total comes to for this order, in words. */
export const insuredWords = (set: FieldOutcome): string | undefined =>
  set.insuredUsd === undefined ? undefined : set.insuredUsd === null ? 'the order gives no prices, so nothing is insured' : formatDollars(set.insuredUsd);
