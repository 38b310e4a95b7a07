import { parseArgs } from 'node:util';
import type { Rule, RuleTest } from '../../shared/contract/rules';
import { actionHelp, conditionHelp, parseAction, parseCondition, type Parsed } from '../../shared/domain/rules/parse';
import { namedRule, testedOrderWords } from '../../shared/domain/rules/testWords';
import { describeAction, describeCondition, fieldWords } from '../../shared/domain/rules/words';
import { stationOptions, stationOptionsUsage, withHeadlessStation } from './headless';
import { CliUsageError, type CliCommand, type CliIo } from './command';

/** A rule as `rules list|add|remove --json` print it: its number, and its conditions and actions in words. */
const listed = (r: Rule) => ({ number: r.id, name: r.name, when: r.conditions.map(describeCondition), then: r.actions.map(describeAction) });

function ruleLine(r: Rule): string {
  const when = r.conditions.length === 0 ? 'any order' : r.conditions.map(describeCondition).join(' and ');
  return `${String(r.id).padStart(3)}  ${r.name}: when ${when} then ${r.actions.map(describeAction).join('; ')}`;
}

const named = namedRule;

/** `rules test --json`: per field the value and the rule that set it, then every rule with what it did. */
const testJson = (t: RuleTest) => ({
  order_number: t.orderNumber,
  fields: Object.fromEntries(t.fields.map((f) => [f.field, { label: f.label, value: f.value, rule: f.ruleId, rule_name: f.ruleName }])),
  rules: t.rules.map((r) => ({
    number: r.id,
    name: r.name,
    matched: r.matched,
    conditions: r.conditions.map((c) => ({ condition: c.words, met: c.met, ...(c.unknown ? { why: c.unknown } : {}) })),
    sets: r.sets.map((f) => fieldWords[f]),
    already_set: r.shadowed.map((f) => fieldWords[f]),
  })),
});

function printTest(t: RuleTest, io: CliIo): void {
  const words = testedOrderWords(t);
  io.out(words.heading);
  for (const line of words.rules) io.out(`  ${line}`);
  for (const line of words.fields) io.out(line);
}

function ruleNumber(text: string | undefined): number {
  const id = Number(text);
  if (!text || !Number.isInteger(id) || id <= 0) throw new CliUsageError('Name the rule by its number, as rules list shows it.');
  return id;
}

function each<T>(texts: readonly string[], parse: (text: string) => Parsed<T>): T[] {
  return texts.map((text) => {
    const parsed = parse(text);
    if (!parsed.ok) throw new CliUsageError(parsed.message);
    return parsed.value;
  });
}

export const rulesCommand: CliCommand = {
  name: 'rules',
  summary: 'Automation rules: when an order is like this, set its service, box, insurance...',
  usage: [
    'Usage:',
    '  parcel-station rules list [--json] [options]',
    '  parcel-station rules add NAME [--when CONDITION]... --then ACTION [--then ACTION]... [--json] [options]',
    '  parcel-station rules remove NUMBER [--json] [options]',
    '  parcel-station rules move NUMBER (--before NUMBER | --last) [--json] [options]',
    '  parcel-station rules test --order ORDER_NUMBER [--json] [options]',
    '',
    'Rules are tried in their order (a new one goes last; rules move changes it). A rule matches when all',
    'its conditions hold (with no --when it matches every order); each field takes the value of the first',
    'matching rule that sets it.',
    'rules test shows, for one order from the inbox, which rules match and what each field is set to, by',
    'which rule, without buying anything.',
    '',
    'Conditions:',
    ...conditionHelp.map((line) => `  ${line}`),
    'Actions:',
    ...actionHelp.map((line) => `  ${line}`),
    '',
    ...stationOptionsUsage,
  ].join('\n'),
  async run(argv, io) {
    const { values, positionals } = parseArgs({
      args: [...argv],
      options: {
        ...stationOptions,
        json: { type: 'boolean', default: false },
        when: { type: 'string', multiple: true },
        then: { type: 'string', multiple: true },
        order: { type: 'string' },
        before: { type: 'string' },
        last: { type: 'boolean', default: false },
      },
      allowPositionals: true,
      strict: true,
    });
    const [action, arg] = positionals;
    if (action === 'add') {
      if (!arg) throw new CliUsageError('Name the rule: rules add NAME --when ... --then ...');
      const conditions = each(values.when ?? [], parseCondition);
      const actions = each(values.then ?? [], parseAction);
      if (actions.length === 0) throw new CliUsageError('Say what the rule does with at least one --then.');
      return withHeadlessStation(values, async (headless) => {
        const rule = await headless.call('rules.add', { name: arg, conditions, actions });
        io.out(values.json ? JSON.stringify(listed(rule)) : `Added ${named(rule.id, rule.name)}, tried after the others.`);
        return 0;
      });
    }
    if (action === 'remove') {
      const id = ruleNumber(arg);
      return withHeadlessStation(values, async (headless) => {
        const rule = await headless.call('rules.remove', { id });
        io.out(values.json ? JSON.stringify(listed(rule)) : `Removed ${named(rule.id, rule.name)}.`);
        return 0;
      });
    }
    if (action === 'move') {
      const id = ruleNumber(arg);
      if (values.last === (values.before !== undefined)) throw new CliUsageError('Say where the rule goes: --before NUMBER or --last.');
      const before = values.before === undefined ? null : ruleNumber(values.before);
      return withHeadlessStation(values, async (headless) => {
        const rules = await headless.call('rules.move', { id, before });
        if (values.json) io.out(JSON.stringify(rules.map(listed)));
        else for (const r of rules) io.out(ruleLine(r));
        return 0;
      });
    }
    if (action === 'test') {
      const orderNumber = values.order ?? arg;
      if (!orderNumber) throw new CliUsageError('Name the order: rules test --order ORDER_NUMBER');
      return withHeadlessStation(values, async (headless) => {
        const tested = await headless.call('rules.test', { orderNumber });
        if (values.json) io.out(JSON.stringify(testJson(tested)));
        else printTest(tested, io);
        return 0;
      });
    }
    if (action !== 'list') throw new CliUsageError('Say what to do: list, add, remove, move or test.');
    return withHeadlessStation(values, async (headless) => {
      const rules = await headless.call('rules.list', {});
      if (values.json) io.out(JSON.stringify(rules.map(listed)));
      else if (rules.length === 0) io.out('There are no rules. Add one with rules add NAME --when ... --then ...');
      else for (const r of rules) io.out(ruleLine(r));
      return 0;
    });
  },
};
