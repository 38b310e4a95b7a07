import type { CommandArgs, CommandInput, CommandName, CommandOutput } from '../../shared/contract';
import type { ReturnPurchase } from '../../shared/contract/bench';
import { fail, StationFailure } from '../../shared/contract/errors';
import { readWeight } from './fields';
import type { StationCall } from './shipBench';

/**
 * The return label of an order with no one at the bench (the command line's
 * `returns buy`): the Returns screen's purchase, from the order's customer back
 * to the ship-from address with a USPS Returns level. Buying it again shows the
 * return bought earlier (the purchase journal's rule); another return label is
 * bought only when asked for, as the next return number after those bought
 * (at any bench of a warehouse).
 */
export function createReturnsBench(call: StationCall) {
  async function must<N extends CommandName>(name: N, input: CommandInput<N>): Promise<CommandOutput<N>> {
    const result = await call(name, input);
    if (!result.ok) throw new StationFailure(result.error);
    return result.value;
  }

  async function buyForOrder(args: CommandArgs<'returns.buyForOrder'>): Promise<ReturnPurchase> {
    const order = await must('orders.lookup', { orderNumber: args.orderNumber });
    const shipFrom = args.shipFrom ?? (await must('settings.shipping.get', {})).shipFrom;
    if (!shipFrom) fail('not_configured', 'Returns go back to the ship-from address, and none is set: give one, or set it in Settings at the bench.');
    const typed = readWeight(args.weightText);
    if (typed.error) fail('invalid_input', typed.error, { field: 'weightText' });
    const weightOz = typed.value ?? order.package?.weightOz;
    if (!weightOz) fail('invalid_input', `Order ${order.orderNumber} has no weight; give the weight of the return package.`, { field: 'weightText' });
    const returnNumber = args.another ? (await must('returns.next', { orderNumber: order.orderNumber })).returnNumber : 1;
    const purchase = await must('labels.buy', {
      method: 'direct',
      carrierCode: 'USPS',
      serviceLevel: args.serviceLevel,
      from: order.recipient,
      to: shipFrom,
      package: { weightOz },
      options: { isReturnLabel: true },
      orderNumber: order.orderNumber,
      returnNumber,
      print: args.print,
    });
    return { orderNumber: order.orderNumber, returnNumber, purchase };
  }

  return { buyForOrder };
}
