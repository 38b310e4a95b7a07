import type { CommandInput, CommandName, CommandOutput } from '../../shared/contract';
import { OVERRIDE_WORD, type BenchOptions, type BenchState } from '../../shared/contract/bench';
import type { Result, StationError } from '../../shared/contract/errors';
import type { CommandArgs } from '../../shared/contract';
import type { OrderLine, PackagePreset, PurchaseStage, RateQuote, StationAddress } from '../../shared/contract/shippingTypes';
import { isInternational, SERVICE_HOME_COUNTRY } from '../../shared/domain/countries';
import { contentRule } from '../../shared/domain/rateRule';
import { parseScan } from '../../shared/domain/scan';
import { formatOunces } from '../../shared/domain/units';
import { judgeAddress, overrideNote } from './addressRule';
import { autoPick, blockersOf, disabledRates, emptyBench, noOptions } from './benchState';
import { customsTextOf, readCustoms } from './customs';
import { readInsurance, readWeight } from './fields';
import { orderBoxKey, purchaseKeyOf } from '../purchases/packageKey';
import { planPurchase } from './purchasePlan';
import { ratingInput, ratingKey } from './rating';

export type StationCall = <N extends CommandName>(name: N, input: CommandInput<N>) => Promise<Result<CommandOutput<N>>>;

export interface ShipBenchPorts {
  readonly call: StationCall;
  /** The next free box number of an order, above `after` and above every box the station holds a label for. */
  readonly nextBox: (orderNumber: string, after: number) => number;
  readonly emit: (state: BenchState) => void;
  /** How long the purchase journal keeps asking the service before it gives up, in seconds. */
  readonly purchaseLimitSeconds: number;
}

/** A stable scale reading this close to another is the same reading. */
const SAME_WEIGHT_OZ = 0.05;

function dimsOf(order: OrderLine, preset: PackagePreset | null): BenchState['dims'] {
  if (order.package?.lengthIn) {
    return { lengthIn: order.package.lengthIn, widthIn: order.package.widthIn ?? 1, heightIn: order.package.heightIn ?? 1, ...(order.package.packageCode ? { packageCode: order.package.packageCode } : {}) };
  }
  return preset ? { lengthIn: preset.lengthIn, widthIn: preset.widthIn, heightIn: preset.heightIn, ...(preset.packageCode ? { packageCode: preset.packageCode } : {}) } : null;
}

/**
 * The Ship screen's bench loop, held in the station: scan -> order -> address
 * -> package and weight -> rates -> pick -> buy -> print -> next box. Every
 * intent changes one BenchState and pushes it; the service calls a step needs
 * start together (validation beside rating), and an answer that belongs to a
 * package no longer on the bench is dropped.
 */
export function createShipBench(ports: ShipBenchPorts) {
  let seq = 0;
  let s: BenchState = emptyBench(0, 0);
  /** Station-side view of the scale: the last stable weight, and what it read when the operator typed a weight. */
  let stableOz: number | null = null;
  let scaleWhenTyped: number | null = null;
  /** The key and address the quote on the bench was asked for. */
  let quoted: { key: string; to: StationAddress } | null = null;
  let packageKey: string | null = null;
  let checking: Promise<void> | null = null;
  let rating: Promise<void> | null = null;
  let checkGeneration = 0;
  let rateGeneration = 0;
  /** The ship-from country, as the settings had it at the last scan: a package to another country needs customs. */
  let origin: string = SERVICE_HOME_COUNTRY;

  function set(patch: Partial<BenchState>): BenchState {
    const next = { ...s, ...patch };
    s = { ...next, seq: ++seq, blockers: blockersOf(next) };
    ports.emit(s);
    return s;
  }

  const isCurrent = (packageId: number) => s.packageId === packageId;

  function weightFromScaleOrOrder(order: OrderLine | null): BenchState['weight'] {
    if (stableOz !== null) return { text: formatOunces(stableOz), oz: stableOz, source: 'scale', error: null };
    const oz = order?.package?.weightOz;
    return oz ? { text: formatOunces(oz), oz, source: 'order', error: null } : { text: '', oz: null, source: null, error: null };
  }

  function pkg() {
    return { weightOz: s.weight.oz ?? 0, ...(s.dims ?? {}) };
  }

  /**
   * A package to another country carries a customs declaration (the order's,
   * until the packer edits it); one that stays home carries none. Asked again
   * whenever the address may have changed country.
   */
  function followCountry(): void {
    const abroad = s.to !== null && s.order !== null && isInternational(origin, s.to.country ?? SERVICE_HOME_COUNTRY);
    if (!abroad && s.customs) set({ customs: null });
    else if (abroad && !s.customs) set({ customs: readCustoms(customsTextOf(s.order?.customs ?? null)) });
  }

  /** Rates for the package as it is now, unless the rates on the bench already answer it. */
  function requote(): void {
    followCountry();
    // A declaration that breaks a rule is not rated: its words stop Buy until the packer fixes it.
    if (!s.to || s.weight.oz === null || !s.order || (s.customs !== null && s.customs.declaration === null)) {
      rateGeneration += 1;
      quoted = null;
      rating = null;
      if (s.rates.status !== 'idle') set({ rates: { ...s.rates, status: 'idle', quote: null, error: null, picked: null, disabled: [], pickNote: null } });
      return;
    }
    const input = ratingInput(s.to, pkg(), s.options, s.order.orderNumber, s.customs?.declaration ?? null);
    const key = ratingKey(input);
    if (quoted?.key === key && (s.rates.status === 'ready' || s.rates.status === 'rating')) return;
    const mine = ++rateGeneration;
    const packageId = s.packageId;
    quoted = { key, to: input.to };
    set({ rates: { ...s.rates, status: 'rating', error: null } });
    const running = ports.call('rates.quote', input).then((result) => {
      if (mine !== rateGeneration || !isCurrent(packageId)) return;
      if (!result.ok) {
        set({ rates: { status: 'failed', quote: null, error: result.error, picked: null, disabled: [], pickNote: null } });
        return;
      }
      showQuote(result.value);
    });
    const tracked: Promise<void> = running.finally(() => {
      if (rating === tracked) rating = null;
    });
    rating = tracked;
  }

  function showQuote(quote: RateQuote, options: BenchOptions = s.options): void {
    const picked = autoPick(quote.rates, quote.preselected, options);
    set({ rates: { status: 'ready', quote, error: null, picked, disabled: disabledRates(quote.rates, options), pickNote: null } });
  }

  /** Validation runs beside rating; when it returns, the address rule decides, and rates follow only what they depend on. */
  function check(entered: StationAddress): void {
    const mine = ++checkGeneration;
    const packageId = s.packageId;
    set({ address: { status: 'checking', entered, suggestion: null, corrections: [], messages: [], problem: null } });
    const running = ports.call('address.validate', { address: entered }).then((result) => {
      if (mine !== checkGeneration || !isCurrent(packageId)) return;
      const verdict = judgeAddress(entered, result.ok ? result.value : null, result.ok ? null : result.error);
      set({ address: verdict.address, to: verdict.to });
      requote();
    });
    const tracked: Promise<void> = running.finally(() => {
      if (checking === tracked) checking = null;
    });
    checking = tracked;
  }

  function startPackage(order: OrderLine, box: number, preset: PackagePreset | null, keep?: Pick<BenchState, 'to' | 'address' | 'presetName' | 'dims'>): BenchState {
    packageKey = orderBoxKey(order.orderNumber, box);
    quoted = null;
    scaleWhenTyped = null;
    rateGeneration += 1;
    checkGeneration += 1;
    s = { ...emptyBench(s.seq, s.packageId + 1) };
    set({
      order,
      box,
      alreadyShipped: order.shipped && box === 0,
      to: keep?.to ?? order.recipient,
      presetName: keep ? keep.presetName : order.package?.lengthIn ? null : (preset?.name ?? null),
      dims: keep ? keep.dims : dimsOf(order, preset),
      weight: weightFromScaleOrOrder(keep ? null : order),
      options: noOptions,
      ...(keep ? { address: keep.address } : {}),
    });
    // A box started while its order's address was still being checked checks it again: the first answer belongs to the first box.
    if (!keep || keep.address.status === 'checking') check(keep?.address.entered ?? order.recipient);
    requote();
    return s;
  }

  async function defaultPreset(): Promise<PackagePreset | null> {
    const settings = await ports.call('settings.shipping.get', {});
    if (!settings.ok) return null;
    origin = settings.value.shipFrom?.country ?? SERVICE_HOME_COUNTRY;
    return settings.value.presets.find((p) => p.name === settings.value.defaultPreset) ?? settings.value.presets[0] ?? null;
  }

  const refuse = (message: string, code: StationError['code'] = 'not_found'): BenchState => set({ scanError: { code, message } });

  async function scanOrder(orderNumber: string): Promise<BenchState> {
    const [found, preset] = await Promise.all([ports.call('orders.lookup', { orderNumber }), defaultPreset()]);
    if (!found.ok) {
      rateGeneration += 1;
      checkGeneration += 1;
      packageKey = null;
      s = emptyBench(s.seq, s.packageId + 1);
      return set({ scanError: found.error });
    }
    return startPackage(found.value, 0, preset);
  }

  async function scan(args: CommandArgs<'bench.scan'>): Promise<BenchState> {
    const parsed = parseScan(args.text);
    if (parsed.kind === 'command') {
      if (parsed.command === 'BUY') return buy({});
      if (parsed.command === 'NEXT' || parsed.command === 'CANCEL') return clear();
      if (parsed.command === 'ANOTHER_BOX') return s.order ? anotherBox() : refuse('Scan an order first: another box is for the order on the bench.');
      if (parsed.command === 'ZERO_SCALE') {
        await ports.call('scales.tare', {});
        return s;
      }
      return refuse('That command barcode works on the Ship screen of the station window.');
    }
    if (parsed.kind === 'unknown') return refuse(parsed.message ?? 'That scan is not an order number.');
    if (parsed.kind === 'tracking' && !parsed.order_number) {
      return refuse(`That is a ${parsed.carrier ? `${parsed.carrier} ` : ''}tracking number, not an order. Use Void, Tracking or History to work with a label.`);
    }
    return scanOrder(parsed.order_number ?? args.text.trim());
  }

  function anotherBox(): BenchState {
    const order = s.order;
    if (!order || s.purchase.status === 'buying') return s;
    const box = ports.nextBox(order.orderNumber, s.box);
    return startPackage(order, box, null, { to: s.to, address: s.address, presetName: s.presetName, dims: s.dims });
  }

  function clear(): BenchState {
    if (s.purchase.status === 'buying') return s;
    rateGeneration += 1;
    checkGeneration += 1;
    packageKey = null;
    quoted = null;
    s = emptyBench(s.seq, s.packageId + 1);
    return set({});
  }

  const locked = () => s.purchase.status === 'buying' || s.purchase.status === 'bought' || !s.order;

  function typeWeight(text: string): BenchState {
    if (locked() || text === s.weight.text) return s;
    if (text.trim() === '') {
      scaleWhenTyped = null;
      set({ weight: weightFromScaleOrOrder(s.order) });
    } else {
      const read = readWeight(text);
      scaleWhenTyped = stableOz;
      set({ weight: { text, oz: read.value, source: 'typed', error: read.error }, purchase: { ...s.purchase, error: null } });
    }
    requote();
    return s;
  }

  /**
   * A stable reading replaces the weight unless the operator typed one since
   * the scale last changed: a typed weight wins over a scale that has not
   * moved, and a box placed afterwards wins over the typed weight.
   */
  function scaleReading(reading: { readonly stable: boolean; readonly oz: number }): void {
    if (!reading.stable) return;
    // An empty scale: the next box is not weighed yet, so nothing stale is offered for it.
    if (reading.oz <= 0) {
      stableOz = null;
      return;
    }
    const oz = reading.oz;
    const moved = stableOz === null || Math.abs(stableOz - oz) >= SAME_WEIGHT_OZ;
    stableOz = oz;
    if (locked()) return;
    if (s.weight.source === 'typed' && scaleWhenTyped !== null && Math.abs(scaleWhenTyped - oz) < SAME_WEIGHT_OZ) return;
    if (s.weight.source === 'typed' && !moved) return;
    if (s.weight.oz !== null && s.weight.source !== 'typed' && Math.abs(s.weight.oz - oz) < SAME_WEIGHT_OZ) return;
    scaleWhenTyped = null;
    set({ weight: { text: formatOunces(oz), oz, source: 'scale', error: null } });
    requote();
  }

  function setOption(args: CommandArgs<'bench.option'>): BenchState {
    if (locked()) return s;
    let options: BenchOptions;
    if (args.option === 'signature') options = { ...s.options, signature: args.value };
    else if (args.option === 'insurance') {
      if (args.text === s.options.insuranceText) return s;
      const read = readInsurance(args.text);
      return set({ options: { ...s.options, insuranceText: args.text, insuranceAmount: read.value, insuranceError: read.error }, purchase: { ...s.purchase, error: null } });
    } else options = { ...s.options, [args.option]: args.on };
    set({ options });
    if (args.option === 'lithiumBattery' || args.option === 'qrLabel') {
      if (s.rates.quote) showQuote(s.rates.quote, options);
      return s;
    }
    requote();
    return s;
  }

  async function setBox(args: CommandArgs<'bench.box'>): Promise<BenchState> {
    if (locked()) return s;
    const settings = await ports.call('settings.shipping.get', {});
    const preset = settings.ok ? settings.value.presets.find((p) => p.name === args.presetName) : undefined;
    set({ presetName: preset?.name ?? null, dims: preset ? dimsOf({ ...(s.order as OrderLine), package: null }, preset) : s.order ? dimsOf(s.order, null) : null });
    requote();
    return s;
  }

  function pick(args: CommandArgs<'bench.pick'>): BenchState {
    const quote = s.rates.quote;
    if (!quote || locked() || quote.rates.length === 0) return s;
    const disabled = new Set(s.rates.disabled);
    let index: number;
    if ('index' in args) index = args.index;
    else {
      // The pick stops at the first and the last row: it never wraps to the other end of a long list.
      index = s.rates.picked ?? (args.step > 0 ? -1 : quote.rates.length);
      do index += args.step;
      while (index >= 0 && index < quote.rates.length && disabled.has(index));
      if (index < 0 || index >= quote.rates.length) return s;
    }
    const rate = quote.rates[index];
    if (!rate || disabled.has(index)) return s;
    return set({ rates: { ...s.rates, picked: index, pickNote: contentRule(rate) }, purchase: { ...s.purchase, error: null } });
  }

  function decideAddress(args: CommandArgs<'bench.address'>): BenchState {
    if (locked()) return s;
    const a = s.address;
    if (args.action === 'undo') {
      if (a.status !== 'standardized' || !a.entered) return s;
      set({ address: { ...a, status: 'entered' }, to: s.to?.residential === undefined ? a.entered : { ...a.entered, residential: s.to.residential } });
    } else if (args.action === 'redo') {
      if (a.status !== 'entered' || !a.entered) return s;
      const verdict = judgeAddress(a.entered, { valid: true, standardized: a.suggestion, corrections: a.corrections, messages: a.messages }, null);
      set({ address: verdict.address, to: verdict.to });
    } else if (args.action === 'edit') {
      const residential = a.entered?.residential;
      const entered = { ...(args.address as StationAddress), ...(residential !== undefined && args.address.residential === undefined ? { residential } : {}) };
      set({ to: entered, purchase: { ...s.purchase, error: null } });
      check(entered);
    } else {
      if (a.status !== 'needs_decision') return s;
      if (args.word.trim().toUpperCase() !== OVERRIDE_WORD) {
        return set({ purchase: { ...s.purchase, error: { code: 'invalid_input', message: `Type the word ${OVERRIDE_WORD} to buy for this address as it is, or edit the address (Alt+E).`, field: 'override' } } });
      }
      set({ address: { ...a, status: 'overridden' }, purchase: { ...s.purchase, error: null } });
    }
    requote();
    return s;
  }

  /** The declaration as the packer left the editor: read and checked here, and rated with once it keeps every rule. */
  function setCustoms(args: CommandArgs<'bench.customs'>): BenchState {
    if (locked() || !s.customs) return s;
    set({ customs: readCustoms(args.customs), purchase: { ...s.purchase, error: null } });
    requote();
    return s;
  }

  function progress(key: string, stage: PurchaseStage): void {
    if (key !== packageKey || s.purchase.status !== 'buying' || s.purchase.stages.includes(stage)) return;
    set({ purchase: { ...s.purchase, stages: [...s.purchase.stages, stage] } });
  }

  /** A stage after the label is bought (printing, printed) still belongs to the package shown as bought. */
  function printProgress(key: string, stage: PurchaseStage): void {
    if (key !== packageKey || s.purchase.status !== 'bought' || s.purchase.stages.includes(stage)) return;
    set({ purchase: { ...s.purchase, stages: [...s.purchase.stages, stage] } });
  }

  /**
   * Buys exactly what is shown. The texts are the fields as the operator left
   * them (Enter in Weight or Insurance buys), applied first; a check or a
   * quote still on its way is waited for rather than asked again.
   */
  async function buy(args: CommandArgs<'bench.buy'>): Promise<BenchState> {
    if (s.purchase.status === 'buying' || s.purchase.status === 'bought' || !s.order) return s.order ? s : set({ purchase: { ...s.purchase, error: { code: 'invalid_input', message: 'Scan an order first.', field: 'order' } } });
    if (args.weightText !== undefined) typeWeight(args.weightText);
    if (args.insuranceText !== undefined) setOption({ option: 'insurance', text: args.insuranceText });
    const packageId = s.packageId;
    while (checking || rating) await (checking ?? rating);
    if (!isCurrent(packageId)) return s;
    const blocker = s.blockers[0];
    if (blocker) return set({ purchase: { ...s.purchase, status: 'none', error: { code: 'invalid_input', message: blocker.message, field: blocker.field } } });
    const quote = s.rates.quote;
    const to = s.to;
    const picked = s.rates.picked;
    const key = packageKey;
    if (!quote || !to || picked === null || !key || !quoted) return s;
    const input = planPurchase({
      quote,
      quotedFor: quoted,
      picked,
      to,
      pkg: pkg(),
      options: s.options,
      orderNumber: s.order.orderNumber,
      box: s.box,
      packageKey: key,
      print: true,
      ...(s.customs?.declaration ? { customs: s.customs.declaration } : {}),
      ...(s.address.status === 'overridden' ? { addressOverride: overrideNote(s.address) } : {}),
    });
    // The engine names its progress by the package it buys (a return label is its own package): the bench listens for that name.
    packageKey = purchaseKeyOf(input, () => s.options.returnLabel);
    set({ purchase: { status: 'buying', stages: [], result: null, error: null, limitSeconds: ports.purchaseLimitSeconds } });
    const result = await ports.call('labels.buy', input);
    // The packer may have scanned the next order meanwhile: this answer belongs to History now.
    if (!isCurrent(packageId)) return s;
    if (!result.ok) return set({ purchase: { ...s.purchase, status: 'failed', error: result.error, limitSeconds: null } });
    return set({ purchase: { ...s.purchase, status: 'bought', result: result.value, error: null, limitSeconds: null }, alreadyShipped: false });
  }

  return {
    state: (): BenchState => s,
    scan,
    typeWeight: (args: CommandArgs<'bench.weight'>) => typeWeight(args.text),
    setBox,
    setOption,
    pick,
    decideAddress,
    setCustoms,
    buy,
    anotherBox,
    clear,
    scaleReading,
    progress: (key: string, stage: PurchaseStage) => {
      progress(key, stage);
      printProgress(key, stage);
    },
  };
}

export type ShipBench = ReturnType<typeof createShipBench>;
