import type { CommandInput } from '../../shared/contract';
import type { ReturnsShown, ReturnsView } from '../../shared/contract/desks';
import type { Result, StationError } from '../../shared/contract/errors';
import { usPsReturnLevels } from '../../shared/contract/shipping';
import type { OrderLine, PackageSpec, PurchaseResult, RateQuote, StationAddress } from '../../shared/contract/shippingTypes';
import { formatMoney, toCents } from '../../shared/domain/money';
import { formatOunces } from '../../shared/domain/units';
import { readWeight } from './fields';
import type { UnattendedChoice } from './unattended';

/**
 * The Returns bench as a pure machine, in the style of shipMachine: a return
 * is priced before it is bought (the customer's address to the ship-from,
 * USPS return services), and the buying key buys only the price on screen.
 */
export interface ReturnsMachine {
  readonly view: ReturnsView;
  /** The package key of a return typed by hand (an order's return is named by the order and its return number). */
  readonly packageKey: string;
  /** Answers to an older rating are dropped. */
  readonly ticket: number;
  /** What the command line named beyond the screen's fields: options, reference, box. */
  readonly choice: UnattendedChoice | null;
  /** Whether a bought label is printed (the command line may say no). */
  readonly print: boolean;
  /** The return service the command line named: no other is bought. */
  readonly level: string | null;
  /** The return service picked on the screen: kept when the return is priced again, while it is offered. */
  readonly preferred: string | null;
  /** Where the quote on screen sends the package back to (the ship-from it was priced for). */
  readonly quotedTo: StationAddress | null;
}

export type ReturnsEvent =
  | { readonly type: 'orderFound'; readonly order: OrderLine; readonly scaleOz: number | null; readonly packageKey: string }
  | { readonly type: 'lookupRefused'; readonly error: StationError }
  | { readonly type: 'customerTyped'; readonly address: StationAddress }
  | { readonly type: 'weightTyped'; readonly text: string }
  | { readonly type: 'picked'; readonly index: number }
  | { readonly type: 'chosen'; readonly choice: UnattendedChoice; readonly print: boolean; readonly level: string | null }
  | { readonly type: 'rated'; readonly ticket: number; readonly to: StationAddress | null; readonly result: Result<RateQuote> }
  | { readonly type: 'buyPressed'; readonly shown: ReturnsShown | null }
  | { readonly type: 'bought'; readonly packageId: number; readonly result: Result<PurchaseResult> }
  | { readonly type: 'anotherAsked'; readonly returnNumber: number }
  | { readonly type: 'cleared'; readonly packageKey: string };

export type ReturnsEffect =
  | { readonly type: 'rate'; readonly ticket: number; readonly from: StationAddress; readonly pkg: PackageSpec; readonly orderNumber: string | null; readonly options: CommandInput<'rates.quote'>['options'] }
  | { readonly type: 'buy'; readonly packageId: number; readonly input: CommandInput<'labels.buy'> };

export type ReturnsStep = readonly [ReturnsMachine, readonly ReturnsEffect[]];

const noWeight: ReturnsView['weight'] = { text: '', oz: null, source: null, error: null };
const noRates: ReturnsView['rates'] = { status: 'idle', quote: null, picked: null, error: null };
const noPurchase: ReturnsView['purchase'] = { status: 'none', result: null, error: null };

export const STALE_RETURN = 'The price of this return changed since it was on screen: nothing was bought. Check the price now shown and buy again.';

export function initialReturns(packageKey: string): ReturnsMachine {
  const view: ReturnsView = {
    seq: 0,
    packageId: 0,
    orderNumber: null,
    customer: null,
    weight: noWeight,
    rates: noRates,
    returnNumber: 1,
    purchase: noPurchase,
    lookupError: null,
    blockers: [],
  };
  return { view: { ...view, blockers: blockersOf(view) }, packageKey, ticket: 0, choice: null, print: true, level: null, preferred: null, quotedTo: null };
}

function blockersOf(v: Omit<ReturnsView, 'blockers'>): ReturnsView['blockers'] {
  const out: Array<ReturnsView['blockers'][number]> = [];
  if (!v.customer) out.push({ field: 'order', message: 'Type the order number, or the customer the package comes from.' });
  if (v.weight.oz === null) out.push({ field: 'weight', message: v.weight.error ?? 'Enter the weight, e.g. 12 oz or 1 lb 4 oz.' });
  if (v.rates.status === 'rating') out.push({ field: 'rate', message: 'The price is still on its way.' });
  else if (v.rates.status === 'failed') out.push({ field: 'rate', message: v.rates.error?.message ?? 'No price came for this return.' });
  else if (v.rates.status === 'ready' && v.rates.picked === null) out.push({ field: 'rate', message: 'No USPS return service was offered for this package.' });
  return out;
}

/** Every change of the view goes through here: the sequence grows and the blockers follow. */
function patch(m: ReturnsMachine, change: Partial<Omit<ReturnsView, 'seq' | 'blockers'>>): ReturnsMachine {
  const next = { ...m.view, ...change, seq: m.view.seq + 1 };
  return { ...m, view: { ...next, blockers: blockersOf(next) } };
}

const same = (m: ReturnsMachine): ReturnsStep => [m, []];
const locked = (m: ReturnsMachine): boolean => m.view.purchase.status === 'buying' || m.view.purchase.status === 'bought';

/** The rate a return buys: the one the command line named (or none), else the one picked on screen, else Ground Advantage Return, else the first. */
function defaultPick(quote: RateQuote, level: string | null, preferred: string | null): number | null {
  const find = (wanted: string): number => quote.rates.findIndex((r) => r.serviceLevel.toUpperCase() === wanted.toUpperCase());
  if (level) return find(level) >= 0 ? find(level) : null;
  if (quote.rates.length === 0) return null;
  for (const wanted of [preferred, usPsReturnLevels[0]]) if (wanted && find(wanted) >= 0) return find(wanted);
  return 0;
}

/** The price leaves the screen and is asked for again, when there is something to price. */
function requote(m0: ReturnsMachine): ReturnsStep {
  const ticket = m0.ticket + 1;
  const { customer, weight, orderNumber } = m0.view;
  const m = { ...m0, ticket };
  if (!customer || weight.oz === null) return same(patch(m, { rates: noRates }));
  const choice = m.choice;
  const o = choice?.options;
  const options = {
    isReturnLabel: true,
    ...(o?.signature ? { signature: o.signature } : {}),
    ...(o?.saturday ? { saturday: true } : {}),
    ...(o?.additionalHandling ? { additionalHandling: true } : {}),
    ...(choice?.reference ? { reference: choice.reference } : {}),
  };
  const pkg: PackageSpec = { ...(choice?.box ?? {}), weightOz: weight.oz };
  return [patch(m, { rates: { ...noRates, status: 'rating' }, purchase: noPurchase }), [{ type: 'rate', ticket, from: customer, pkg, orderNumber, options }]];
}

function rated(m: ReturnsMachine, ticket: number, to: StationAddress | null, result: Result<RateQuote>): ReturnsStep {
  if (ticket !== m.ticket) return same(m);
  if (!result.ok) return same(patch(m, { rates: { ...noRates, status: 'failed', error: result.error } }));
  return same(patch({ ...m, quotedTo: to }, { rates: { status: 'ready', quote: result.value, picked: defaultPick(result.value, m.level, m.preferred), error: null } }));
}

/** The buying key: refused in words unless the price sent is the one on screen now. */
function buyPressed(m: ReturnsMachine, shown: ReturnsShown | null): ReturnsStep {
  if (locked(m)) return same(m);
  const v = m.view;
  const refuse = (message: string, code: StationError['code'] = 'invalid_input'): ReturnsStep => same(patch(m, { purchase: { ...noPurchase, error: { code, message } } }));
  const first = v.blockers[0];
  if (first) return refuse(first.message);
  const quote = v.rates.quote;
  const rate = quote && v.rates.picked !== null ? quote.rates[v.rates.picked] : undefined;
  if (!quote || !rate || v.rates.picked === null || v.weight.oz === null) return refuse('No price is on screen yet.');
  if (
    !shown ||
    shown.packageId !== v.packageId ||
    shown.quoteId !== quote.quoteId ||
    shown.picked !== v.rates.picked ||
    shown.price !== rate.price ||
    shown.weightOz !== v.weight.oz ||
    shown.returnNumber !== v.returnNumber
  ) {
    return refuse(STALE_RETURN, 'conflict');
  }
  const how = m.level ? 'the service named on the command line' : m.preferred ? 'the service picked on screen' : 'the usual return service';
  const decisions = [`Return priced before buying: ${rate.serviceName} at ${formatMoney(toCents(rate.price), rate.currency)} (${how}).`];
  const named = { ...(v.orderNumber ? { orderNumber: v.orderNumber, returnNumber: v.returnNumber } : { packageKey: m.packageKey }), decisions };
  // A rate without an id (a backend that prices without quoting) is bought directly, naming the service priced.
  const direct = !rate.rateId && v.customer && m.quotedTo ? { from: v.customer, to: m.quotedTo } : null;
  if (!rate.rateId && !direct) return refuse('This price cannot be bought as shown; price the return again.');
  const input: CommandInput<'labels.buy'> = direct
    ? {
        method: 'direct',
        carrierCode: rate.carrierCode,
        serviceLevel: rate.serviceLevel,
        ...direct,
        package: { ...(m.choice?.box ?? {}), weightOz: v.weight.oz },
        options: { isReturnLabel: true, ...(m.choice?.reference ? { reference: m.choice.reference } : {}) },
        print: m.print,
        ...named,
      }
    : { method: 'rate', quoteId: quote.quoteId, rateId: rate.rateId ?? '', print: m.print, ...named };
  return [patch(m, { purchase: { ...noPurchase, status: 'buying' } }), [{ type: 'buy', packageId: v.packageId, input }]];
}

function weightTyped(m: ReturnsMachine, text: string): ReturnsStep {
  if (locked(m) || text === m.view.weight.text) return same(m);
  const read = readWeight(text);
  return requote(patch(m, { weight: { text, oz: read.value, source: 'typed', error: read.error } }));
}

function orderFound(m: ReturnsMachine, order: OrderLine, scaleOz: number | null, packageKey: string): ReturnsStep {
  // The weight as Ship takes it: a stable scale reading, else the order's own.
  const oz = scaleOz ?? order.package?.weightOz ?? null;
  const weight: ReturnsView['weight'] = oz ? { text: formatOunces(oz), oz, source: scaleOz ? 'scale' : 'order', error: null } : noWeight;
  const started = patch(
    { ...m, packageKey },
    { packageId: m.view.packageId + 1, orderNumber: order.orderNumber, customer: order.recipient, weight, returnNumber: 1, purchase: noPurchase, lookupError: null },
  );
  return requote(started);
}

export function returnsStep(m: ReturnsMachine, e: ReturnsEvent): ReturnsStep {
  switch (e.type) {
    case 'orderFound':
      if (m.view.purchase.status === 'buying') return same(m);
      return orderFound(m, e.order, e.scaleOz, e.packageKey);
    case 'lookupRefused':
      return same(patch(m, { lookupError: e.error }));
    case 'customerTyped':
      if (locked(m)) return same(m);
      return requote(patch(m, { customer: e.address }));
    case 'weightTyped':
      return weightTyped(m, e.text);
    case 'picked': {
      const rate = m.view.rates.quote?.rates[e.index];
      if (locked(m) || !rate || m.level) return same(m);
      return same(patch({ ...m, preferred: rate.serviceLevel }, { rates: { ...m.view.rates, picked: e.index }, purchase: noPurchase }));
    }
    case 'chosen':
      return same({ ...m, choice: e.choice, print: e.print, level: e.level });
    case 'rated':
      return rated(m, e.ticket, e.to, e.result);
    case 'buyPressed':
      return buyPressed(m, e.shown);
    case 'bought':
      if (e.packageId !== m.view.packageId) return same(m);
      return same(patch(m, { purchase: e.result.ok ? { status: 'bought', result: e.result.value, error: null } : { status: 'failed', result: null, error: e.result.error } }));
    case 'anotherAsked':
      if (!m.view.orderNumber || m.view.purchase.status === 'buying') return same(m);
      return requote(patch(m, { packageId: m.view.packageId + 1, returnNumber: e.returnNumber, purchase: noPurchase }));
    case 'cleared':
      if (m.view.purchase.status === 'buying') return same(m);
      return same(patch({ ...m, packageKey: e.packageKey, ticket: m.ticket + 1 }, { packageId: m.view.packageId + 1, orderNumber: null, customer: null, weight: noWeight, rates: noRates, returnNumber: 1, purchase: noPurchase, lookupError: null }));
  }
}
