import { shownQuote, shownTotal, type ShownQuote } from '../../shared/contract/bench';
import type { BenchAutoBuy } from '../../shared/contract/autoBuyView';
import { formatMoney, toCents } from '../../shared/domain/money';
import type { AutoBuyEffect, AutoBuyEvent, AutoBuyMemory } from './autoBuyTypes';
import { patch, type ShipMachine, type Step } from './shipFlow';

/**
 * Zero-key scan to print, as pure transitions beside the Ship bench's: the
 * countdown starts only when a buying key would go through with no other key
 * before it (the same blockers that hold Buy hold it), and buys the price it
 * counted down on, through the same judgement as Enter.
 */

/** Enough memory to refuse a rescan of any order bought at this bench today. */
const FIRED_KEPT = 500;

export function isAutoBuyEvent(e: { readonly type: string }): e is AutoBuyEvent {
  return e.type === 'autoBuySet' || e.type === 'printerReadiness' || e.type === 'autoBuyStop' || e.type === 'autoBuyDue';
}

const dollars = (amount: number): string => formatMoney(toCents(amount));

type Verdict = { readonly go: true; readonly shown: ShownQuote; readonly total: number } | { readonly go: false; readonly view: BenchAutoBuy };

/** Whether the package on the bench may be bought with no key now, and if not, in words why the bench waits for Enter. */
export function judgeAutoBuy(m: ShipMachine): Verdict {
  const { setting } = m.autoBuy;
  const v = m.view;
  const base = { capUsd: setting.on ? setting.capUsd : null, countdownSeconds: setting.countdownSeconds, total: null };
  const not = (status: BenchAutoBuy['status'], reason: string | null = null): Verdict => ({ go: false, view: { ...base, status, reason } });
  const wait = (reason: string): Verdict => not('waiting', `${reason} Press Enter to buy.`);
  if (!setting.on) return not('off');
  if (!v.order) return not('idle');
  const { last } = m.autoBuy;
  if (last && last.packageId === v.packageId) return { go: false, view: { ...base, status: 'fired', total: last.total, reason: null } };
  if (v.purchase.status === 'buying' || v.purchase.status === 'bought') return not('idle');
  if (v.alreadyShipped || (m.packageKey !== null && m.autoBuy.fired.includes(m.packageKey))) {
    return not('waiting', 'This package already has its label: auto-buy never buys a package twice.');
  }
  if (m.autoBuy.stopped === v.packageId) return not('stopped', 'Auto-buy stopped (Esc) for this package. Press Enter to buy.');
  if (v.purchase.status === 'failed') return wait('The purchase did not go through, so auto-buy leaves it to you.');
  if (m.checking || m.rating || m.insured.pending || v.address.status === 'checking' || v.rates.status === 'rating') return not('idle');
  const blocker = v.blockers[0];
  if (blocker) return not('waiting', blocker.message);
  if (v.address.status !== 'confirmed' && v.address.status !== 'standardized') return wait('Auto-buy buys only for an address the service confirmed.');
  if (v.weight.source !== 'scale' || v.weight.oz === null || v.weight.oz <= 0) return wait('Auto-buy buys only on a settled weight from the scale.');
  if (v.rates.pickNote) return wait('The picked service has a content rule you confirmed by hand, so auto-buy leaves it to you.');
  const shown = shownQuote(v);
  if (!shown) return not('idle');
  const rate = v.rates.quote?.rates[shown.picked];
  if (rate?.currency && rate.currency.toUpperCase() !== 'USD') return wait('The price is not in US dollars, so the cap cannot judge it.');
  const total = shownTotal(shown);
  if (total > setting.capUsd) return wait(`${dollars(total)} is above the auto-buy cap of ${dollars(setting.capUsd)}.`);
  if (m.autoBuy.printer) return wait(`The printer is not ready (${m.autoBuy.printer}), so auto-buy waits.`);
  return { go: true, shown, total };
}

const sameShown = (a: ShownQuote, b: ShownQuote): boolean => (Object.keys(a) as Array<keyof ShownQuote>).every((field) => a[field] === b[field]);

/** The line History keeps of how the package was bought. */
export function autoBuyDecision(total: number, capUsd: number): string {
  return `Bought automatically: ${dollars(total)} within the ${dollars(capUsd)} cap.`;
}

/** A label bought by Enter counts too: the order scanned again later is not auto-bought a second time. */
function remember(m: ShipMachine): AutoBuyMemory {
  const memory = m.autoBuy;
  if (m.view.purchase.status !== 'bought' || !m.packageKey || memory.fired.includes(m.packageKey)) return memory;
  return { ...memory, fired: [...memory.fired, m.packageKey].slice(-FIRED_KEPT) };
}

/**
 * After every event: a countdown starts when the package may be bought with
 * no key, keeps running while the price on screen is the one it counts down
 * on, and is dropped the moment anything changes it or holds Buy.
 */
export function followAutoBuy(m: ShipMachine): Step {
  const verdict = judgeAutoBuy(m);
  const memory = remember(m);
  let next: AutoBuyMemory;
  let view: BenchAutoBuy;
  const effects: AutoBuyEffect[] = [];
  if (verdict.go) {
    const { setting } = memory;
    view = { status: 'counting', capUsd: setting.capUsd, countdownSeconds: setting.countdownSeconds, total: verdict.total, reason: null };
    if (memory.counting && sameShown(memory.counting.shown, verdict.shown)) next = memory;
    else {
      const ticket = memory.ticket + 1;
      next = { ...memory, ticket, counting: { ticket, shown: verdict.shown } };
      effects.push({ type: 'autoBuyTimer', ticket, ms: Math.round(setting.countdownSeconds * 1000) });
    }
  } else {
    view = verdict.view;
    next = memory.counting ? { ...memory, counting: null } : memory;
  }
  const moved = next === m.autoBuy ? m : { ...m, autoBuy: next };
  const same = JSON.stringify(view) === JSON.stringify(m.view.autoBuy);
  return [same ? moved : patch(moved, { autoBuy: view }), effects];
}

/** The packer's Esc, the setting, the printer's state, and the countdown's end. */
export function autoBuyEvent(m: ShipMachine, e: AutoBuyEvent): ShipMachine {
  const memory = m.autoBuy;
  switch (e.type) {
    case 'autoBuySet':
      return { ...m, autoBuy: { ...memory, setting: e.setting } };
    case 'printerReadiness':
      return e.notReady === memory.printer ? m : { ...m, autoBuy: { ...memory, printer: e.notReady } };
    case 'autoBuyStop':
      return memory.counting ? { ...m, autoBuy: { ...memory, counting: null, stopped: m.view.packageId } } : m;
    case 'autoBuyDue': {
      if (!memory.counting || memory.counting.ticket !== e.ticket || !m.packageKey) return m;
      const verdict = judgeAutoBuy(m);
      if (!verdict.go || !sameShown(verdict.shown, memory.counting.shown)) return m;
      const fired = [...memory.fired, m.packageKey].slice(-FIRED_KEPT);
      const autoBuy = { ...memory, counting: null, fired, last: { packageId: m.view.packageId, total: verdict.total } };
      return { ...m, autoBuy, pendingBuy: { shown: verdict.shown, decisions: [autoBuyDecision(verdict.total, memory.setting.capUsd)] } };
    }
  }
}
