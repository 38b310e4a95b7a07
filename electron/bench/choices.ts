import type { BenchOptions, BenchState } from '../../shared/contract/bench';
import type { BenchChoice } from '../../shared/contract/benchChecks';
import type { PackagePreset, Rate } from '../../shared/contract/shippingTypes';
import { isContentRestricted, pickRate } from '../../shared/domain/rateRule';
import { insuredWords, outcomeFields, type RulesOutcome } from '../../shared/domain/rules/evaluate';
import type { ServiceChoice } from '../../shared/domain/rules/types';
import { describeValue, fieldWords, formatDollars } from '../../shared/domain/rules/words';
import { noOptions } from './benchState';
import { readInsurance } from './fields';
import { verifyDecision } from './verify';

/**
 * The automation rules applied to the package on the bench: what the first
 * matching rule set per field, as the machine starts the package with it, and
 * each choice in words for the screen and for History.
 */
export interface AppliedRules {
  readonly service: { readonly choice: ServiceChoice; readonly ruleName: string } | null;
  /** The rule's box preset, found among the station's presets. */
  readonly preset: PackagePreset | null;
  /** The options a package starts with: signature, Saturday delivery and insurance as the rules set them. */
  readonly options: BenchOptions;
  readonly hold: string | null;
  readonly verify: { readonly skip: boolean; readonly ruleName: string } | null;
  readonly choices: readonly BenchChoice[];
}

const amountText = (usd: number): string => (Math.round(usd * 100) / 100).toFixed(2);

/** The rules' outcome for an order as the bench starts a package with it; null when no rule set anything. */
export function applyRules(outcome: RulesOutcome, presets: readonly PackagePreset[]): AppliedRules | null {
  const set = outcomeFields(outcome);
  if (set.length === 0) return null;
  let service: AppliedRules['service'] = null;
  let preset: PackagePreset | null = null;
  let options = noOptions;
  let hold: string | null = null;
  let verify: AppliedRules['verify'] = null;
  const choices: BenchChoice[] = [];
  for (const [field, { action, ruleName, insuredUsd }] of set) {
    let value = insuredWords({ action, ruleId: 0, ruleName, ...(insuredUsd === undefined ? {} : { insuredUsd }) }) ?? describeValue(action);
    if (action.field === 'service') service = { choice: action.value, ruleName };
    else if (action.field === 'box') {
      preset = presets.find((p) => p.name.trim().toLowerCase() === action.value.trim().toLowerCase()) ?? null;
      if (!preset) value = `${action.value} (no preset has that name now, so the usual box is used)`;
    } else if (action.field === 'insurance') {
      const usd = action.value.kind === 'amount' ? action.value.usd : insuredUsd;
      if (usd) {
        const read = readInsurance(amountText(usd));
        options = { ...options, insuranceText: amountText(usd), insuranceAmount: read.value, insuranceError: read.error };
      }
    } else if (action.field === 'signature') options = { ...options, signature: action.value };
    else if (action.field === 'saturday') options = { ...options, saturday: action.value };
    else if (action.field === 'hold') hold = action.value;
    else verify = { skip: action.value, ruleName };
    choices.push({ field, label: fieldWords[field], value, ruleName, changedTo: null });
  }
  return { service, preset, options, hold, verify, choices };
}

/** What a package starts with from the rules (nothing when none applied); the rule's box wins over the order's own size. */
export function rulesView(applied: AppliedRules | null): Partial<BenchState> {
  const box = applied?.preset;
  const dims = box ? { lengthIn: box.lengthIn, widthIn: box.widthIn, heightIn: box.heightIn, ...(box.packageCode ? { packageCode: box.packageCode } : {}) } : null;
  return { options: applied?.options ?? noOptions, choices: applied?.choices ?? [], hold: applied?.hold ?? null, ...(box && dims ? { presetName: box.name, dims } : {}) };
}

const norm = (text: string): string => text.trim().toLowerCase().replace(/[\s_]+/g, ' ');

/** The rate a rule's service names: by the station's rate rules, or by the service's name or level; null when the quote offers none. */
export function rulePick(rates: readonly Rate[], service: AppliedRules['service']): number | null {
  if (!service) return null;
  const { choice } = service;
  if (choice.kind !== 'named') return pickRate(rates, choice);
  const index = rates.findIndex((r) => !isContentRestricted(r) && (norm(r.serviceName) === norm(choice.name) || norm(r.serviceLevel) === norm(choice.name)));
  return index >= 0 ? index : null;
}

/** The words of the value the operator gave a field a rule set; undefined for a field no rule set or that did not change. */
export function operatorValue(view: BenchState, field: BenchChoice['field']): string | undefined {
  if (field === 'box') return view.presetName ?? "the order's own size";
  if (field === 'signature') return view.options.signature ? describeValue({ field: 'signature', value: view.options.signature }) : 'none';
  if (field === 'saturday') return view.options.saturday ? 'yes' : 'no';
  if (field === 'insurance') return view.options.insuranceAmount ? formatDollars(view.options.insuranceAmount) : 'none';
  if (field === 'service') {
    const rate = view.rates.quote && view.rates.picked !== null ? view.rates.quote.rates[view.rates.picked] : undefined;
    return rate?.serviceName;
  }
  return undefined;
}

/** The choice of a field marked as the operator's change (or back to the rule's, when it is the rule's value again). */
export function noteChange(choices: readonly BenchChoice[], field: BenchChoice['field'], words: string | undefined): readonly BenchChoice[] {
  if (words === undefined || !choices.some((c) => c.field === field)) return choices;
  return choices.map((c) => (c.field === field ? { ...c, changedTo: norm(words) === norm(c.value) ? null : words } : c));
}

const MAX_LINE = 200;
const MAX_LINES = 12;

/** How this package was chosen, one line each for History: every rule's choice, the operator's changes, and the items check. */
export function decisionsOf(view: BenchState): string[] {
  const picked = operatorValue(view, 'service');
  const verified = verifyDecision(view.verify);
  // A rule's skip is told once, by the check's own line.
  const lines = view.choices.filter((c) => !(c.field === 'skipVerification' && verified)).map((c) => {
    const rule = `rule "${c.ruleName}"`;
    if (c.changedTo !== null) return `${c.label}: ${c.changedTo}, changed by the operator (${rule} set ${c.value}).`;
    if (c.field === 'service' && picked && norm(picked) !== norm(c.value)) return `${c.label}: ${picked}, set by ${rule} (${c.value}).`;
    return `${c.label}: ${c.value}, set by ${rule}.`;
  });
  if (verified) lines.push(verified);
  return lines.slice(0, MAX_LINES).map((line) => (line.length > MAX_LINE ? `${line.slice(0, MAX_LINE - 1)}…` : line));
}
