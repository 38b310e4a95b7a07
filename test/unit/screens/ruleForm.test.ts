import { describe, expect, it } from 'vitest';
import { composeRule, emptyRuleForm, placeOfRefusal, type RuleFormState } from '../../../renderer/src/screens/rules/rule-form';

const form = (patch: Partial<RuleFormState>): RuleFormState => ({ ...emptyRuleForm, name: 'Canada', ...patch });

describe("the Rules screen's form", () => {
  it('reads every filled field as a condition or an action, in the CLI parser\'s terms, and remembers which field each came from', () => {
    const composed = composeRule(
      form({ country: 'ca, mx', weightCompare: 'more', weight: '1.5 lb', store: 'Harbor Pottery', tags: 'gift', service: 'within', serviceDays: '3', box: 'Small box', insurance: 'orderTotal', verification: 'skip' }),
    );
    expect(composed).toEqual({
      ok: true,
      rule: {
        input: {
          name: 'Canada',
          conditions: [
            { kind: 'country', anyOf: ['CA', 'MX'] },
            { kind: 'weight', compare: 'more', oz: 24 },
            { kind: 'store', anyOf: ['Harbor Pottery'] },
            { kind: 'tag', anyOf: ['gift'] },
          ],
          actions: [
            { field: 'service', value: { kind: 'cheapestWithin', days: 3 } },
            { field: 'box', value: 'Small box' },
            { field: 'insurance', value: { kind: 'orderTotal' } },
            { field: 'skipVerification', value: true },
          ],
        },
        origins: { conditions: ['country', 'weight', 'store', 'tags'], actions: ['service', 'box', 'insurance', 'verification'] },
      },
    });
  });

  it('says each mistake at its own field, in operator words', () => {
    expect(composeRule(form({ name: ' ', country: 'Canada', weightCompare: 'less', total: '40', service: 'within', serviceDays: '45', insurance: 'amount' }))).toEqual({
      ok: false,
      errors: {
        name: 'Name the rule, so the Ship screen and History can say which rule set what.',
        country: 'A country is a two-letter code, such as CA or MX.',
        weight: 'Enter the weight to compare with.',
        totalCompare: 'Pick how to compare the order total: more than, at least, less than, at most or exactly.',
        serviceDays: 'Cheapest within a number of days takes 1 to 30 days.',
        insuranceUsd: 'Enter the amount to insure for, in dollars.',
      },
    });
    expect(composeRule(form({ country: 'CA' }))).toEqual({ ok: false, errors: { actions: 'Say what the rule does: set at least one thing under "Then".' } });
  });

  it("puts the station's refusal beside the field it came from", () => {
    const origins = { conditions: ['country', 'store'] as const, actions: ['hold'] as const };
    expect(placeOfRefusal('conditions.1.anyOf.0', origins)).toBe('store');
    expect(placeOfRefusal('actions.0.value', origins)).toBe('hold');
    expect(placeOfRefusal('name', origins)).toBe('name');
    expect(placeOfRefusal(undefined, origins)).toBeUndefined();
  });
});
