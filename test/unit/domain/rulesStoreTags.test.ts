import { describe, expect, it } from 'vitest';
import { conditionSchema } from '../../../shared/contract/rules';
import { importOrderFile } from '../../../shared/domain/orderImport';
import { evaluateRules } from '../../../shared/domain/rules/evaluate';
import { parseCondition } from '../../../shared/domain/rules/parse';
import type { Condition, Rule, RuleOrder } from '../../../shared/domain/rules/types';
import { describeCondition } from '../../../shared/domain/rules/words';

const tagged: RuleOrder = {
  recipient: { street: '12 Elm St', state: 'MA', zip: '02139', country: 'US' },
  weightOz: 12,
  items: [{ sku: 'MUG-12', name: 'Mug', quantity: 1 }],
  store: 'Main  Shop',
  tags: ['Gift', 'wholesale'],
};
const untold: RuleOrder = { ...tagged, store: undefined, tags: undefined };

const rule = (conditions: Condition[]): Rule => ({ id: 1, name: 'Rule 1', conditions, actions: [{ field: 'saturday', value: true }] });
const verdict = (condition: Condition, order: RuleOrder) => evaluateRules([rule([condition])], order).rules[0];

describe('store and tag conditions', () => {
  it.each<[string, Condition, RuleOrder, boolean]>([
    ['store, any of, without case or doubled spaces', { kind: 'store', anyOf: ['Etsy', 'main shop'] }, tagged, true],
    ['store, another one', { kind: 'store', anyOf: ['Etsy'] }, tagged, false],
    ['tag present, any case', { kind: 'tag', anyOf: ['gift'] }, tagged, true],
    ['one of several tags present', { kind: 'tag', anyOf: ['fragile', 'WHOLESALE'] }, tagged, true],
    ['tag absent', { kind: 'tag', anyOf: ['fragile'] }, tagged, false],
    ['an order without tags has none', { kind: 'tag', anyOf: ['gift'] }, untold, false],
  ])('%s', (_, condition, order, expected) => {
    expect(verdict(condition, order)?.matched).toBe(expected);
  });

  it('says why a store condition cannot be read from an order whose file named no store', () => {
    expect(verdict({ kind: 'store', anyOf: ['Etsy'] }, untold)?.conditions).toEqual([
      { words: 'store is Etsy', met: false, unknown: 'the order does not name its store (its file had no store column)' },
    ]);
  });

  it('reads store= and tag= as typed, keeping the spelling, and says them in words', () => {
    const store = parseCondition('store=Main Shop, Etsy');
    const tag = parseCondition('tag=gift,Fragile');
    expect(store).toEqual({ ok: true, value: { kind: 'store', anyOf: ['Main Shop', 'Etsy'] } });
    expect(tag).toEqual({ ok: true, value: { kind: 'tag', anyOf: ['gift', 'Fragile'] } });
    if (!store.ok || !tag.ok) return;
    expect([describeCondition(store.value), describeCondition(tag.value)]).toEqual(['store is Main Shop or Etsy', 'tagged gift or Fragile']);
    expect(parseCondition('tag>2')).toEqual({ ok: false, message: 'Use = with tag: tag>2 compares a tag as a number.' });
  });

  it('the contract refuses an empty store list in words', () => {
    const parsed = conditionSchema.safeParse({ kind: 'store', anyOf: [] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('Name at least one store name');
  });
});

describe('store and tags from a mapped file', () => {
  it('a mapping names the store and tags columns; tags split on commas or semicolons, each once', () => {
    const csv = ['Ref,Who,Addr,Town,St,Zip,Ctry,Shop,Labels', 'R-1,Ann Lee,1457 Sunset Blvd,Los Angeles,CA,90026,US,Corner Shop,gift; Gift;fragile'].join('\n');
    const mapping = {
      name: 'corner',
      header: [],
      columns: { order_number: 'Ref', recipient_name: 'Who', street: 'Addr', city: 'Town', state: 'St', zip_code: 'Zip', country: 'Ctry', store: 'Shop', tags: 'Labels' },
    };
    const read = importOrderFile(csv, { mapping, originCountry: 'US' });
    expect(read.refused).toEqual([]);
    expect(read.orders[0]?.order).toMatchObject({ orderNumber: 'R-1', store: 'Corner Shop', tags: ['gift', 'fragile'] });
  });
});
