import type { CommandArgs } from '../../shared/contract';
import { OVERRIDE_WORD, type BenchOptions, type BenchState, type ShownQuote } from '../../shared/contract/bench';
import type { ScaleWeight } from '../../shared/contract/devices';
import type { Result, StationError } from '../../shared/contract/errors';
import type { AddressCheck, InsuranceQuote, OrderLine, PackagePreset, PurchaseResult, PurchaseStage, RateQuote, Shipment, StationAddress } from '../../shared/contract/shippingTypes';
import { SERVICE_HOME_COUNTRY } from '../../shared/domain/countries';
import { contentRule } from '../../shared/domain/rateRule';
import { formatOunces } from '../../shared/domain/units';
import { judgeAddress } from './addressRule';
import { autoBuyEvent, followAutoBuy, isAutoBuyEvent } from './autoBuy';
import { initialAutoBuy, type AutoBuyEvent } from './autoBuyTypes';
import { emptyBench, noOptions } from './benchState';
import { readCustoms } from './customs';
import { readInsurance, readWeight } from './fields';
import {
  boughtAnswer,
  buyPressed,
  check,
  checked,
  dropRates,
  followInsurance,
  insurancePriced,
  judgeBuy,
  patch,
  rated,
  requote,
  showQuote,
  type ShipMachine,
  type Step,
} from './shipFlow';
import { verifyOff } from './verify';
import { isVerifyEvent, noteChoices, setupView, verifyStep, type PackageSetup, type VerifyEvent } from './verifyStep';

export type { Effect, ShipMachine } from './shipFlow';

/**
 * Everything that happens to the Ship bench: the operator's intents (what the
 * screen sends), the scale, and the answers to the machine's own effects.
 * Reads the station makes before an intent (the order, the settings, the next
 * box number) travel in the event, so the transition stays pure.
 */
export type ShipEvent =
  | { readonly type: 'scanned'; readonly order: OrderLine; readonly preset: PackagePreset | null; readonly origin: string; readonly packageKey: string; readonly setup?: PackageSetup }
  | { readonly type: 'scanRefused'; readonly error: StationError; readonly restart: boolean }
  | { readonly type: 'anotherBox'; readonly box: number; readonly packageKey: string }
  | { readonly type: 'cleared' }
  | { readonly type: 'tare' }
  | { readonly type: 'lastLabelAsked'; readonly action: 'reprint' | 'void'; readonly last: Shipment | null }
  | { readonly type: 'reprinted'; readonly result: Result<unknown> }
  | { readonly type: 'weightTyped'; readonly text: string }
  | { readonly type: 'scaleRead'; readonly reading: Pick<ScaleWeight, 'stable' | 'status' | 'statusText'> & { readonly oz: number } }
  | { readonly type: 'boxChosen'; readonly preset: PackagePreset | null }
  | { readonly type: 'optionSet'; readonly args: CommandArgs<'bench.option'> }
  | { readonly type: 'picked'; readonly args: CommandArgs<'bench.pick'> }
  | { readonly type: 'serviceConfirmed'; readonly word: string }
  | { readonly type: 'addressDecided'; readonly args: CommandArgs<'bench.address'> }
  | { readonly type: 'customsEdited'; readonly customs: CommandArgs<'bench.customs'>['customs'] }
  | { readonly type: 'buyPressed'; readonly shown: ShownQuote | null }
  | { readonly type: 'addressChecked'; readonly ticket: number; readonly entered: StationAddress; readonly result: Result<AddressCheck> }
  | { readonly type: 'rated'; readonly ticket: number; readonly result: Result<RateQuote> }
  | { readonly type: 'insurancePriced'; readonly key: string; readonly result: Result<InsuranceQuote> }
  | { readonly type: 'bought'; readonly packageId: number; readonly result: Result<PurchaseResult> }
  | { readonly type: 'progress'; readonly key: string; readonly stage: PurchaseStage }
  | VerifyEvent
  | AutoBuyEvent;

/** A stable scale reading this close to another is the same reading. */
const SAME_WEIGHT_OZ = 0.05;

export function initialMachine(): ShipMachine {
  return {
    view: emptyBench(0, 0),
    packageKey: null,
    scale: { stableOz: null, whenTyped: null, problem: null },
    origin: SERVICE_HOME_COUNTRY,
    quoted: null,
    tickets: { rate: 0, check: 0 },
    rating: false,
    checking: false,
    insured: { key: null, pending: false },
    pendingBuy: null,
    applied: null,
    autoBuy: initialAutoBuy,
  };
}

/** Why a reading cannot be bought on, in words; null when the scale is settled (or empty). */
function scaleProblemOf(reading: Pick<ScaleWeight, 'stable' | 'status' | 'statusText'>): string | null {
  if (reading.status === 'over_limit') return 'The scale reads over its capacity: the package is too heavy for it.';
  if (reading.status === 'fault' || reading.status === 'needs_calibration' || reading.status === 'needs_rezero' || reading.status === 'under_zero') {
    return `The scale cannot be read now (${reading.statusText}).`;
  }
  if (!reading.stable && reading.status !== 'zero') return 'The scale has not settled yet.';
  return null;
}

function dimsOf(order: OrderLine | null, preset: PackagePreset | null): BenchState['dims'] {
  if (order?.package?.lengthIn) {
    return { lengthIn: order.package.lengthIn, widthIn: order.package.widthIn ?? 1, heightIn: order.package.heightIn ?? 1, ...(order.package.packageCode ? { packageCode: order.package.packageCode } : {}) };
  }
  return preset ? { lengthIn: preset.lengthIn, widthIn: preset.widthIn, heightIn: preset.heightIn, ...(preset.packageCode ? { packageCode: preset.packageCode } : {}) } : null;
}

function weightFromScaleOrOrder(m: ShipMachine, order: OrderLine | null): BenchState['weight'] {
  const { stableOz, problem } = m.scale;
  if (stableOz !== null) return { text: formatOunces(stableOz), oz: stableOz, source: 'scale', error: null, scaleProblem: problem };
  const oz = order?.package?.weightOz;
  return oz ? { text: formatOunces(oz), oz, source: 'order', error: null, scaleProblem: problem } : { text: '', oz: null, source: null, error: null, scaleProblem: problem };
}

/** An empty bench for the next package (or none): answers on their way for the one before are dropped when they come. */
function restart(m: ShipMachine, packageKey: string | null): ShipMachine {
  return {
    ...m,
    view: emptyBench(m.view.seq, m.view.packageId + 1),
    packageKey,
    quoted: null,
    rating: false,
    checking: false,
    tickets: { rate: m.tickets.rate + 1, check: m.tickets.check + 1 },
    insured: { key: null, pending: false },
    pendingBuy: null,
  };
}

type Kept = Pick<BenchState, 'to' | 'address' | 'presetName' | 'dims'>;

function startPackage(m0: ShipMachine, order: OrderLine, box: number, packageKey: string, preset: PackagePreset | null, keep: Kept | undefined, setup: Partial<BenchState>): Step {
  const m = patch(restart({ ...m0, scale: { ...m0.scale, whenTyped: null } }, packageKey), {
    order,
    box,
    alreadyShipped: order.shipped && box === 0,
    to: keep?.to ?? order.recipient,
    presetName: keep ? keep.presetName : order.package?.lengthIn ? null : (preset?.name ?? null),
    dims: keep ? keep.dims : dimsOf(order, preset),
    weight: weightFromScaleOrOrder(m0, keep ? null : order),
    options: noOptions,
    ...(keep ? { address: keep.address } : {}),
    ...setup,
  });
  // A box started while its order's address was still being checked checks it again: the first answer belongs to the first box.
  const [asked, checks] = !keep || keep.address.status === 'checking' ? check(m, keep?.address.entered ?? order.recipient) : ([m, []] as const);
  const [rating, rates] = requote(asked);
  return [rating, [...checks, ...rates]];
}

/** Nothing to edit without an order, nor while its label is being bought or once it is. */
const locked = (m: ShipMachine): boolean => m.view.purchase.status === 'buying' || m.view.purchase.status === 'bought' || !m.view.order;
const noError = (m: ShipMachine) => ({ ...m.view.purchase, error: null });
const same = (m: ShipMachine): Step => [m, []];

function typeWeight(m: ShipMachine, text: string): Step {
  if (locked(m) || text === m.view.weight.text) return same(m);
  if (text.trim() === '') return requote(patch({ ...m, scale: { ...m.scale, whenTyped: null } }, { weight: weightFromScaleOrOrder(m, m.view.order) }));
  const read = readWeight(text);
  const typed = { ...m, scale: { ...m.scale, whenTyped: m.scale.stableOz } };
  return requote(patch(typed, { weight: { text, oz: read.value, source: 'typed', error: read.error, scaleProblem: m.scale.problem }, purchase: noError(m) }));
}

/**
 * A stable reading replaces the weight unless the operator typed one since
 * the scale last changed: a typed weight wins over a scale that has not
 * moved, and a box placed afterwards wins over the typed weight.
 */
function scaleRead(m0: ShipMachine, reading: Extract<ShipEvent, { type: 'scaleRead' }>['reading']): Step {
  const problem = scaleProblemOf(reading);
  let m = m0;
  if (problem !== m.scale.problem) {
    m = { ...m, scale: { ...m.scale, problem } };
    if (!locked(m)) m = patch(m, { weight: { ...m.view.weight, scaleProblem: problem } });
  }
  if (!reading.stable) return same(m);
  // An empty scale: the next box is not weighed yet, so nothing stale is offered for it.
  if (reading.oz <= 0) return same({ ...m, scale: { ...m.scale, stableOz: null } });
  const oz = reading.oz;
  const { stableOz, whenTyped } = m.scale;
  const moved = stableOz === null || Math.abs(stableOz - oz) >= SAME_WEIGHT_OZ;
  m = { ...m, scale: { ...m.scale, stableOz: oz } };
  if (locked(m)) return same(m);
  const { weight } = m.view;
  if (weight.source === 'typed' && whenTyped !== null && Math.abs(whenTyped - oz) < SAME_WEIGHT_OZ) return same(m);
  if (weight.source === 'typed' && !moved) return same(m);
  if (weight.oz !== null && weight.source !== 'typed' && Math.abs(weight.oz - oz) < SAME_WEIGHT_OZ) return same(m);
  const taken = { ...m, scale: { ...m.scale, whenTyped: null } };
  return requote(patch(taken, { weight: { text: formatOunces(oz), oz, source: 'scale', error: null, scaleProblem: problem } }));
}

function setOption(m: ShipMachine, args: CommandArgs<'bench.option'>): Step {
  if (locked(m)) return same(m);
  const shown = m.view;
  let options: BenchOptions;
  if (args.option === 'signature') options = { ...shown.options, signature: args.value };
  else if (args.option === 'insurance') {
    if (args.text === shown.options.insuranceText) return same(m);
    const read = readInsurance(args.text);
    return same(patch(m, { options: { ...shown.options, insuranceText: args.text, insuranceAmount: read.value, insuranceError: read.error }, purchase: noError(m) }));
  } else options = { ...shown.options, [args.option]: args.on };
  const set = patch(m, { options });
  if (args.option === 'lithiumBattery' || args.option === 'qrLabel') {
    const quote = set.view.rates.quote;
    return same(quote ? showQuote(set, quote, options) : set);
  }
  return requote(set);
}

function pick(m: ShipMachine, args: CommandArgs<'bench.pick'>): Step {
  const shown = m.view;
  const quote = shown.rates.quote;
  if (!quote || locked(m) || quote.rates.length === 0) return same(m);
  const disabled = new Set(shown.rates.disabled);
  let index: number;
  if ('index' in args) index = args.index;
  else {
    // The pick stops at the first and the last row: it never wraps to the other end of a long list.
    index = shown.rates.picked ?? (args.step > 0 ? -1 : quote.rates.length);
    do index += args.step;
    while (index >= 0 && index < quote.rates.length && disabled.has(index));
    if (index < 0 || index >= quote.rates.length) return same(m);
  }
  const rate = quote.rates[index];
  if (!rate || disabled.has(index)) return same(m);
  return same(patch(m, { rates: { ...shown.rates, picked: index, pickNote: contentRule(rate), noteConfirmed: false }, purchase: noError(m) }));
}

/** The picked service's content rule, accepted on the operator's typed word: never by the reflex Enter. */
function confirmService(m: ShipMachine, word: string): Step {
  if (locked(m) || !m.view.rates.pickNote) return same(m);
  if (word.trim().toUpperCase() !== OVERRIDE_WORD) {
    const message = `Type the word ${OVERRIDE_WORD} to buy this service as it is, or pick another one (↑ ↓).`;
    return same(patch(m, { purchase: { ...m.view.purchase, error: { code: 'invalid_input', message, field: 'service' } } }));
  }
  return same(patch(m, { rates: { ...m.view.rates, noteConfirmed: true }, purchase: noError(m) }));
}

function decideAddress(m: ShipMachine, args: CommandArgs<'bench.address'>): Step {
  if (locked(m)) return same(m);
  const shown = m.view;
  const a = shown.address;
  if (args.action === 'undo') {
    if (a.status !== 'standardized' || !a.entered) return same(m);
    return requote(patch(m, { address: { ...a, status: 'entered' }, to: shown.to?.residential === undefined ? a.entered : { ...a.entered, residential: shown.to.residential } }));
  }
  if (args.action === 'redo') {
    if (a.status !== 'entered' || !a.entered) return same(m);
    const verdict = judgeAddress(a.entered, { valid: true, standardized: a.suggestion, corrections: a.corrections, messages: a.messages }, null);
    return requote(patch(m, { address: verdict.address, to: verdict.to }));
  }
  if (args.action === 'edit') {
    const residential = a.entered?.residential;
    const entered = { ...(args.address as StationAddress), ...(residential !== undefined && args.address.residential === undefined ? { residential } : {}) };
    // An edited address is rated anew: the prices for the old one leave the screen until the new ones come.
    const [asked, effects] = check(dropRates(patch(m, { to: entered, purchase: noError(m) })), entered);
    const [rating, rates] = requote(asked);
    return [rating, [...effects, ...rates]];
  }
  if (a.status !== 'needs_decision') return same(m);
  if (args.word.trim().toUpperCase() !== OVERRIDE_WORD) {
    const message = `Type the word ${OVERRIDE_WORD} to buy for this address as it is, or edit the address (Alt+E).`;
    return same(patch(m, { purchase: { ...shown.purchase, error: { code: 'invalid_input', message, field: 'override' } } }));
  }
  return requote(patch(m, { address: { ...a, status: 'overridden' }, purchase: noError(m) }));
}

function progress(m: ShipMachine, key: string, stage: PurchaseStage): Step {
  const { purchase } = m.view;
  // A stage after the label is bought (printing, printed) still belongs to the package shown as bought.
  if (key !== m.packageKey || (purchase.status !== 'buying' && purchase.status !== 'bought') || purchase.stages.includes(stage)) return same(m);
  return same(patch(m, { purchase: { ...purchase, stages: [...purchase.stages, stage] } }));
}

/** The REPRINT_LAST and VOID_LAST barcodes: the label on the bench, else the last one bought here; a scan never voids on its own. */
function lastLabel(m: ShipMachine, action: 'reprint' | 'void', last: Shipment | null): Step {
  const label = m.view.purchase.result?.shipment ?? last;
  if (!label) {
    const message = `No label has been bought at this station yet, so there is nothing to ${action}.`;
    return same(patch(m, { scanError: { code: 'not_found', message } }));
  }
  if (action === 'reprint') return [patch(m, { scanError: null }), [{ type: 'reprint', shipmentId: label.id }]];
  return same(patch(m, { scanError: null, voidAsked: label.trackingNo ?? label.platformUkId }));
}

function transition(m: ShipMachine, e: Exclude<ShipEvent, AutoBuyEvent>): Step {
  if (isVerifyEvent(e)) return verifyStep(m, e);
  switch (e.type) {
    case 'scanned':
      return startPackage({ ...m, origin: e.origin, applied: e.setup?.applied ?? null }, e.order, 0, e.packageKey, e.setup?.applied?.preset ?? e.preset, undefined, setupView(e.setup ?? null));
    case 'scanRefused':
      return same(patch(e.restart ? restart(m, null) : m, { scanError: e.error }));
    case 'anotherBox': {
      const { order, purchase, to, address, presetName, dims } = m.view;
      if (!order || purchase.status === 'buying') return same(m);
      return startPackage(m, order, e.box, e.packageKey, null, { to, address, presetName, dims }, setupView({ applied: m.applied && { ...m.applied, preset: null }, verify: verifyOff }));
    }
    case 'cleared':
      return same(m.view.purchase.status === 'buying' ? m : patch(restart(m, null), {}));
    case 'tare':
      return [m, [{ type: 'tare' }]];
    case 'lastLabelAsked':
      return lastLabel(m, e.action, e.last);
    case 'reprinted':
      return same(e.result.ok ? m : patch(m, { scanError: e.result.error }));
    case 'weightTyped':
      return typeWeight(m, e.text);
    case 'scaleRead':
      return scaleRead(m, e.reading);
    case 'boxChosen':
      if (locked(m)) return same(m);
      return requote(patch(m, { presetName: e.preset?.name ?? null, dims: e.preset ? dimsOf(null, e.preset) : dimsOf(m.view.order, null) }));
    case 'optionSet':
      return setOption(m, e.args);
    case 'picked':
      return pick(m, e.args);
    case 'serviceConfirmed':
      return confirmService(m, e.word);
    case 'addressDecided':
      return decideAddress(m, e.args);
    case 'customsEdited':
      if (locked(m) || !m.view.customs) return same(m);
      return requote(patch(m, { customs: readCustoms(e.customs), purchase: noError(m) }));
    case 'buyPressed':
      return buyPressed(m, e.shown);
    case 'addressChecked':
      return checked(m, e.ticket, e.entered, e.result);
    case 'rated':
      return rated(m, e.ticket, e.result);
    case 'insurancePriced':
      return insurancePriced(m, e.key, e.result);
    case 'bought':
      return boughtAnswer(m, e.packageId, e.result);
    case 'progress':
      return progress(m, e.key, e.stage);
  }
}

/**
 * The Ship bench's one transition: (machine, event) -> (machine, effects).
 * After every event the insurance price follows the pick, a buying key
 * waiting on answers is judged once none is on its way, and auto-buy looks
 * at what is left (autoBuy.ts).
 */
export function step(m: ShipMachine, e: ShipEvent, limitSeconds: number): Step {
  const [changed, effects] = isAutoBuyEvent(e) ? ([autoBuyEvent(m, e), []] as const) : transition(m, e);
  const moved = noteChoices(m, changed, e.type === 'optionSet' ? e.args.option : e.type);
  const [insured, pricing] = followInsurance(moved);
  const [judged, buying] = judgeBuy(insured, limitSeconds);
  const [auto, timing] = followAutoBuy(judged);
  return [auto, [...effects, ...pricing, ...buying, ...timing]];
}
