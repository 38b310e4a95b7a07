import { describeRule } from '../rateRule';
import { formatOunces } from '../units';
import type { Action, Comparison, Condition, RuleField } from './types';

const comparisonWords: Record<Comparison, string> = { more: 'more than', atLeast: 'at least', less: 'less than', atMost: 'at most', equal: 'exactly' };
const list = (values: readonly string[]): string => values.join(' or ');
const yesNo = (is: boolean, what: string): string => (is ? what : `not ${what}`);
const dollars = (usd: number): string => `$${usd.toFixed(2)}`;

export const comparisonWord = (compare: Comparison): string => comparisonWords[compare];

/** A condition as the operator reads it: "ships to CA or MX", "weighs more than 1 lb". */
export function describeCondition(c: Condition): string {
  switch (c.kind) {
    case 'country':
      return `ships to ${list(c.anyOf)}`;
    case 'state':
      return `state or province is ${list(c.anyOf)}`;
    case 'zipPrefix':
      return `ZIP or postal code starts with ${list(c.anyOf)}`;
    case 'residential':
      return `address is ${yesNo(c.is, 'residential')}`;
    case 'poBox':
      return `address is ${yesNo(c.is, 'a PO box')}`;
    case 'weight':
      return `weighs ${comparisonWords[c.compare]} ${formatOunces(c.oz)}`;
    case 'orderTotal':
      return `order total is ${comparisonWords[c.compare]} ${dollars(c.usd)}`;
    case 'sku':
      return `has SKU ${c.sku}`;
    case 'itemCount':
      return `has ${comparisonWords[c.compare]} ${c.count} item${c.count === 1 ? '' : 's'}`;
    case 'store':
      return `store is ${list(c.anyOf)}`;
    case 'tag':
      return `tagged ${list(c.anyOf)}`;
  }
}

const signatureWords: Record<string, string> = {
  signature: 'signature',
  adult_signature: 'adult signature',
  usps_signature_restricted: 'USPS restricted signature',
  usps_adult_signature_restricted: 'USPS restricted adult signature',
};

export const fieldWords: Record<RuleField, string> = {
  service: 'Service',
  box: 'Box',
  insurance: 'Insurance',
  signature: 'Signature',
  saturday: 'Saturday delivery',
  hold: 'Hold the order',
  skipVerification: 'Scan to verify',
};

/** What an action sets, without its field's name: "cheapest", "Small box", "the order total". */
export function describeValue(a: Action): string {
  switch (a.field) {
    case 'service':
      return a.value.kind === 'named' ? a.value.name : describeRule(a.value);
    case 'box':
      return a.value;
    case 'insurance':
      return a.value.kind === 'amount' ? dollars(a.value.usd) : 'the order total';
    case 'signature':
      return signatureWords[a.value] ?? a.value;
    case 'saturday':
      return a.value ? 'yes' : 'no';
    case 'hold':
      return a.value;
    case 'skipVerification':
      return a.value ? 'skipped' : 'required';
  }
}

/** "Service: cheapest", "Insurance: the order total". */
export const describeAction = (a: Action): string => `${fieldWords[a.field]}: ${describeValue(a)}`;

/** One rule on one line: "when ships to CA and weighs more than 1 lb then Service: ...; Box: ...". */
export function describeRuleLine(conditions: readonly Condition[], actions: readonly Action[]): string {
  const when = conditions.length === 0 ? 'any order' : conditions.map(describeCondition).join(' and ');
  return `when ${when} then ${actions.map(describeAction).join('; ')}`;
}

export const formatDollars = dollars;
