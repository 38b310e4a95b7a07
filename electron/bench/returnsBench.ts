import type { CommandArgs } from '../../shared/contract';
import type { ReturnPurchase } from '../../shared/contract/bench';
import { fail } from '../../shared/contract/errors';
import { buyInputSchema } from '../../shared/contract/shipping';
import { readWeight } from './fields';
import { checked, type BenchPorts } from './ports';
import { unattendedChoice } from './unattended';

/**
 * The return label of an order with no one at the bench (the command line's
 * `returns buy`): the Returns screen's purchase, from the order's customer back
 * to the ship-from address with a USPS Returns level. Buying it again shows the
 * return bought earlier (the purchase journal's rule); another return label is
 * bought only when asked for, as the next return number after those bought
 * (at any bench of a warehouse). A refusal on the way is the command's answer.
 */
export function createReturnsBench(ports: Pick<BenchPorts, 'orders' | 'settings' | 'labels'>) {
  async function buyForOrder(args: CommandArgs<'returns.buyForOrder'>): Promise<ReturnPurchase> {
    const order = await ports.orders.lookup(args.orderNumber);
    const shipFrom = args.shipFrom ?? (await ports.settings.current()).shipFrom;
    if (!shipFrom) fail('not_configured', 'Returns go back to the ship-from address, and none is set: give one, or set it in Settings at the bench.');
    const typed = readWeight(args.weightText);
    if (typed.error) fail('invalid_input', typed.error, { field: 'weightText' });
    const weightOz = typed.value ?? order.package?.weightOz;
    if (!weightOz) fail('invalid_input', `Order ${order.orderNumber} has no weight; give the weight of the return package.`, { field: 'weightText' });
    const choice = unattendedChoice(args, await ports.settings.current());
    const returnNumber = args.another ? (await ports.labels.nextReturn(order.orderNumber)).returnNumber : 1;
    const purchase = await ports.labels.buy(
      checked(buyInputSchema, {
        method: 'direct',
        carrierCode: 'USPS',
        serviceLevel: args.serviceLevel,
        from: order.recipient,
        to: shipFrom,
        package: { ...choice.box, weightOz },
        options: {
          isReturnLabel: true,
          ...(choice.options.signature ? { signature: choice.options.signature } : {}),
          ...(choice.options.saturday ? { saturday: true } : {}),
          ...(choice.options.additionalHandling ? { additionalHandling: true } : {}),
          ...(choice.reference ? { reference: choice.reference } : {}),
        },
        orderNumber: order.orderNumber,
        returnNumber,
        print: args.print,
      }),
    );
    return { orderNumber: order.orderNumber, returnNumber, purchase };
  }

  return { buyForOrder };
}
