import type { CommandArgs } from '../../shared/contract';
import type { AutoBuySetting } from '../../shared/contract/autoBuyView';
import { shownQuote as shownOf, type BenchState } from '../../shared/contract/bench';
import type { Result } from '../../shared/contract/errors';
import { addressCheckSchema, buyInputSchema, orderLookupSchema, quoteInputSchema } from '../../shared/contract/shipping';
import type { PackagePreset, PurchaseStage } from '../../shared/contract/shippingTypes';
import { SERVICE_HOME_COUNTRY } from '../../shared/domain/countries';
import { parseScan } from '../../shared/domain/scan';
import { orderBoxKey } from '../purchases/packageKey';
import { readSetup } from './packageSetup';
import { checked, type Attempt, type BenchPorts } from './ports';
import { initialMachine, step, type Effect, type ShipEvent, type ShipMachine } from './shipMachine';
import { lineOf, verifying } from './verify';
import { runMachine } from './machineRunner';

export interface ShipBenchDeps {
  readonly ports: BenchPorts;
  readonly attempt: Attempt;
  /** The next free box number of an order, above `after` and above every box the station holds a label for. */
  readonly nextBox: (orderNumber: string, after: number) => number;
  readonly emit: (state: BenchState) => void;
  /** How long the purchase journal keeps asking the service before it gives up, in seconds. */
  readonly purchaseLimitSeconds: number;
  /** The bench's name as the station knows it (the warehouse's name for it, else the computer's); the label reference wins when set. */
  readonly benchName: string;
}

/**
 * The Ship screen's bench, held in the station: the pure machine of
 * shipMachine.ts, and here the station side of it. An intent becomes an
 * event (with what the station read for it: the order, the settings, the
 * next box), each effect the machine asks for is run on the ports, and its
 * answer comes back as an event. Every change of the view is pushed.
 */
export function createShipBench({ ports, attempt, nextBox, emit, purchaseLimitSeconds, benchName }: ShipBenchDeps) {
  const { dispatch, until, current: machine } = runMachine({ initial: initialMachine(), step: (m: ShipMachine, e: ShipEvent) => step(m, e, purchaseLimitSeconds), emit, run });
  const timers = new Set<NodeJS.Timeout>();

  const answer = <T>(call: () => Promise<T>, event: (result: Result<T>) => ShipEvent): void => {
    void attempt(call).then((result) => dispatch(event(result)));
  };

  function run(effect: Effect): void {
    if (effect.type === 'check') {
      const { ticket, address } = effect;
      answer(() => ports.addresses.validate(checked(addressCheckSchema, { address })), (result) => ({ type: 'addressChecked', ticket, entered: address, result }));
    } else if (effect.type === 'rate') {
      const { ticket, input } = effect;
      answer(() => ports.quotes.quote(checked(quoteInputSchema, input)), (result) => ({ type: 'rated', ticket, result }));
    } else if (effect.type === 'priceInsurance') {
      const { key, input } = effect;
      answer(() => ports.insurance.insurance(input), (result) => ({ type: 'insurancePriced', key, result }));
    } else if (effect.type === 'buy') {
      const { packageId, input } = effect;
      answer(() => ports.labels.buy(checked(buyInputSchema, input)), (result) => ({ type: 'bought', packageId, result }));
    } else if (effect.type === 'reprint') {
      const { shipmentId } = effect;
      answer(() => ports.history.reprint({ shipmentId, kind: 'label' }), (result) => ({ type: 'reprinted', result }));
    } else if (effect.type === 'autoBuyTimer') {
      const { ticket } = effect;
      const timer = setTimeout(() => {
        timers.delete(timer);
        dispatch({ type: 'autoBuyDue', ticket });
      }, effect.ms);
      timers.add(timer);
    } else void attempt(() => ports.scale.tare());
  }

  /** A buying key: answered once it is judged, and when it buys, once the purchase has its answer. */
  async function buy(args: CommandArgs<'bench.buy'>): Promise<BenchState> {
    const packageId = machine().view.packageId;
    dispatch({ type: 'buyPressed', shown: args.shown });
    return until((m) => m.view.packageId !== packageId || (m.pendingBuy === null && m.view.purchase.status !== 'buying'));
  }

  async function settings() {
    const current = await attempt(() => ports.settings.current());
    if (!current.ok) return { preset: null, presets: [], origin: machine().origin, scanToVerify: false, who: benchName };
    const { presets, defaultPreset, shipFrom, scanToVerify, labelReference } = current.value;
    const preset: PackagePreset | null = presets.find((p) => p.name === defaultPreset) ?? presets[0] ?? null;
    return { preset, presets, origin: shipFrom?.country ?? SERVICE_HOME_COUNTRY, scanToVerify, who: labelReference?.trim() || benchName };
  }

  /** While the order's items are being checked, a scan that is not one of them is refused as the wrong item; null when it may be an order. */
  const checkingItems = (): boolean => verifying(machine().view.verify) && (machine().view.purchase.status === 'none' || machine().view.purchase.status === 'failed');
  const wrongItem = (text: string): BenchState | null => (checkingItems() ? dispatch({ type: 'itemRefused', text, product: null }) : null);

  async function scanOrder(orderNumber: string): Promise<BenchState> {
    const [found, read] = await Promise.all([attempt(() => ports.orders.lookup(checked(orderLookupSchema, { orderNumber }).orderNumber)), settings()]);
    if (!found.ok) return (found.error.code === 'not_found' ? wrongItem(orderNumber) : null) ?? dispatch({ type: 'scanRefused', error: found.error, restart: true });
    const setup = await readSetup(ports, attempt, found.value, read);
    return dispatch({ type: 'scanned', order: found.value, preset: read.preset, origin: read.origin, packageKey: orderBoxKey(found.value.orderNumber, 0), setup });
  }

  const refuse = (message: string): BenchState => dispatch({ type: 'scanRefused', error: { code: 'not_found', message }, restart: false });

  function anotherBox(): BenchState {
    const { order, box } = machine().view;
    if (!order) return machine().view;
    const next = nextBox(order.orderNumber, box);
    return dispatch({ type: 'anotherBox', box: next, packageKey: orderBoxKey(order.orderNumber, next) });
  }

  async function scan(args: CommandArgs<'bench.scan'>): Promise<BenchState> {
    const parsed = parseScan(args.text);
    if (parsed.kind === 'command') {
      // The command barcode buys what the station last pushed to the screen.
      if (parsed.command === 'BUY') return buy({ shown: shownOf(machine().view) });
      if (parsed.command === 'NEXT' || parsed.command === 'CANCEL') return dispatch({ type: 'cleared' });
      if (parsed.command === 'ANOTHER_BOX') return machine().view.order ? anotherBox() : refuse('Scan an order first: another box is for the order on the bench.');
      if (parsed.command === 'ZERO_SCALE') return dispatch({ type: 'tare' });
      if (parsed.command === 'REPRINT_LAST' || parsed.command === 'VOID_LAST') {
        const found = await attempt(async () => ports.history.search({ query: '', state: 'bought', limit: 1 }));
        const last = found.ok ? (found.value.shipments[0] ?? null) : null;
        return dispatch({ type: 'lastLabelAsked', action: parsed.command === 'VOID_LAST' ? 'void' : 'reprint', last });
      }
      return refuse('That command barcode works on the Ship screen of the station window.');
    }
    if (checkingItems()) {
      // An item of the order on the bench counts as an item, not as the next order.
      const line = lineOf(machine().view.verify, args.text);
      if (line !== null) return dispatch({ type: 'itemScanned', line });
      const product = await attempt(async () => ports.products.get(args.text.trim()));
      if (product.ok && product.value) return dispatch({ type: 'itemRefused', text: args.text, product: { sku: product.value.sku, name: product.value.name } });
    }
    if (parsed.kind === 'unknown') return wrongItem(args.text) ?? refuse(parsed.message ?? 'That scan is not an order number.');
    if (parsed.kind === 'tracking' && !parsed.order_number) {
      return refuse(`That is a ${parsed.carrier ? `${parsed.carrier} ` : ''}tracking number, not an order. Use Void, Tracking or History to work with a label.`);
    }
    return scanOrder(parsed.order_number ?? args.text.trim());
  }

  async function setBox(args: CommandArgs<'bench.box'>): Promise<BenchState> {
    const read = await settings();
    return dispatch({ type: 'boxChosen', preset: read.presets.find((p) => p.name === args.presetName) ?? null });
  }

  async function verify(args: CommandArgs<'bench.verify'>): Promise<BenchState> {
    if (args.action === 'count') return dispatch({ type: 'itemCounted', line: args.line, quantity: args.quantity });
    const read = await settings();
    return dispatch({ type: 'verifySkipped', by: read.who });
  }

  async function release(): Promise<BenchState> {
    const read = await settings();
    return dispatch({ type: 'holdReleased', by: read.who });
  }

  return {
    state: (): BenchState => machine().view,
    verify,
    release,
    scan,
    typeWeight: (args: CommandArgs<'bench.weight'>) => dispatch({ type: 'weightTyped', text: args.text }),
    setBox,
    setOption: (args: CommandArgs<'bench.option'>) => dispatch({ type: 'optionSet', args }),
    pick: (args: CommandArgs<'bench.pick'>) => dispatch({ type: 'picked', args }),
    confirmService: (args: CommandArgs<'bench.confirmService'>) => dispatch({ type: 'serviceConfirmed', word: args.word }),
    decideAddress: (args: CommandArgs<'bench.address'>) => dispatch({ type: 'addressDecided', args }),
    setCustoms: (args: CommandArgs<'bench.customs'>) => dispatch({ type: 'customsEdited', customs: args.customs }),
    buy,
    anotherBox,
    clear: () => dispatch({ type: 'cleared' }),
    scaleReading: (reading: Extract<ShipEvent, { type: 'scaleRead' }>['reading']) => void dispatch({ type: 'scaleRead', reading }),
    progress: (key: string, stage: PurchaseStage) => void dispatch({ type: 'progress', key, stage }),
    stopAutoBuy: () => dispatch({ type: 'autoBuyStop' }),
    setAutoBuy: (setting: AutoBuySetting) => void dispatch({ type: 'autoBuySet', setting }),
    printerReadiness: (notReady: string | null) => void dispatch({ type: 'printerReadiness', notReady }),
    /** A countdown running at close never buys: its timer goes with the station. */
    close(): void {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

export type ShipBench = ReturnType<typeof createShipBench>;
