import type { CommandArgs } from '../../shared/contract';
import { OVERRIDE_WORD, shownQuote, type BenchOptions, type BenchState } from '../../shared/contract/bench';
import type { ScaleWeight } from '../../shared/contract/devices';
import type { StationError } from '../../shared/contract/errors';
import { orderLookupSchema } from '../../shared/contract/shipping';
import type { OrderLine, PackagePreset, PurchaseStage, StationAddress } from '../../shared/contract/shippingTypes';
import { SERVICE_HOME_COUNTRY } from '../../shared/domain/countries';
import { contentRule } from '../../shared/domain/rateRule';
import { parseScan } from '../../shared/domain/scan';
import { formatOunces } from '../../shared/domain/units';
import { judgeAddress } from './addressRule';
import { noOptions } from './benchState';
import { orderBoxKey } from '../purchases/packageKey';
import { createBuying } from './buying';
import { readCustoms } from './customs';
import { readInsurance, readWeight } from './fields';
import { checked, type Attempt, type BenchPorts } from './ports';
import { createInsuring } from './insuring';
import { createQuoting } from './quoting';
import { createShipState } from './shipState';

export interface ShipBenchDeps {
  readonly ports: BenchPorts;
  readonly attempt: Attempt;
  /** The next free box number of an order, above `after` and above every box the station holds a label for. */
  readonly nextBox: (orderNumber: string, after: number) => number;
  readonly emit: (state: BenchState) => void;
  /** How long the purchase journal keeps asking the service before it gives up, in seconds. */
  readonly purchaseLimitSeconds: number;
}

/** A stable scale reading this close to another is the same reading. */
const SAME_WEIGHT_OZ = 0.05;

/** Why a reading cannot be bought on, in words; null when the scale is settled (or empty). */
function scaleProblemOf(reading: Pick<ScaleWeight, 'stable' | 'status' | 'statusText'>): string | null {
  if (reading.status === 'over_limit') return 'The scale reads over its capacity: the package is too heavy for it.';
  if (reading.status === 'fault' || reading.status === 'needs_calibration' || reading.status === 'needs_rezero' || reading.status === 'under_zero') {
    return `The scale cannot be read now (${reading.statusText}).`;
  }
  if (!reading.stable && reading.status !== 'zero') return 'The scale has not settled yet.';
  return null;
}

function dimsOf(order: OrderLine, preset: PackagePreset | null): BenchState['dims'] {
  if (order.package?.lengthIn) {
    return { lengthIn: order.package.lengthIn, widthIn: order.package.widthIn ?? 1, heightIn: order.package.heightIn ?? 1, ...(order.package.packageCode ? { packageCode: order.package.packageCode } : {}) };
  }
  return preset ? { lengthIn: preset.lengthIn, widthIn: preset.widthIn, heightIn: preset.heightIn, ...(preset.packageCode ? { packageCode: preset.packageCode } : {}) } : null;
}

/**
 * The Ship screen's bench loop, held in the station: scan -> order -> address
 * -> package and weight -> rates -> pick -> buy -> print -> next box. Every
 * intent changes one BenchState and pushes it (shipState.ts); rates and the
 * address check run in quoting.ts, the purchase in buying.ts. Here: scans,
 * packages and the packer's edits.
 */
export function createShipBench({ ports, attempt, nextBox, emit, purchaseLimitSeconds }: ShipBenchDeps) {
  // Every change may move the pick or the insured amount: the insurance price follows it.
  const state = createShipState((next) => {
    emit(next);
    insuring.follow();
  });
  const s = state.get;
  const set = state.set;
  const locked = state.locked;
  const quoting = createQuoting(state, ports, attempt);
  const insuring = createInsuring(state, ports, attempt);
  const { requote, check } = quoting;
  /** Station-side view of the scale: the last stable weight, what it read when the operator typed a weight, and why it cannot be trusted now. */
  let stableOz: number | null = null;
  let scaleWhenTyped: number | null = null;
  let scaleProblem: string | null = null;

  function weightFromScaleOrOrder(order: OrderLine | null): BenchState['weight'] {
    if (stableOz !== null) return { text: formatOunces(stableOz), oz: stableOz, source: 'scale', error: null, scaleProblem };
    const oz = order?.package?.weightOz;
    return oz ? { text: formatOunces(oz), oz, source: 'order', error: null, scaleProblem } : { text: '', oz: null, source: null, error: null, scaleProblem };
  }

  function startPackage(order: OrderLine, box: number, preset: PackagePreset | null, keep?: Pick<BenchState, 'to' | 'address' | 'presetName' | 'dims'>): BenchState {
    quoting.forget();
    scaleWhenTyped = null;
    state.restart(orderBoxKey(order.orderNumber, box));
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
    return s();
  }

  async function defaultPreset(): Promise<PackagePreset | null> {
    const settings = await attempt(() => ports.settings.current());
    if (!settings.ok) return null;
    quoting.shipFrom(settings.value.shipFrom?.country ?? SERVICE_HOME_COUNTRY);
    return settings.value.presets.find((p) => p.name === settings.value.defaultPreset) ?? settings.value.presets[0] ?? null;
  }

  const refuse = (message: string, code: StationError['code'] = 'not_found'): BenchState => set({ scanError: { code, message } });

  async function scanOrder(orderNumber: string): Promise<BenchState> {
    const [found, preset] = await Promise.all([attempt(() => ports.orders.lookup(checked(orderLookupSchema, { orderNumber }).orderNumber)), defaultPreset()]);
    if (!found.ok) {
      quoting.forget();
      state.restart(null);
      return set({ scanError: found.error });
    }
    return startPackage(found.value, 0, preset);
  }

  async function scan(args: CommandArgs<'bench.scan'>): Promise<BenchState> {
    const parsed = parseScan(args.text);
    if (parsed.kind === 'command') {
      // The command barcode buys what the station last pushed to the screen.
      if (parsed.command === 'BUY') return buying.buy({ shown: shownQuote(s()) });
      if (parsed.command === 'NEXT' || parsed.command === 'CANCEL') return clear();
      if (parsed.command === 'ANOTHER_BOX') return s().order ? anotherBox() : refuse('Scan an order first: another box is for the order on the bench.');
      if (parsed.command === 'ZERO_SCALE') {
        await attempt(() => ports.scale.tare());
        return s();
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
    const { order, purchase, box, to, address, presetName, dims } = s();
    if (!order || purchase.status === 'buying') return s();
    return startPackage(order, nextBox(order.orderNumber, box), null, { to, address, presetName, dims });
  }

  function clear(): BenchState {
    if (s().purchase.status === 'buying') return s();
    quoting.forget();
    state.restart(null);
    return set({});
  }

  function typeWeight(text: string): BenchState {
    if (locked() || text === s().weight.text) return s();
    if (text.trim() === '') {
      scaleWhenTyped = null;
      set({ weight: weightFromScaleOrOrder(s().order) });
    } else {
      const read = readWeight(text);
      scaleWhenTyped = stableOz;
      set({ weight: { text, oz: read.value, source: 'typed', error: read.error, scaleProblem }, purchase: { ...s().purchase, error: null } });
    }
    requote();
    return s();
  }

  /**
   * A stable reading replaces the weight unless the operator typed one since
   * the scale last changed: a typed weight wins over a scale that has not
   * moved, and a box placed afterwards wins over the typed weight.
   */
  function scaleReading(reading: Pick<ScaleWeight, 'stable' | 'status' | 'statusText'> & { readonly oz: number }): void {
    const problem = scaleProblemOf(reading);
    if (problem !== scaleProblem) {
      scaleProblem = problem;
      if (!locked()) set({ weight: { ...s().weight, scaleProblem } });
    }
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
    const { weight } = s();
    if (weight.source === 'typed' && scaleWhenTyped !== null && Math.abs(scaleWhenTyped - oz) < SAME_WEIGHT_OZ) return;
    if (weight.source === 'typed' && !moved) return;
    if (weight.oz !== null && weight.source !== 'typed' && Math.abs(weight.oz - oz) < SAME_WEIGHT_OZ) return;
    scaleWhenTyped = null;
    set({ weight: { text: formatOunces(oz), oz, source: 'scale', error: null, scaleProblem } });
    requote();
  }

  function setOption(args: CommandArgs<'bench.option'>): BenchState {
    if (locked()) return s();
    const shown = s();
    let options: BenchOptions;
    if (args.option === 'signature') options = { ...shown.options, signature: args.value };
    else if (args.option === 'insurance') {
      if (args.text === shown.options.insuranceText) return shown;
      const read = readInsurance(args.text);
      return set({ options: { ...shown.options, insuranceText: args.text, insuranceAmount: read.value, insuranceError: read.error }, purchase: { ...shown.purchase, error: null } });
    } else options = { ...shown.options, [args.option]: args.on };
    set({ options });
    if (args.option === 'lithiumBattery' || args.option === 'qrLabel') {
      const quote = s().rates.quote;
      if (quote) quoting.showQuote(quote, options);
      return s();
    }
    requote();
    return s();
  }

  async function setBox(args: CommandArgs<'bench.box'>): Promise<BenchState> {
    if (locked()) return s();
    const settings = await attempt(() => ports.settings.current());
    const preset = settings.ok ? settings.value.presets.find((p) => p.name === args.presetName) : undefined;
    const { order } = s();
    set({ presetName: preset?.name ?? null, dims: preset ? dimsOf({ ...(order as OrderLine), package: null }, preset) : order ? dimsOf(order, null) : null });
    requote();
    return s();
  }

  function pick(args: CommandArgs<'bench.pick'>): BenchState {
    const shown = s();
    const quote = shown.rates.quote;
    if (!quote || locked() || quote.rates.length === 0) return shown;
    const disabled = new Set(shown.rates.disabled);
    let index: number;
    if ('index' in args) index = args.index;
    else {
      // The pick stops at the first and the last row: it never wraps to the other end of a long list.
      index = shown.rates.picked ?? (args.step > 0 ? -1 : quote.rates.length);
      do index += args.step;
      while (index >= 0 && index < quote.rates.length && disabled.has(index));
      if (index < 0 || index >= quote.rates.length) return shown;
    }
    const rate = quote.rates[index];
    if (!rate || disabled.has(index)) return shown;
    return set({ rates: { ...shown.rates, picked: index, pickNote: contentRule(rate), noteConfirmed: false }, purchase: { ...shown.purchase, error: null } });
  }

  /** The picked service's content rule, accepted on the operator's typed word: never by the reflex Enter. */
  function confirmService(args: CommandArgs<'bench.confirmService'>): BenchState {
    const shown = s();
    if (locked() || !shown.rates.pickNote) return shown;
    if (args.word.trim().toUpperCase() !== OVERRIDE_WORD) {
      return set({ purchase: { ...shown.purchase, error: { code: 'invalid_input', message: `Type the word ${OVERRIDE_WORD} to buy this service as it is, or pick another one (↑ ↓).`, field: 'service' } } });
    }
    return set({ rates: { ...shown.rates, noteConfirmed: true }, purchase: { ...shown.purchase, error: null } });
  }

  function decideAddress(args: CommandArgs<'bench.address'>): BenchState {
    if (locked()) return s();
    const shown = s();
    const a = shown.address;
    if (args.action === 'undo') {
      if (a.status !== 'standardized' || !a.entered) return shown;
      set({ address: { ...a, status: 'entered' }, to: shown.to?.residential === undefined ? a.entered : { ...a.entered, residential: shown.to.residential } });
    } else if (args.action === 'redo') {
      if (a.status !== 'entered' || !a.entered) return shown;
      const verdict = judgeAddress(a.entered, { valid: true, standardized: a.suggestion, corrections: a.corrections, messages: a.messages }, null);
      set({ address: verdict.address, to: verdict.to });
    } else if (args.action === 'edit') {
      const residential = a.entered?.residential;
      const entered = { ...(args.address as StationAddress), ...(residential !== undefined && args.address.residential === undefined ? { residential } : {}) };
      set({ to: entered, purchase: { ...shown.purchase, error: null } });
      // An edited address is rated anew: the prices for the old one leave the screen until the new ones come.
      quoting.drop();
      check(entered);
    } else {
      if (a.status !== 'needs_decision') return shown;
      if (args.word.trim().toUpperCase() !== OVERRIDE_WORD) {
        return set({ purchase: { ...shown.purchase, error: { code: 'invalid_input', message: `Type the word ${OVERRIDE_WORD} to buy for this address as it is, or edit the address (Alt+E).`, field: 'override' } } });
      }
      set({ address: { ...a, status: 'overridden' }, purchase: { ...shown.purchase, error: null } });
    }
    requote();
    return s();
  }

  /** The declaration as the packer left the editor: read and checked here, and rated with once it keeps every rule. */
  function setCustoms(args: CommandArgs<'bench.customs'>): BenchState {
    if (locked() || !s().customs) return s();
    set({ customs: readCustoms(args.customs), purchase: { ...s().purchase, error: null } });
    requote();
    return s();
  }

  const buying = createBuying({
    state,
    quoting,
    insuring,
    labels: ports.labels,
    attempt,
    purchaseLimitSeconds,
  });

  return {
    state: (): BenchState => s(),
    scan,
    typeWeight: (args: CommandArgs<'bench.weight'>) => typeWeight(args.text),
    setBox,
    setOption,
    pick,
    confirmService,
    decideAddress,
    setCustoms,
    buy: buying.buy,
    anotherBox,
    clear,
    scaleReading,
    progress: (key: string, stage: PurchaseStage) => buying.progress(key, stage),
  };
}

export type ShipBench = ReturnType<typeof createShipBench>;
