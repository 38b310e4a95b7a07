import { randomUUID } from 'node:crypto';
import type { CommandArgs, EventEmitterFn } from '../../shared/contract';
import type { BatchRow, OrderPurchase } from '../../shared/contract/batchBench';
import { OVERRIDE_WORD, type BenchAddress } from '../../shared/contract/bench';
import { fail, StationFailure } from '../../shared/contract/errors';
import { addressCheckSchema, buyInputSchema, quoteInputSchema } from '../../shared/contract/shipping';
import type { BatchOutcome, CustomsDeclaration, PackageSpec, PurchaseResult, RateQuote, StationAddress } from '../../shared/contract/shippingTypes';
import { isInternational, SERVICE_HOME_COUNTRY } from '../../shared/domain/countries';
import { customsProblems } from '../../shared/domain/customs';
import { formatMoney, toCents } from '../../shared/domain/money';
import { formatOunces } from '../../shared/domain/units';
import { mapBounded } from '../core/mapBounded';
import { chooseRate, BATCH_CONCURRENCY } from '../shipping/batch';
import { judgeAddress, overrideNote } from './addressRule';
import { autoPick, noOptions } from './benchState';
import { readInsurance, readWeight } from './fields';
import { planPurchase } from './purchasePlan';
import { ratingInput, ratingKey } from './rating';
import { checked, type Attempt, type BenchPorts } from './ports';
import { unattendedChoice, type UnattendedChoice } from './unattended';

/** What an unattended buy adds to a batch row's choice. */
interface UnattendedExtras {
  readonly box?: number;
  readonly insuranceAmount?: number;
  readonly from?: StationAddress;
  /** An order already shipped is answered with its label (marked reused) instead of refused. */
  readonly answerShipped?: boolean;
  /** Hears the whole purchase result (the batch outcome keeps only part of it). */
  readonly bought?: (result: PurchaseResult) => void;
  /** Bought by Batch's Alt+P: History says so, with the price the row showed. */
  readonly fromBatch?: boolean;
}

interface Prepared {
  readonly row: BatchRow;
  readonly quotedFor: { readonly to: StationAddress } | null;
  readonly pkg: PackageSpec | null;
  /** The order's declaration, when the package leaves the country and the declaration keeps every rule. */
  readonly customs: CustomsDeclaration | null;
  /** The options and box an unattended purchase named; a batch row has none. */
  readonly choice: UnattendedChoice | null;
}

const SHIPPED = 'This order already has its label; reprint it from History.';

const unchecked: BenchAddress = { status: 'none', entered: null, suggestion: null, corrections: [], messages: [], problem: null };

function blockersOf(row: Omit<BatchRow, 'blockers'>): string[] {
  const out: string[] = [];
  if (row.error) out.push(row.error.message);
  if (row.alreadyShipped) out.push(SHIPPED);
  if (row.address.status === 'needs_decision') out.push(row.address.problem ?? 'Check the address first.');
  if (row.weight.oz === null) out.push(row.weight.error ?? 'Type the weight of this package.');
  if (row.quote && row.picked === null) out.push(row.quote.rates.length === 0 ? 'No carrier offered a rate for this package.' : 'Pick a service for this package.');
  return out;
}

/**
 * Batch on the same rules as the Ship screen: each row is looked up, its
 * address checked and its package rated at once (the rules' re-rate only when
 * the standardized address changes a rate), and bought later at the rate shown,
 * through the same purchase plan. The prepared rows stay here, so Buy all
 * spends exactly what the screen showed.
 */
export function createBatchBench(ports: Pick<BenchPorts, 'quotes' | 'addresses' | 'orders' | 'settings' | 'labels'>, attempt: Attempt, emit: EventEmitterFn) {
  const prepared = new Map<string, Prepared>();

  async function prepareOne(
    input: CommandArgs<'batch.prepare'>['rows'][number],
    defaultDims: Omit<PackageSpec, 'weightOz'>,
    origin: string,
    from?: StationAddress,
    choice: UnattendedChoice | null = null,
  ): Promise<BatchRow> {
    // The row's prices from before are not bought while it is rated again.
    prepared.delete(input.key);
    const base = { key: input.key, orderNumber: input.orderNumber, order: null, alreadyShipped: false, to: null, address: unchecked, quote: null, picked: null };
    const typed = readWeight(input.weightText);
    // The batch commands' contract checked the number by a lookup's rules.
    const found = await attempt(() => ports.orders.lookup(input.orderNumber));
    if (!found.ok) {
      const row = { ...base, weight: { text: input.weightText, oz: typed.value, source: 'typed' as const, error: typed.error, scaleProblem: null }, error: found.error };
      return { ...row, blockers: blockersOf(row) };
    }
    const order = found.value;
    // An empty field takes the order's weight; whatever the field holds otherwise is exactly what is bought.
    const fromOrder = input.weightText.trim() === '' ? order.package?.weightOz : undefined;
    const weight: BatchRow['weight'] = fromOrder
      ? { text: formatOunces(fromOrder), oz: fromOrder, source: 'order', error: null, scaleProblem: null }
      : { text: input.weightText, oz: typed.value, source: 'typed', error: (input.weightText.trim() === '' ? order.weightProblem : undefined) ?? typed.error, scaleProblem: null };
    const read = { value: weight.oz };
    const entered = order.recipient;
    const dims = choice?.box ?? (order.package?.lengthIn ? { lengthIn: order.package.lengthIn, widthIn: order.package.widthIn ?? 1, heightIn: order.package.heightIn ?? 1 } : defaultDims);
    const options = choice?.options ?? noOptions;
    const pkg: PackageSpec | null = read.value === null ? null : { ...dims, weightOz: read.value };
    // The Ship screen's customs rule: a package that leaves the country is held, unrated, until its order declares it in full.
    const abroad = isInternational(origin, entered.country ?? SERVICE_HOME_COUNTRY);
    const customsProblem = abroad ? customsProblems(order.customs)[0] : undefined;
    if (customsProblem) {
      const row = {
        ...base,
        order,
        alreadyShipped: order.shipped,
        to: entered,
        weight,
        error: { code: 'invalid_input' as const, message: `${customsProblem.message}. Ship it from the Ship screen, where the customs declaration can be edited (Alt+D), or add its items to the orders CSV.`, field: `customs.${customsProblem.field}` },
      };
      const held = { ...row, blockers: blockersOf(row) };
      prepared.set(input.key, { row: held, quotedFor: null, pkg, customs: null, choice });
      return held;
    }
    const customs = abroad ? order.customs : null;
    const rateFor = (to: StationAddress) => {
      const rating = ratingInput(to, pkg as PackageSpec, options, order.orderNumber, customs);
      const named = choice?.reference ? { ...rating, options: { ...rating.options, reference: choice.reference } } : rating;
      return from ? { ...named, from } : named;
    };
    const first = pkg ? rateFor(entered) : null;
    const [check, quoted] = await Promise.all([
      attempt(() => ports.addresses.validate(checked(addressCheckSchema, { address: entered }))),
      first ? attempt(() => ports.quotes.quote(checked(quoteInputSchema, first))) : Promise.resolve(null),
    ]);
    const verdict = judgeAddress(entered, check.ok ? check.value : null, check.ok ? null : check.error);
    let quote: RateQuote | null = quoted?.ok ? quoted.value : null;
    let quotedFor = first ? { to: first.to } : null;
    let error = quoted && !quoted.ok ? quoted.error : null;
    if (pkg && first && quote) {
      const again = rateFor(verdict.to);
      if (ratingKey(again) !== ratingKey(first)) {
        const requoted = await attempt(() => ports.quotes.quote(checked(quoteInputSchema, again)));
        quote = requoted.ok ? requoted.value : null;
        quotedFor = { to: again.to };
        error = requoted.ok ? null : requoted.error;
      }
    }
    const row = {
      ...base,
      order,
      alreadyShipped: order.shipped,
      to: verdict.to,
      address: verdict.address,
      weight,
      quote,
      picked: quote ? autoPick(quote.rates, quote.preselected, options) : null,
      error,
    };
    const done = { ...row, blockers: blockersOf(row) };
    prepared.set(input.key, { row: done, quotedFor, pkg, customs, choice });
    return done;
  }

  async function prepare(args: CommandArgs<'batch.prepare'>): Promise<BatchRow[]> {
    const settings = await attempt(() => ports.settings.current());
    const preset = settings.ok ? (settings.value.presets.find((p) => p.name === settings.value.defaultPreset) ?? settings.value.presets[0]) : undefined;
    const dims = preset ? { lengthIn: preset.lengthIn, widthIn: preset.widthIn, heightIn: preset.heightIn } : {};
    const origin = (settings.ok ? settings.value.shipFrom?.country : undefined) ?? SERVICE_HOME_COUNTRY;
    return mapBounded(args.rows, BATCH_CONCURRENCY, (row) => prepareOne(row, dims, origin));
  }

  async function buyOne(choice: CommandArgs<'batch.buy'>['rows'][number], print: boolean, extra: UnattendedExtras = {}): Promise<BatchOutcome> {
    const refuse = (message: string, code: 'invalid_input' | 'conflict' | 'not_found' = 'invalid_input'): BatchOutcome => ({ key: choice.key, ok: false, message, code });
    const ready = prepared.get(choice.key);
    if (!ready) return refuse('This package has not been rated on this station; rate it again (Alt+R).', 'not_found');
    const { row, quotedFor, pkg, customs, choice: named } = ready;
    if (row.alreadyShipped && !extra.answerShipped) return refuse('Already shipped: this order has its label; reprint it from History.', 'conflict');
    const overridden = row.address.status === 'needs_decision' && choice.override?.trim().toUpperCase() === OVERRIDE_WORD;
    const stops = row.blockers.filter((b) => !(overridden && b === row.address.problem) && !(extra.answerShipped && b === SHIPPED));
    const first = stops[0];
    if (first) return refuse(first);
    if (!row.quote || !quotedFor || !pkg || !row.to || !row.order || !row.quote.rates[choice.picked]) return refuse('Pick a service for this package.');
    if (row.quote.quoteId !== choice.quoteId || row.quote.rates[choice.picked]?.price !== choice.price) {
      return refuse('The price of this package changed since it was on screen: nothing was bought. Check the price now shown and buy again (Alt+P).', 'conflict');
    }
    const input = planPurchase({
      quote: row.quote,
      quotedFor,
      picked: choice.picked,
      to: row.to,
      pkg,
      options: { ...(named?.options ?? noOptions), ...(extra.insuranceAmount ? { insuranceAmount: extra.insuranceAmount } : {}) },
      ...(named?.reference ? { reference: named.reference } : {}),
      orderNumber: row.order.orderNumber,
      box: extra.box ?? 0,
      ...(extra.from ? { from: extra.from } : {}),
      packageKey: row.key,
      print,
      ...(overridden ? { addressOverride: overrideNote(row.address) } : {}),
      ...(customs ? { customs } : {}),
      ...(extra.fromBatch ? { decisions: [`Bought with Batch at the price its row showed (${formatMoney(toCents(choice.price), row.quote.rates[choice.picked]?.currency)}).`] } : {}),
    });
    const bought = await attempt(() => ports.labels.buy(checked(buyInputSchema, input)));
    if (!bought.ok) return refuse(bought.error.message, bought.error.code === 'conflict' ? 'conflict' : 'invalid_input');
    extra.bought?.(bought.value);
    return { key: row.key, ok: true, shipment: bought.value.shipment, printJobId: bought.value.printJobId, alreadyShipped: bought.value.reused };
  }

  /** One order prepared as a batch row, with no one at the bench: the ship-from given, or the settings' one. */
  async function prepareUnattended(
    key: string,
    args: { orderNumber: string; weightText: string; from?: StationAddress | undefined } & Partial<Omit<CommandArgs<'batch.buyOrder'>, 'orderNumber' | 'weightText' | 'from'>>,
  ): Promise<BatchRow> {
    const settings = await attempt(() => ports.settings.current());
    if (!args.from && settings.ok && !settings.value.shipFrom) {
      fail('not_configured', 'This station has no ship-from address: give one, or set it in Settings at the bench.');
    }
    const preset = settings.ok ? (settings.value.presets.find((p) => p.name === settings.value.defaultPreset) ?? settings.value.presets[0]) : undefined;
    const dims = preset ? { lengthIn: preset.lengthIn, widthIn: preset.widthIn, heightIn: preset.heightIn } : {};
    const origin = args.from?.country ?? (settings.ok ? settings.value.shipFrom?.country : undefined) ?? SERVICE_HOME_COUNTRY;
    const choice = unattendedChoice(args, settings.ok ? settings.value : null);
    return prepareOne({ key, orderNumber: args.orderNumber, weightText: args.weightText }, dims, origin, args.from, choice);
  }

  /**
   * One order rated as Batch rates it (address check and rates at once, the
   * same re-rate rule, the rule's pick), and forgotten: nothing is kept to buy.
   */
  async function rateOrder(args: CommandArgs<'batch.rateOrder'>): Promise<BatchRow> {
    const key = `rates-${randomUUID()}`;
    try {
      const row = await prepareUnattended(key, args);
      if (row.error && !row.quote) throw new StationFailure(row.error);
      return row;
    } finally {
      prepared.delete(key);
    }
  }

  /**
   * One order, unattended: prepared exactly as a batch row (address check and
   * rates at once, the same re-rate rule), the rate picked by the station's
   * rule or the service named, and bought through the one purchase plan. An
   * order already bought answers with its label, marked reused.
   */
  async function buyOrder(args: CommandArgs<'batch.buyOrder'>): Promise<OrderPurchase> {
    const insurance = readInsurance(args.insuranceText);
    if (insurance.error) fail('invalid_input', insurance.error, { field: 'insuranceText' });
    const key = `order-${randomUUID()}`;
    try {
      const row = await prepareUnattended(key, args);
      if (row.error && !row.quote) throw new StationFailure(row.error);
      if (row.weight.oz === null) fail('invalid_input', row.weight.error ?? `Order ${row.orderNumber} has no weight; give the weight in ounces.`, { field: 'weightText' });
      const picked = args.service === 'rule' ? row.picked : row.quote ? chooseRate(row.quote.rates, args.service, row.quote.rule) : null;
      if (picked === null || !row.quote?.rates[picked]) {
        const why = row.quote?.errors.map((e) => `${e.carrier}: ${e.message}`).join('; ') ?? '';
        fail('not_found', `No rate matches "${args.service}" for order ${row.orderNumber}${why ? ` (${why})` : ''}.`);
      }
      let purchase: PurchaseResult | undefined;
      const outcome = await buyOne({ key, picked, quoteId: row.quote.quoteId, price: row.quote.rates[picked].price }, args.print, {
        box: args.box,
        // An order bought already still goes through the plan: the journal answers with its label, marked reused, and charges nothing.
        answerShipped: true,
        ...(insurance.value ? { insuranceAmount: insurance.value } : {}),
        ...(args.from ? { from: args.from } : {}),
        bought: (result) => (purchase = result),
      });
      if (!outcome.ok || !purchase) fail(outcome.ok ? 'internal' : outcome.code === 'conflict' ? 'conflict' : 'invalid_input', outcome.ok ? 'The order was not bought.' : outcome.message);
      // As the store writes it (#1002), whichever spelling was asked for.
      return { orderNumber: row.order?.orderNumber ?? row.orderNumber, purchase, address: row.address };
    } finally {
      prepared.delete(key);
    }
  }

  /** `heard` hears each row's outcome as it comes (the Batch machine's lines follow it). */
  async function buy(args: CommandArgs<'batch.buy'>, heard?: (outcome: BatchOutcome) => void): Promise<{ batchId: string; outcomes: BatchOutcome[] }> {
    const batchId = randomUUID();
    let done = 0;
    const outcomes = await mapBounded(args.rows, BATCH_CONCURRENCY, async (choice) => {
      const outcome = await buyOne(choice, args.print, { fromBatch: true });
      done += 1;
      heard?.(outcome);
      emit('batch.progress', { batchId, done, total: args.rows.length, outcome });
      return outcome;
    });
    return { batchId, outcomes };
  }

  return { prepare, buy, buyOrder, rateOrder };
}

export type BatchBench = ReturnType<typeof createBatchBench>;
