import { z } from 'zod';
import type { RuleField, Rule } from '../domain/rules/types';
import { comparisons, ruleSignatures } from '../domain/rules/types';
import { command } from './define';
import { rateRuleSchema } from './shipping';

export type { Action, Condition, Rule, RuleField } from '../domain/rules/types';

const shortText = (what: string, max: number) => z.string({ error: `Enter the ${what}` }).trim().min(1, `Enter the ${what}`).max(max, `The ${what} is at most ${max} characters`);
const anyOf = (what: string, max = 20) => z.array(shortText(what, max)).min(1, `Name at least one ${what}`).max(100, `Name at most 100 of them`).readonly();
const compare = z.enum(comparisons, { error: 'Compare with more than, at least, less than, at most or exactly' });
const amount = (what: string, max: number) => z.number({ error: `Enter the ${what} as a number` }).nonnegative(`The ${what} cannot be negative`).max(max, `The ${what} is more than ${max}; check it`);

export const conditionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('country'), anyOf: z.array(z.string().trim().regex(/^[A-Za-z]{2}$/, 'A country is a two-letter code, such as CA or MX').toUpperCase()).min(1, 'Name at least one country').max(100).readonly() }),
  z.object({ kind: z.literal('state'), anyOf: anyOf('state or province') }),
  z.object({ kind: z.literal('zipPrefix'), anyOf: anyOf('ZIP or postal code start') }),
  z.object({ kind: z.literal('residential'), is: z.boolean() }),
  z.object({ kind: z.literal('poBox'), is: z.boolean() }),
  z.object({ kind: z.literal('weight'), compare, oz: amount('weight', 2400) }),
  z.object({ kind: z.literal('orderTotal'), compare, usd: amount('order total', 1_000_000) }),
  z.object({ kind: z.literal('sku'), sku: shortText('SKU', 80) }),
  z.object({ kind: z.literal('itemCount'), compare, count: z.number().int('Count items in whole units').min(0).max(100_000) }),
  z.object({ kind: z.literal('store'), anyOf: anyOf('store name', 80) }),
  z.object({ kind: z.literal('tag'), anyOf: anyOf('tag', 60) }),
], { error: 'A rule cannot test that' });

const serviceChoice = z.union([rateRuleSchema, z.object({ kind: z.literal('named'), name: shortText('service name', 120) })]);
const insuranceChoice = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('amount'), usd: z.number().positive('Insure for more than zero').max(10_000, 'Insurance can be at most $10,000') }),
  z.object({ kind: z.literal('orderTotal') }),
]);

export const actionSchema = z.discriminatedUnion('field', [
  z.object({ field: z.literal('service'), value: serviceChoice }),
  z.object({ field: z.literal('box'), value: shortText('box preset', 80) }),
  z.object({ field: z.literal('insurance'), value: insuranceChoice }),
  z.object({ field: z.literal('signature'), value: z.enum(ruleSignatures, { error: 'Pick a signature option from the list' }) }),
  z.object({ field: z.literal('saturday'), value: z.boolean() }),
  z.object({ field: z.literal('hold'), value: shortText('note for the hold', 200) }),
  z.object({ field: z.literal('skipVerification'), value: z.boolean() }),
], { error: 'A rule cannot set that' });

export const ruleInputSchema = z.object({
  name: shortText('rule name', 80),
  conditions: z.array(conditionSchema).max(20, 'A rule has at most 20 conditions').readonly(),
  actions: z.array(actionSchema).min(1, 'Say what the rule does').max(10, 'A rule has at most 10 actions').readonly(),
});

/** A rule as `rules test` reports it: whether it matched, each condition, what it set. */
export interface RuleTestVerdict {
  readonly id: number;
  readonly name: string;
  readonly matched: boolean;
  readonly conditions: ReadonlyArray<{ readonly words: string; readonly met: boolean; readonly unknown?: string }>;
  readonly sets: readonly RuleField[];
  readonly shadowed: readonly RuleField[];
}

/** One field an order's rules set: the value in words and the rule that set it. */
export interface RuleTestField {
  readonly field: RuleField;
  readonly label: string;
  readonly value: string;
  readonly ruleId: number;
  readonly ruleName: string;
}

export interface RuleTest {
  readonly orderNumber: string;
  readonly rules: readonly RuleTestVerdict[];
  readonly fields: readonly RuleTestField[];
}

/** Automation rules: tried in order; the first that matches sets each field. */
export const ruleCommands = {
  'rules.list': command<readonly Rule[]>()('The automation rules, in the order they are tried', z.object({})),
  'rules.add': command<Rule>()('Add a rule after the others', ruleInputSchema),
  'rules.remove': command<Rule>()('Remove a rule by its number', z.object({ id: z.number({ error: 'Name the rule by its number' }).int().positive('Name the rule by its number') })),
  'rules.move': command<readonly Rule[]>()(
    'Move a rule to just before another, or last; returns the rules in their new order',
    z.object({ id: z.number({ error: 'Name the rule by its number' }).int().positive('Name the rule by its number'), before: z.number().int().positive('Name the rule by its number').nullable() }),
  ),
  'rules.test': command<RuleTest>()(
    'What each rule does for an order, without buying',
    z.object({ orderNumber: shortText('order number', 80) }),
  ),
} as const;
