import { parseTypedWeight } from '../units';
import { ruleSignatures, type Action, type Comparison, type Condition, type RuleSignature } from './types';

export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };
const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const no = <T>(message: string): Parsed<T> => ({ ok: false, message });

const operators: ReadonlyArray<[string, Comparison]> = [['>=', 'atLeast'], ['<=', 'atMost'], ['>', 'more'], ['<', 'less'], ['=', 'equal']];
const splitList = (text: string): string[] => text.split(',').map((v) => v.trim()).filter((v) => v !== '');

/** "weight>1lb" -> ["weight", "more", "1lb"]; the first operator found, longest first. */
function split(text: string): [string, Comparison, string] | undefined {
  const at = text.search(/[<>=]/);
  if (at <= 0) return undefined;
  const rest = text.slice(at);
  const op = operators.find(([symbol]) => rest.startsWith(symbol));
  if (!op) return undefined;
  return [text.slice(0, at).trim().toLowerCase(), op[1], rest.slice(op[0].length).trim()];
}

function yesOrNo(text: string): boolean | undefined {
  const t = text.trim().toLowerCase();
  if (['yes', 'y', 'true', 'on'].includes(t)) return true;
  if (['no', 'n', 'false', 'off'].includes(t)) return false;
  return undefined;
}

const listKinds = { country: 'country', state: 'state', zip: 'zipPrefix', store: 'store', tag: 'tag', tags: 'tag' } as const;
/** Store names and tags keep the operator's spelling; codes are upper case. */
const keepsCase: ReadonlySet<string> = new Set(['store', 'tag', 'tags']);

export const conditionHelp = [
  'country=CA,MX   state=NY,NJ   zip=100,112 (starts with)   residential=yes|no   po-box=yes|no',
  'weight>1lb (also >=, <, <=, =; a bare number is ounces)   total>=100 (dollars)   items>2 (units)   sku=MUG-12',
  'store="Main shop",Etsy   tag=gift,fragile (any of them)',
];

/** One `--when` as the operator typed it. */
export function parseCondition(text: string): Parsed<Condition> {
  const parts = split(text);
  if (!parts) return no(`"${text}" is not a condition. Write it like ${conditionHelp[0]}`);
  const [field, compare, value] = parts;
  if (value === '') return no(`"${text}" has nothing after the ${field}.`);
  const equalOnly = (): Parsed<never> | undefined => (compare === 'equal' ? undefined : no(`Use = with ${field}: ${text} compares a ${field} as a number.`));
  if (field in listKinds) {
    const refused = equalOnly();
    if (refused) return refused;
    const anyOf = splitList(value).map((v) => (keepsCase.has(field) ? v : v.toUpperCase()));
    if (field === 'country' && anyOf.some((v) => !/^[A-Z]{2}$/.test(v))) return no('A country is a two-letter code, such as CA or MX.');
    return ok({ kind: listKinds[field as keyof typeof listKinds], anyOf });
  }
  if (field === 'residential' || field === 'po-box' || field === 'pobox') {
    const refused = equalOnly();
    if (refused) return refused;
    const is = yesOrNo(value);
    if (is === undefined) return no(`Say ${field}=yes or ${field}=no.`);
    return ok(field === 'residential' ? { kind: 'residential', is } : { kind: 'poBox', is });
  }
  if (field === 'sku') return equalOnly() ?? ok({ kind: 'sku', sku: value });
  if (field === 'weight') {
    const oz = parseTypedWeight(value);
    if (oz === undefined) return no(`"${value}" is not a weight; write 12 oz, 1.5 lb or 500 g.`);
    return ok({ kind: 'weight', compare, oz });
  }
  if (field === 'total') {
    const usd = Number(value.replace(/^\$/, ''));
    if (!Number.isFinite(usd) || usd < 0) return no(`"${value}" is not an amount of dollars.`);
    return ok({ kind: 'orderTotal', compare, usd });
  }
  if (field === 'items') {
    const count = Number(value);
    if (!Number.isInteger(count) || count < 0) return no(`"${value}" is not a number of items.`);
    return ok({ kind: 'itemCount', compare, count });
  }
  return no(`A rule cannot test "${field}". It can test: country, state, zip, residential, po-box, weight, total, items, sku, store and tag.`);
}

export const actionHelp = [
  'service=cheapest|fastest|"cheapest within 3 days"|"USPS Priority Mail"   box="Small box"   insurance=100|order-total',
  'signature=signature|adult|usps-restricted|usps-adult-restricted   saturday=yes   hold="Call the customer"   verification=skip',
];

const signatureNames: Record<string, RuleSignature> = {
  signature: 'signature',
  adult: 'adult_signature',
  'adult-signature': 'adult_signature',
  'usps-restricted': 'usps_signature_restricted',
  'usps-adult-restricted': 'usps_adult_signature_restricted',
};

/** One `--then` as the operator typed it. */
export function parseAction(text: string): Parsed<Action> {
  const at = text.indexOf('=');
  if (at <= 0) return no(`"${text}" is not an action. Write it like ${actionHelp[0]}`);
  const field = text.slice(0, at).trim().toLowerCase();
  const value = text.slice(at + 1).trim();
  if (value === '') return no(`"${text}" has nothing after the =.`);
  switch (field) {
    case 'service': {
      const words = value.toLowerCase().replace(/[-_]/g, ' ').replace(/\s+/g, ' ');
      if (words === 'cheapest' || words === 'fastest') return ok({ field: 'service', value: { kind: words } });
      const within = /^cheapest within (\d+) days?$/.exec(words);
      if (within) {
        const days = Number(within[1]);
        if (days < 1 || days > 30) return no('Cheapest within a number of days takes 1 to 30 days.');
        return ok({ field: 'service', value: { kind: 'cheapestWithin', days } });
      }
      return ok({ field: 'service', value: { kind: 'named', name: value } });
    }
    case 'box':
      return ok({ field: 'box', value });
    case 'insurance': {
      if (/^order[- ]?total$/i.test(value)) return ok({ field: 'insurance', value: { kind: 'orderTotal' } });
      const usd = Number(value.replace(/^\$/, ''));
      if (!Number.isFinite(usd) || usd <= 0 || usd > 10_000) return no('Insure for an amount of dollars up to 10,000, or for order-total.');
      return ok({ field: 'insurance', value: { kind: 'amount', usd } });
    }
    case 'signature': {
      const signature = signatureNames[value.toLowerCase().replace(/[_ ]/g, '-')] ?? ruleSignatures.find((s) => s === value);
      if (!signature) return no(`Ask for a signature as one of: ${Object.keys(signatureNames).join(', ')}.`);
      return ok({ field: 'signature', value: signature });
    }
    case 'saturday': {
      const on = yesOrNo(value);
      return on === undefined ? no('Say saturday=yes or saturday=no.') : ok({ field: 'saturday', value: on });
    }
    case 'hold':
      return ok({ field: 'hold', value });
    case 'verification': {
      const v = value.toLowerCase();
      if (v === 'skip') return ok({ field: 'skipVerification', value: true });
      if (v === 'required' || v === 'scan') return ok({ field: 'skipVerification', value: false });
      return no('Say verification=skip or verification=required.');
    }
    default:
      return no(`A rule cannot set "${field}". It can set: service, box, insurance, signature, saturday, hold and verification.`);
  }
}
