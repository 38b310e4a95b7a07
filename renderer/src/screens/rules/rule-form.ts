import type { Action, Condition } from '../../../../shared/contract/rules';
import type { RuleInput } from '../../../../shared/domain/rules/types';
import type { Comparison, RuleSignature } from '../../../../shared/domain/rules/types';
import { parseAction, parseCondition } from '../../../../shared/domain/rules/parse';

type YesNo = '' | 'yes' | 'no';

/** The Rules screen's form as typed: an empty field tests or sets nothing. */
export interface RuleFormState {
  readonly name: string;
  readonly country: string;
  readonly state: string;
  readonly zip: string;
  readonly residential: YesNo;
  readonly poBox: YesNo;
  readonly weightCompare: '' | Comparison;
  readonly weight: string;
  readonly totalCompare: '' | Comparison;
  readonly total: string;
  readonly sku: string;
  readonly itemsCompare: '' | Comparison;
  readonly items: string;
  readonly store: string;
  readonly tags: string;
  readonly service: '' | 'cheapest' | 'fastest' | 'within' | 'named';
  readonly serviceDays: string;
  readonly serviceName: string;
  readonly box: string;
  readonly insurance: '' | 'amount' | 'orderTotal';
  readonly insuranceUsd: string;
  readonly signature: '' | RuleSignature;
  readonly saturday: YesNo;
  readonly hold: string;
  readonly verification: '' | 'skip' | 'required';
}

export type FormField = keyof RuleFormState;
/** Where an error shows: a field, or the "Then" group when the rule sets nothing. */
export type ErrorPlace = FormField | 'actions';
export type FormErrors = Partial<Record<ErrorPlace, string>>;

export const emptyRuleForm: RuleFormState = {
  name: '', country: '', state: '', zip: '', residential: '', poBox: '', weightCompare: '', weight: '', totalCompare: '', total: '', sku: '',
  itemsCompare: '', items: '', store: '', tags: '', service: '', serviceDays: '', serviceName: '', box: '', insurance: '', insuranceUsd: '',
  signature: '', saturday: '', hold: '', verification: '',
};

const symbols: Record<Comparison, string> = { more: '>', atLeast: '>=', less: '<', atMost: '<=', equal: '=' };

export interface ComposedRule {
  readonly input: RuleInput;
  /** The form field each condition and action came from, so the station's refusal shows beside it. */
  readonly origins: { readonly conditions: readonly FormField[]; readonly actions: readonly FormField[] };
}

/**
 * The rule the form describes, read through the CLI's own parser (the same
 * words for the same mistakes), or per field what is wrong.
 */
export function composeRule(f: RuleFormState): { readonly ok: true; readonly rule: ComposedRule } | { readonly ok: false; readonly errors: FormErrors } {
  const errors: FormErrors = {};
  const conditions: Condition[] = [];
  const conditionOrigins: FormField[] = [];
  const actions: Action[] = [];
  const actionOrigins: FormField[] = [];
  const when = (field: FormField, text: string) => {
    const parsed = parseCondition(text);
    if (!parsed.ok) errors[field] = parsed.message;
    else {
      conditions.push(parsed.value);
      conditionOrigins.push(field);
    }
  };
  const then = (field: FormField, action: Action | string) => {
    const parsed = typeof action === 'string' ? parseAction(action) : { ok: true as const, value: action };
    if (!parsed.ok) errors[field] = parsed.message;
    else {
      actions.push(parsed.value);
      actionOrigins.push(field);
    }
  };
  const compared = (compareField: FormField, compare: '' | Comparison, field: FormField, value: string, key: string, what: string) => {
    const typed = value.trim();
    if (compare === '' && typed === '') return;
    if (compare === '') errors[compareField] = `Pick how to compare the ${what}: more than, at least, less than, at most or exactly.`;
    else if (typed === '') errors[field] = `Enter the ${what} to compare with.`;
    else when(field, `${key}${symbols[compare]}${typed}`);
  };

  if (f.name.trim() === '') errors.name = 'Name the rule, so the Ship screen and History can say which rule set what.';
  if (f.country.trim() !== '') when('country', `country=${f.country}`);
  if (f.state.trim() !== '') when('state', `state=${f.state}`);
  if (f.zip.trim() !== '') when('zip', `zip=${f.zip}`);
  if (f.residential !== '') when('residential', `residential=${f.residential}`);
  if (f.poBox !== '') when('poBox', `po-box=${f.poBox}`);
  compared('weightCompare', f.weightCompare, 'weight', f.weight, 'weight', 'weight');
  compared('totalCompare', f.totalCompare, 'total', f.total, 'total', 'order total');
  if (f.sku.trim() !== '') when('sku', `sku=${f.sku.trim()}`);
  compared('itemsCompare', f.itemsCompare, 'items', f.items, 'items', 'number of items');
  if (f.store.trim() !== '') when('store', `store=${f.store}`);
  if (f.tags.trim() !== '') when('tags', `tag=${f.tags}`);

  if (f.service === 'cheapest' || f.service === 'fastest') then('service', { field: 'service', value: { kind: f.service } });
  if (f.service === 'within') {
    const days = Number(f.serviceDays.trim());
    if (f.serviceDays.trim() === '' || !Number.isInteger(days) || days < 1 || days > 30) errors.serviceDays = 'Cheapest within a number of days takes 1 to 30 days.';
    else then('service', { field: 'service', value: { kind: 'cheapestWithin', days } });
  }
  if (f.service === 'named') {
    if (f.serviceName.trim() === '') errors.serviceName = 'Enter the service name as the rates list it, such as USPS Priority Mail.';
    else then('service', { field: 'service', value: { kind: 'named', name: f.serviceName.trim() } });
  }
  if (f.box !== '') then('box', { field: 'box', value: f.box });
  if (f.insurance === 'orderTotal') then('insurance', { field: 'insurance', value: { kind: 'orderTotal' } });
  if (f.insurance === 'amount') {
    if (f.insuranceUsd.trim() === '') errors.insuranceUsd = 'Enter the amount to insure for, in dollars.';
    else then('insuranceUsd', `insurance=${f.insuranceUsd.trim()}`);
  }
  if (f.signature !== '') then('signature', { field: 'signature', value: f.signature });
  if (f.saturday !== '') then('saturday', { field: 'saturday', value: f.saturday === 'yes' });
  if (f.hold.trim() !== '') then('hold', { field: 'hold', value: f.hold.trim() });
  if (f.verification !== '') then('verification', { field: 'skipVerification', value: f.verification === 'skip' });
  if (actions.length === 0 && Object.keys(errors).every((k) => k === 'name')) errors.actions = 'Say what the rule does: set at least one thing under "Then".';

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, rule: { input: { name: f.name.trim(), conditions, actions }, origins: { conditions: conditionOrigins, actions: actionOrigins } } };
}

/** The form field a refusal from the station names (its `field`, such as conditions.2.anyOf.0), when it names one. */
export function placeOfRefusal(field: string | undefined, origins: ComposedRule['origins']): ErrorPlace | undefined {
  if (!field) return undefined;
  if (field === 'name') return 'name';
  const match = /^(conditions|actions)\.(\d+)/.exec(field);
  if (!match) return undefined;
  return origins[match[1] as 'conditions' | 'actions'][Number(match[2])];
}

/** The first field with an error, in the order the form shows them: the cursor goes there. */
export const formOrder: readonly ErrorPlace[] = [
  'name', 'country', 'state', 'zip', 'residential', 'poBox', 'weightCompare', 'weight', 'totalCompare', 'total', 'sku', 'itemsCompare', 'items', 'store', 'tags',
  'actions', 'service', 'serviceDays', 'serviceName', 'box', 'insurance', 'insuranceUsd', 'signature', 'saturday', 'hold', 'verification',
];
