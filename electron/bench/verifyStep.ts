import type { BenchState } from '../../shared/contract/bench';
import type { BenchChoice, BenchVerify } from '../../shared/contract/benchChecks';
import { noteChange, operatorValue, rulePick, rulesView, type AppliedRules } from './choices';
import { patch, type ShipMachine, type Step } from './shipFlow';
import { countScan, countTyped, refuseScan, skipVerify, verifyOff } from './verify';

/**
 * The bench machine's part for scan to verify and the automation rules: the
 * events of the items check and of the hold, and the operator's changes to
 * what a rule set. shipMachine.ts sends these here.
 */

/** What the station read for a new package besides the order: the rules' outcome and the items to check. */
export interface PackageSetup {
  readonly applied: AppliedRules | null;
  readonly verify: BenchVerify;
}

export type VerifyEvent =
  | { readonly type: 'itemScanned'; readonly line: number }
  | { readonly type: 'itemRefused'; readonly text: string; readonly product: { readonly sku: string; readonly name: string } | null }
  | { readonly type: 'itemCounted'; readonly line: number; readonly quantity: number }
  | { readonly type: 'verifySkipped'; readonly by: string }
  | { readonly type: 'holdReleased'; readonly by: string };

const verifyTypes: ReadonlySet<string> = new Set<VerifyEvent['type']>(['itemScanned', 'itemRefused', 'itemCounted', 'verifySkipped', 'holdReleased']);

export const isVerifyEvent = (e: { readonly type: string }): e is VerifyEvent => verifyTypes.has(e.type);

/** What a package starts with: the rules' box options, choices and hold, and the items to check (none for another box: they went in the first). */
export const setupView = (setup: PackageSetup | null): Partial<BenchState> => ({ ...rulesView(setup?.applied ?? null), verify: setup?.verify ?? verifyOff });

/** Nothing to check once the label is being bought or is bought, nor without an order. */
const settled = (m: ShipMachine): boolean => !m.view.order || m.view.purchase.status === 'buying' || m.view.purchase.status === 'bought';

/** The Buy refusal that named this field leaves once the field moves. */
const purchaseWithout = (m: ShipMachine, field: 'verify' | 'hold'): BenchState['purchase'] =>
  m.view.purchase.error?.field === field ? { ...m.view.purchase, error: null } : m.view.purchase;

const withVerify = (m: ShipMachine, verify: BenchVerify): Step => [verify === m.view.verify ? m : patch(m, { verify, scanError: null, purchase: purchaseWithout(m, 'verify') }), []];

export function verifyStep(m: ShipMachine, e: VerifyEvent): Step {
  if (settled(m)) return [m, []];
  const { verify } = m.view;
  switch (e.type) {
    case 'itemScanned':
      return withVerify(m, countScan(verify, e.line));
    case 'itemRefused':
      return withVerify(m, refuseScan(verify, e.text, e.product));
    case 'itemCounted':
      return withVerify(m, countTyped(verify, e.line, e.quantity));
    case 'verifySkipped':
      return withVerify(m, skipVerify(verify, e.by));
    case 'holdReleased':
      if (m.view.hold === null) return [m, []];
      return [patch(m, { hold: null, choices: noteChange(m.view.choices, 'hold', `released by ${e.by}`), purchase: purchaseWithout(m, 'hold') }), []];
  }
}

/** Which field a rule may have set each cause changes: the box, the pick, an option. */
const fieldOf: Readonly<Record<string, BenchChoice['field']>> = { boxChosen: 'box', picked: 'service', signature: 'signature', saturday: 'saturday', insurance: 'insurance' };

/**
 * After the operator changed a field a rule set, its choice carries the new
 * value (or none again when it is back to the rule's), so the screen and
 * History tell the rule's value from the operator's.
 */
export function noteChoices(before: ShipMachine, after: ShipMachine, cause: string): ShipMachine {
  const field = fieldOf[cause];
  if (!field || after.view === before.view || after.view.packageId !== before.view.packageId || after.view.choices.length === 0) return after;
  const { quote, picked } = after.view.rates;
  // The rule's own pick, chosen again by hand, is the rule's choice.
  const rulesPick = field === 'service' && quote !== null && picked !== null && rulePick(quote.rates, after.applied?.service ?? null) === picked;
  const words = rulesPick ? after.view.choices.find((c) => c.field === 'service')?.value : operatorValue(after.view, field);
  const choices = noteChange(after.view.choices, field, words);
  return choices === after.view.choices ? after : { ...after, view: { ...after.view, choices } };
}
