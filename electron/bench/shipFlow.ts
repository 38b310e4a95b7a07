import type { CommandInput } from '../../shared/contract';
import { shownQuote, shownQuoteSchema, shownTotal, type BenchOptions, type BenchState, type ShownQuote } from '../../shared/contract/bench';
import type { Result, StationError } from '../../shared/contract/errors';
import type { AddressCheck, InsuranceQuote, PurchaseResult, RateQuote, StationAddress } from '../../shared/contract/shippingTypes';
import { isInternational, SERVICE_HOME_COUNTRY } from '../../shared/domain/countries';
import { formatMoney, toCents } from '../../shared/domain/money';
import { purchaseKeyOf } from '../purchases/packageKey';
import { judgeAddress, overrideNote } from './addressRule';
import type { AutoBuyEffect, AutoBuyMemory } from './autoBuyTypes';
import { autoPick, blockersOf, disabledRates } from './benchState';
import { decisionsOf, rulePick, type AppliedRules } from './choices';
import { customsTextOf, readCustoms } from './customs';
import { planPurchase, type QuotedFor } from './purchasePlan';
import { ratingInput, ratingKey } from './rating';

/**
 * The Ship bench as data: what the screen draws (view) and what the machine
 * keeps to judge the next event. Nothing here reads a clock, a port or a
 * variable outside it; a transition returns the next machine and the effects
 * the station is to run, each answered by an event.
 */
export interface ShipMachine {
  readonly view: BenchState;
  /** The purchase journal's key of the package on the bench (order and box); null with no order. */
  readonly packageKey: string | null;
  /** The last stable scale weight, what the scale read when the operator typed one, and why it cannot be trusted now. */
  readonly scale: { readonly stableOz: number | null; readonly whenTyped: number | null; readonly problem: string | null };
  /** The ship-from country as the settings had it at the last scan: a package to another country needs customs. */
  readonly origin: string;
  /** The key and address the quote on the bench (or on its way) was asked for. */
  readonly quoted: (QuotedFor & { readonly key: string }) | null;
  /** Each question gets a ticket; an answer with an older one is dropped. */
  readonly tickets: { readonly rate: number; readonly check: number };
  readonly rating: boolean;
  readonly checking: boolean;
  /** The insurance question asked last (amount and service) and whether its answer is still on its way. */
  readonly insured: { readonly key: string | null; readonly pending: boolean };
  /** A buying key pressed while an answer was on its way: judged when the last one comes; `decisions` go to History with the label. */
  readonly pendingBuy: { readonly shown: ShownQuote | null; readonly decisions?: readonly string[] } | null;
  /** What the automation rules set for the order on the bench (its service is picked from every new quote). */
  readonly applied: AppliedRules | null;
  readonly autoBuy: AutoBuyMemory;
}

export type Effect =
  | { readonly type: 'check'; readonly ticket: number; readonly address: StationAddress }
  | { readonly type: 'rate'; readonly ticket: number; readonly input: CommandInput<'rates.quote'> }
  | { readonly type: 'priceInsurance'; readonly key: string; readonly input: CommandInput<'insurance.quote'> }
  | { readonly type: 'buy'; readonly packageId: number; readonly input: CommandInput<'labels.buy'> }
  | { readonly type: 'tare' }
  | { readonly type: 'reprint'; readonly shipmentId: number }
  | AutoBuyEffect;

export type Step = readonly [ShipMachine, readonly Effect[]];

/** The view changed: a new number, and what stops Buy worked out again. */
export function patch(m: ShipMachine, change: Partial<BenchState>): ShipMachine {
  // A void asked for by a barcode is news once: the next change no longer carries it.
  const next = { ...m.view, voidAsked: null, ...change };
  return { ...m, view: { ...next, seq: m.view.seq + 1, blockers: blockersOf(next) } };
}

const noRates = { quote: null, error: null, picked: null, disabled: [], pickNote: null, noteConfirmed: false } as const;

/** A package to another country carries a customs declaration (the order's, until the packer edits it); one that stays home carries none. */
function followCountry(m: ShipMachine): ShipMachine {
  const { to, order, customs } = m.view;
  const abroad = to !== null && order !== null && isInternational(m.origin, to.country ?? SERVICE_HOME_COUNTRY);
  if (!abroad && customs) return patch(m, { customs: null });
  if (abroad && !customs) return patch(m, { customs: readCustoms(customsTextOf(order?.customs ?? null)) });
  return m;
}

/** The package as it is rated and bought now. */
export const packageOf = (v: BenchState) => ({ weightOz: v.weight.oz ?? 0, ...(v.dims ?? {}) });

/** Rates for the package as it is now, unless the rates on the bench already answer it; new ones clear the old from the screen. */
export function requote(m0: ShipMachine): Step {
  const m = followCountry(m0);
  const v = m.view;
  if (!v.to || v.weight.oz === null || !v.order || (v.customs !== null && v.customs.declaration === null)) {
    const quiet = { ...m, quoted: null, rating: false, tickets: { ...m.tickets, rate: m.tickets.rate + 1 } };
    return [v.rates.status === 'idle' ? quiet : patch(quiet, { rates: { status: 'idle', ...noRates } }), []];
  }
  const input = ratingInput(v.to, packageOf(v), v.options, v.order.orderNumber, v.customs?.declaration ?? null);
  const key = ratingKey(input);
  if (m.quoted?.key === key && (v.rates.status === 'ready' || v.rates.status === 'rating')) return [m, []];
  const ticket = m.tickets.rate + 1;
  const asked = { ...m, quoted: { key, to: input.to }, rating: true, tickets: { ...m.tickets, rate: ticket } };
  return [patch(asked, { rates: { status: 'rating', ...noRates } }), [{ type: 'rate', ticket, input }]];
}

/** The prices on the bench no longer hold (the address was edited): they leave the screen until the next requote. */
export function dropRates(m: ShipMachine): ShipMachine {
  return patch({ ...m, quoted: null, rating: false, tickets: { ...m.tickets, rate: m.tickets.rate + 1 } }, { rates: { status: 'idle', ...noRates } });
}

export function showQuote(m: ShipMachine, quote: RateQuote, options: BenchOptions = m.view.options): ShipMachine {
  const picked = autoPick(quote.rates, rulePick(quote.rates, m.applied?.service ?? null) ?? quote.preselected, options);
  return patch(m, { rates: { ...noRates, status: 'ready', quote, picked, disabled: disabledRates(quote.rates, options) } });
}

export function rated(m: ShipMachine, ticket: number, result: Result<RateQuote>): Step {
  if (ticket !== m.tickets.rate) return [m, []];
  const done = { ...m, rating: false };
  if (!result.ok) return [patch(done, { rates: { status: 'failed', ...noRates, error: result.error } }), []];
  return [showQuote(done, result.value), []];
}

/** Validation runs beside rating; when it returns, the address rule decides, and rates follow only what they depend on. */
export function check(m: ShipMachine, entered: StationAddress): Step {
  const ticket = m.tickets.check + 1;
  const asking = { ...m, checking: true, tickets: { ...m.tickets, check: ticket } };
  const address = { status: 'checking', entered, suggestion: null, corrections: [], messages: [], problem: null } as const;
  return [patch(asking, { address }), [{ type: 'check', ticket, address: entered }]];
}

export function checked(m: ShipMachine, ticket: number, entered: StationAddress, result: Result<AddressCheck>): Step {
  if (ticket !== m.tickets.check) return [m, []];
  const verdict = judgeAddress(entered, result.ok ? result.value : null, result.ok ? null : result.error);
  return requote(patch({ ...m, checking: false }, { address: verdict.address, to: verdict.to }));
}

/** What insuring costs with the picked service, asked whenever the amount or the pick changes, so the whole price is drawn before the key that pays it. */
export function followInsurance(m: ShipMachine): Step {
  const v = m.view;
  const amount = v.options.insuranceAmount;
  const rate = v.rates.quote && v.rates.picked !== null && v.rates.status === 'ready' ? v.rates.quote.rates[v.rates.picked] : undefined;
  if (!amount || !rate) {
    const none = { ...m, insured: { key: null, pending: false } };
    return [v.insurance.status === 'none' ? none : patch(none, { insurance: { status: 'none', premium: null, error: null } }), []];
  }
  const key = JSON.stringify([v.packageId, amount, rate.carrierCode, rate.serviceLevel]);
  if (key === m.insured.key) return [m, []];
  const asking = patch({ ...m, insured: { key, pending: true } }, { insurance: { status: 'quoting', premium: null, error: null } });
  return [asking, [{ type: 'priceInsurance', key, input: { amount, carrierCode: rate.carrierCode, serviceLevel: rate.serviceLevel } }]];
}

export function insurancePriced(m: ShipMachine, key: string, result: Result<InsuranceQuote>): Step {
  if (key !== m.insured.key) return [m, []];
  const done = { ...m, insured: { key, pending: false } };
  const insurance = result.ok ? ({ status: 'ready', premium: result.value.premium, error: null } as const) : ({ status: 'failed', premium: null, error: result.error } as const);
  return [patch(done, { insurance }), []];
}

const shownFields = Object.keys(shownQuoteSchema.shape) as ReadonlyArray<keyof ShownQuote>;

/**
 * Words when the price the operator saw is not what Buy would pay now (the
 * package, its weight, box, options, insurance or the quote changed since),
 * or no price was on screen; null when it is the current one.
 */
export function staleQuote(now: BenchState, shown: ShownQuote | null): string | null {
  const current = shownQuote(now);
  if (!current) return 'New prices are on their way for this package: press Enter once they show, to buy at the price then on screen.';
  if (!shown) return 'No price was on screen when the key was pressed. Check the price now shown and press Enter to buy at it.';
  if (shown.packageId !== current.packageId) return 'That price was for the package before. Check the price now shown and press Enter to buy at it.';
  if (shownFields.every((field) => shown[field] === current[field])) return null;
  const rate = now.rates.quote?.rates[current.picked];
  const total = formatMoney(toCents(shownTotal(current)), rate?.currency);
  return `The price changed since it was on screen: ${rate?.serviceName ?? 'the picked service'} now costs ${total} in all. Nothing was bought; press Enter to buy at this price.`;
}

const refuse = (m: ShipMachine, error: StationError): ShipMachine => patch(m, { purchase: { ...m.view.purchase, status: 'none', error } });

/** A buying key: judged at once, or when the answers on their way have come. */
export function buyPressed(m: ShipMachine, shown: ShownQuote | null): Step {
  const v = m.view;
  if (!v.order) return [refuse(m, { code: 'invalid_input', message: 'Scan an order first.', field: 'order' }), []];
  if (v.purchase.status === 'buying' || v.purchase.status === 'bought') return [m, []];
  return [{ ...m, pendingBuy: { shown } }, []];
}

/**
 * Buys the price the operator saw, only while it is the current quote, once
 * no check, quote or insurance price is on its way; if one changed the price,
 * nothing is bought and the new price stays on screen for the next key.
 */
export function judgeBuy(m: ShipMachine, limitSeconds: number): Step {
  if (!m.pendingBuy || m.checking || m.rating || m.insured.pending) return [m, []];
  const { shown, decisions } = m.pendingBuy;
  const ready = { ...m, pendingBuy: null };
  const v = ready.view;
  const blocker = v.blockers[0];
  if (blocker) return [refuse(ready, { code: 'invalid_input', message: blocker.message, field: blocker.field }), []];
  const stale = staleQuote(v, shown);
  if (stale) return [refuse(ready, { code: 'invalid_input', message: stale, field: 'rate' }), []];
  const { quote, picked } = v.rates;
  if (!quote || !v.to || picked === null || !m.packageKey || !m.quoted || !v.order) return [ready, []];
  const input = planPurchase({
    quote,
    quotedFor: m.quoted,
    picked,
    to: v.to,
    pkg: packageOf(v),
    options: v.options,
    orderNumber: v.order.orderNumber,
    box: v.box,
    packageKey: m.packageKey,
    print: true,
    ...(v.customs?.declaration ? { customs: v.customs.declaration } : {}),
    ...(v.address.status === 'overridden' ? { addressOverride: overrideNote(v.address) } : {}),
    decisions: [...decisionsOf(v), ...(decisions ?? [])],
  });
  // The purchase engine's name for the package (a return label is a package of its own): its progress comes under it.
  const buying = { ...ready, packageKey: purchaseKeyOf(input, () => v.options.returnLabel) };
  return [patch(buying, { purchase: { status: 'buying', stages: [], result: null, error: null, limitSeconds } }), [{ type: 'buy', packageId: v.packageId, input }]];
}

export function boughtAnswer(m: ShipMachine, packageId: number, result: Result<PurchaseResult>): Step {
  // The packer may have scanned the next order meanwhile: this answer belongs to History now.
  if (packageId !== m.view.packageId) return [m, []];
  const { purchase } = m.view;
  if (!result.ok) return [patch(m, { purchase: { ...purchase, status: 'failed', error: result.error, limitSeconds: null } }), []];
  return [patch(m, { purchase: { ...purchase, status: 'bought', result: result.value, error: null, limitSeconds: null }, alreadyShipped: false }), []];
}
