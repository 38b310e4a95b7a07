import { describe, expect, it } from 'vitest';
import { evaluateRules, orderTotal, outcomeFields } from '../../../shared/domain/rules/evaluate';
import { parseAction, parseCondition } from '../../../shared/domain/rules/parse';
import type { Condition, Rule, RuleOrder } from '../../../shared/domain/rules/types';
import { describeCondition, describeRuleLine } from '../../../shared/domain/rules/words';

const canada: RuleOrder = {
  recipient: { street: '1 Rue Sainte-Catherine', state: 'QC', zip: 'H2X 1Y4', country: 'CA' },
  weightOz: 33,
  items: [
    { sku: 'MUG-12', name: 'Mug', quantity: 2, unitPrice: 18 },
    { sku: 'NAP-1', name: 'Napkin', quantity: 1, unitPrice: 6 },
  ],
};
const poBoxHome: RuleOrder = {
  recipient: { street: 'P.O. Box 4417', state: 'AK', zip: '99803-1234', country: 'US', residential: true },
  weightOz: 10,
  items: [{ sku: 'GLOVE-WNT', name: 'Gloves', quantity: 1 }],
};

const rule = (id: number, conditions: Condition[], actions: Rule['actions']): Rule => ({ id, name: `Rule ${id}`, conditions, actions });
const matches = (condition: Condition, order: RuleOrder): boolean => evaluateRules([rule(1, [condition], [{ field: 'saturday', value: true }])], order).rules[0]?.matched ?? false;

describe('each condition kind', () => {
  it.each<[string, Condition, RuleOrder, boolean]>([
    ['country, any of', { kind: 'country', anyOf: ['MX', 'ca'] }, canada, true],
    ['country, not listed', { kind: 'country', anyOf: ['US'] }, canada, false],
    ['state', { kind: 'state', anyOf: ['QC'] }, canada, true],
    ['ZIP prefix ignores spaces', { kind: 'zipPrefix', anyOf: ['H2X1'] }, canada, true],
    ['ZIP prefix, another one', { kind: 'zipPrefix', anyOf: ['998'] }, canada, false],
    ['residential known', { kind: 'residential', is: true }, poBoxHome, true],
    ['residential unknown is not met', { kind: 'residential', is: false }, canada, false],
    ['PO box (P.O. Box)', { kind: 'poBox', is: true }, poBoxHome, true],
    ['not a PO box', { kind: 'poBox', is: false }, canada, true],
    ['weight more than 2 lb', { kind: 'weight', compare: 'more', oz: 32 }, canada, true],
    ['weight at most 2 lb', { kind: 'weight', compare: 'atMost', oz: 32 }, canada, false],
    ['order total at least 42', { kind: 'orderTotal', compare: 'atLeast', usd: 42 }, canada, true],
    ['order total without prices is not met', { kind: 'orderTotal', compare: 'less', usd: 1000 }, poBoxHome, false],
    ['SKU present, any case', { kind: 'sku', sku: 'nap-1' }, canada, true],
    ['SKU absent', { kind: 'sku', sku: 'POT-1' }, canada, false],
    ['item count in units', { kind: 'itemCount', compare: 'equal', count: 3 }, canada, true],
    ['item count less than', { kind: 'itemCount', compare: 'less', count: 3 }, canada, false],
  ])('%s', (_, condition, order, expected) => {
    expect(matches(condition, order)).toBe(expected);
  });

  it('says why a condition could not be read from the order', () => {
    const [verdict] = evaluateRules([rule(1, [{ kind: 'weight', compare: 'less', oz: 16 }], [{ field: 'box', value: 'Small box' }])], { ...canada, weightOz: null }).rules;
    expect(verdict?.conditions).toEqual([{ words: 'weighs less than 1 lb', met: false, unknown: 'the order has no weight (none given and the catalog cannot weigh it)' }]);
  });

  it('needs every condition of a rule; a rule with none matches every order', () => {
    const both = rule(1, [{ kind: 'country', anyOf: ['CA'] }, { kind: 'weight', compare: 'less', oz: 16 }], [{ field: 'box', value: 'Small box' }]);
    const any = rule(2, [], [{ field: 'box', value: 'Large box' }]);
    const outcome = evaluateRules([both, any], canada);
    expect(outcome.rules.map((r) => r.matched)).toEqual([false, true]);
    expect(outcome.fields.box).toMatchObject({ ruleId: 2, action: { value: 'Large box' } });
  });
});

describe('order of rules', () => {
  const rules: Rule[] = [
    rule(7, [{ kind: 'country', anyOf: ['CA'] }], [{ field: 'service', value: { kind: 'named', name: 'USPS Priority Mail International' } }, { field: 'insurance', value: { kind: 'orderTotal' } }]),
    rule(3, [{ kind: 'sku', sku: 'MUG-12' }], [{ field: 'box', value: 'Mug box' }, { field: 'service', value: { kind: 'cheapest' } }]),
    rule(5, [], [{ field: 'box', value: 'Medium box' }, { field: 'signature', value: 'adult_signature' }, { field: 'hold', value: 'Check the glaze' }]),
  ];

  it('takes each field from the first matching rule that sets it, several fields from several rules', () => {
    const outcome = evaluateRules(rules, canada);
    expect(outcomeFields(outcome).map(([field, set]) => [field, set.ruleId])).toEqual([
      ['service', 7],
      ['box', 3],
      ['insurance', 7],
      ['signature', 5],
      ['hold', 5],
    ]);
    expect(outcome.fields.insurance?.insuredUsd).toBe(42);
    expect(outcome.rules.map((r) => [r.id, r.sets, r.shadowed])).toEqual([
      [7, ['service', 'insurance'], []],
      [3, ['box'], ['service']],
      [5, ['signature', 'hold'], ['box']],
    ]);
  });

  it('a rule that does not match sets nothing, and the next one fills the field', () => {
    const outcome = evaluateRules(rules, poBoxHome);
    expect(outcome.rules.map((r) => r.matched)).toEqual([false, false, true]);
    expect(outcome.fields.box?.ruleId).toBe(5);
    expect(outcome.fields.service).toBeUndefined();
  });

  it('insurance by order total is null when the order gives no prices', () => {
    const outcome = evaluateRules([rule(1, [], [{ field: 'insurance', value: { kind: 'orderTotal' } }])], poBoxHome);
    expect(outcome.fields.insurance?.insuredUsd).toBeNull();
    expect(orderTotal(poBoxHome)).toBeUndefined();
  });
});

describe('rules in words', () => {
  it('reads conditions and actions as typed and says them back with words for operators', () => {
    const typed = ['country=ca,mx', 'weight>1.5lb', 'total<=100', 'items>=2', 'zip=100', 'po-box=no', 'residential=yes', 'sku=MUG-12', 'state=QC'];
    const conditions = typed.map((t) => {
      const parsed = parseCondition(t);
      if (!parsed.ok) throw new Error(parsed.message);
      return parsed.value;
    });
    expect(conditions.map(describeCondition)).toEqual([
      'ships to CA or MX',
      'weighs more than 1 lb 8 oz',
      'order total is at most $100.00',
      'has at least 2 items',
      'ZIP or postal code starts with 100',
      'address is not a PO box',
      'address is residential',
      'has SKU MUG-12',
      'state or province is QC',
    ]);
    const actions = ['service=cheapest within 3 days', 'box=Small box', 'insurance=order-total', 'signature=adult', 'saturday=yes', 'hold=Call first', 'verification=skip'].map((t) => {
      const parsed = parseAction(t);
      if (!parsed.ok) throw new Error(parsed.message);
      return parsed.value;
    });
    expect(describeRuleLine(conditions.slice(0, 1), actions)).toBe(
      'when ships to CA or MX then Service: cheapest within 3 days; Box: Small box; Insurance: the order total; Signature: adult signature; Saturday delivery: yes; Hold the order: Call first; Scan to verify: skipped',
    );
  });

  it('refuses what it cannot read, in words', () => {
    expect(parseCondition('colour=red')).toEqual({ ok: false, message: 'A rule cannot test "colour". It can test: country, state, zip, residential, po-box, weight, total, items, sku, store and tag.' });
    expect(parseCondition('country>CA')).toMatchObject({ ok: false, message: 'Use = with country: country>CA compares a country as a number.' });
    expect(parseCondition('weight>heavy')).toMatchObject({ ok: false });
    expect(parseAction('insurance=lots')).toEqual({ ok: false, message: 'Insure for an amount of dollars up to 10,000, or for order-total.' });
    expect(parseAction('colour=red')).toMatchObject({ ok: false });
  });
});
