import { randomUUID } from 'node:crypto';
import type { CommandArgs } from '../../shared/contract';
import type { ReturnPurchase } from '../../shared/contract/batchBench';
import { returnsShown, type ReturnsView } from '../../shared/contract/desks';
import { fail, StationFailure } from '../../shared/contract/errors';
import { buyInputSchema, orderLookupSchema, quoteInputSchema, usPsReturnLevels } from '../../shared/contract/shipping';
import type { StationAddress } from '../../shared/contract/shippingTypes';
import { checked, type Attempt, type BenchPorts } from './ports';
import { initialReturns, returnsStep, type ReturnsEffect, type ReturnsEvent } from './returnsMachine';
import { unattendedChoice } from './unattended';
import { runMachine } from './machineRunner';

type ReturnsPorts = Pick<BenchPorts, 'orders' | 'settings' | 'labels' | 'quotes'>;

const NO_SHIP_FROM = 'Returns go back to the ship-from address, and none is set: give one, or set it in Settings at the bench.';
const newKey = (): string => `return:${randomUUID()}`;

/**
 * The station side of the Returns machine (returnsMachine.ts): the screen's
 * intents and the command line's `returns buy` become events, each effect
 * (price, buy) runs on the ports, and its answer comes back as an event.
 */
export function createReturnsDesk(ports: ReturnsPorts, attempt: Attempt, emit: (view: ReturnsView) => void, shipFrom?: StationAddress) {
  const { dispatch, until, current: machine } = runMachine({ initial: initialReturns(newKey()), step: returnsStep, emit, run });
  /** The scale's last stable reading, taken as a return's weight when its order is looked up. */
  let scaleOz: number | null = null;

  async function returnAddress(): Promise<StationAddress> {
    if (shipFrom) return shipFrom;
    const settings = await ports.settings.current();
    if (!settings.shipFrom) fail('not_configured', NO_SHIP_FROM);
    return settings.shipFrom;
  }

  function run(effect: ReturnsEffect): void {
    if (effect.type === 'rate') {
      const { ticket, from, pkg, orderNumber, options } = effect;
      let to: StationAddress | null = null;
      void attempt(async () => {
        to = await returnAddress();
        const input = { to, from, package: pkg, options, ...(orderNumber ? { orderNumber } : {}), carriers: [{ providerId: 'USPS', serviceLevels: [...usPsReturnLevels] }] };
        return ports.quotes.quote(checked(quoteInputSchema, input));
      }).then((result) => dispatch({ type: 'rated', ticket, to, result }));
    } else {
      const { packageId, input } = effect;
      void attempt(() => ports.labels.buy(checked(buyInputSchema, input))).then((result) => dispatch({ type: 'bought', packageId, result }));
    }
  }

  async function order(args: CommandArgs<'returnsDesk.order'>): Promise<ReturnsView> {
    const found = await attempt(() => ports.orders.lookup(checked(orderLookupSchema, { orderNumber: args.orderNumber }).orderNumber));
    if (!found.ok) return dispatch({ type: 'lookupRefused', error: found.error });
    return dispatch({ type: 'orderFound', order: found.value, scaleOz, packageKey: newKey() });
  }

  /** The buying key: answered once the purchase has its answer (or was refused). */
  async function buy(args: CommandArgs<'returnsDesk.buy'>): Promise<ReturnsView> {
    dispatch({ type: 'buyPressed', shown: args.shown });
    return until((m) => m.view.purchase.status !== 'buying');
  }

  // The next number comes from the station's claims: in a warehouse another bench may have bought the order's next return already.
  async function another(): Promise<ReturnsView> {
    const { orderNumber } = machine().view;
    if (!orderNumber) return machine().view;
    const next = await attempt(() => ports.labels.nextReturn(orderNumber));
    if (!next.ok) return dispatch({ type: 'lookupRefused', error: next.error });
    return dispatch({ type: 'anotherAsked', returnNumber: next.value.returnNumber });
  }

  return {
    state: (): ReturnsView => machine().view,
    order,
    customer: (args: CommandArgs<'returnsDesk.customer'>) => dispatch({ type: 'customerTyped', address: args.address as StationAddress }),
    weight: (args: CommandArgs<'returnsDesk.weight'>) => dispatch({ type: 'weightTyped', text: args.text }),
    pick: (args: CommandArgs<'returnsDesk.pick'>) => dispatch({ type: 'picked', index: args.index }),
    buy,
    another,
    clear: () => dispatch({ type: 'cleared', packageKey: newKey() }),
    choose: (event: Omit<Extract<ReturnsEvent, { type: 'chosen' }>, 'type'>) => dispatch({ type: 'chosen', ...event }),
    weighed: (oz: number | null) => void (scaleOz = oz),
    priced: () => until((m) => m.view.rates.status !== 'rating'),
  };
}

const refusal = (view: ReturnsView): never => {
  const error = view.purchase.error ?? view.lookupError ?? view.rates.error;
  if (error) throw new StationFailure(error);
  return fail('invalid_input', view.blockers[0]?.message ?? 'The return label was not bought.');
};

/**
 * The return label of an order with no one at the bench (the command line's
 * `returns buy`), through the Returns screen's own machine: looked up, priced,
 * then bought at the price it was given. Buying it again shows the return
 * bought earlier (the purchase journal's rule); another one is bought only
 * when asked for, as the next return number.
 */
export async function buyReturnUnattended(ports: ReturnsPorts, attempt: Attempt, args: CommandArgs<'returns.buyForOrder'>): Promise<ReturnPurchase> {
  const settings = await ports.settings.current();
  const shipFrom = args.shipFrom ?? settings.shipFrom;
  if (!shipFrom) fail('not_configured', NO_SHIP_FROM);
  const desk = createReturnsDesk(ports, attempt, () => undefined, shipFrom as StationAddress);
  desk.choose({ choice: unattendedChoice(args, settings), print: args.print, level: args.serviceLevel });
  const typed = args.weightText.trim();
  let view = await desk.order({ orderNumber: args.orderNumber });
  if (view.lookupError) throw new StationFailure(view.lookupError);
  if (typed) view = desk.weight({ text: typed });
  if (view.weight.oz === null) {
    fail('invalid_input', view.weight.error ?? `Order ${view.orderNumber ?? args.orderNumber} has no weight; give the weight of the return package.`, { field: 'weightText' });
  }
  if (args.another) {
    // The next number after the order's returns bought (at any bench of a warehouse).
    view = await desk.another();
    if (view.lookupError) throw new StationFailure(view.lookupError);
  }
  view = await desk.priced();
  if (view.rates.status === 'ready' && view.rates.picked === null) fail('not_found', `No ${args.serviceLevel} price was offered for order ${view.orderNumber ?? args.orderNumber}.`);
  view = await desk.buy({ shown: returnsShown(view) });
  if (!view.purchase.result) return refusal(view);
  return { orderNumber: view.orderNumber ?? args.orderNumber, returnNumber: view.returnNumber, purchase: view.purchase.result };
}
