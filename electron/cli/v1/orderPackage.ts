import type { CommandInput } from '../../../shared/contract';
import { fail, StationFailure } from '../../../shared/contract/errors';
import type { PackageSpec, StationAddress } from '../../../shared/contract/shippingTypes';
import type { HeadlessStation } from '../headless';
import { readShipFrom } from '../buy';
import { CliUsageError } from '../command';

/** Flags that name one package of one v1 order (rates and buy). */
export const orderPackageOptions = {
  order: { type: 'string' },
  store: { type: 'string' },
  'warehouse-name': { type: 'string' },
  package: { type: 'string', default: '1' },
  'weight-oz': { type: 'string' },
  size: { type: 'string' },
  'ship-from': { type: 'string' },
} as const;

export const orderPackageUsage = [
  '--order NUMBER      the v1 order; its store, warehouse, ship-to and box come from the v1 account\'s orders',
  '--store S           with --warehouse-name W: the order\'s v1 store and warehouse; its ship-to and box then come',
  '--warehouse-name W  from the inbox (orders import), for a service that does not list its orders',
  '--package N         which package of the order, from 1 (default 1)',
  '--weight-oz W       the weight in ounces, when the order has none or it changed',
  '--size LxWxH        the box in inches (10x8x4), when the order has none',
  '--ship-from FILE    ship from the address in this JSON file instead of the station\'s ship-from setting',
];

interface OrderPackageFlags {
  readonly order?: string | undefined;
  readonly store?: string | undefined;
  readonly 'warehouse-name'?: string | undefined;
  readonly package?: string | undefined;
  readonly 'weight-oz'?: string | undefined;
  readonly size?: string | undefined;
  readonly 'ship-from'?: string | undefined;
}

export type V1PackageInput = CommandInput<'account.rates'>;

function positive(text: string, flag: string, example: string): number {
  const n = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(n) || n <= 0) throw new CliUsageError(`${flag} takes a number above zero, such as ${example}.`);
  return n;
}

/** The flags checked before anything is asked of the station. */
export function checkOrderPackageFlags(values: OrderPackageFlags) {
  if (!values.order) throw new CliUsageError('Give the order number with --order.');
  if ((values.store === undefined) !== (values['warehouse-name'] === undefined)) throw new CliUsageError('Give --store and --warehouse-name together, or neither.');
  const packageIndex = Number(values.package ?? '1');
  if (!Number.isInteger(packageIndex) || packageIndex < 1) throw new CliUsageError('--package takes a whole number from 1.');
  const weightOz = values['weight-oz'] === undefined ? undefined : positive(values['weight-oz'], '--weight-oz', '12.5');
  let size: { lengthIn: number; widthIn: number; heightIn: number } | undefined;
  if (values.size !== undefined) {
    const parts = values.size.toLowerCase().split('x');
    if (parts.length !== 3) throw new CliUsageError('--size takes the box in inches as LxWxH, such as 10x8x4.');
    const [l, w, h] = parts.map((p) => positive(p, '--size', '10x8x4'));
    size = { lengthIn: l as number, widthIn: w as number, heightIn: h as number };
  }
  const from = values['ship-from'] === undefined ? undefined : readShipFrom(values['ship-from']);
  return { orderNumber: values.order, store: values.store, warehouse: values['warehouse-name'], packageIndex, weightOz, size, from };
}

/**
 * The package to rate or buy: the order as the v1 account lists it, or with
 * --store and --warehouse-name the order in the station's inbox; the weight and box
 * flags win over what the order says.
 */
export async function resolveOrderPackage(headless: HeadlessStation, flags: ReturnType<typeof checkOrderPackageFlags>): Promise<V1PackageInput> {
  const { orderNumber, packageIndex } = flags;
  let storeName: string;
  let warehouseName: string;
  let to: StationAddress;
  let pkg: PackageSpec | null;
  if (flags.store !== undefined && flags.warehouse !== undefined) {
    const line = await headless.call('orders.lookup', { orderNumber });
    storeName = flags.store;
    warehouseName = flags.warehouse;
    to = line.recipient;
    pkg = packageIndex === 1 ? line.package : null;
  } else {
    const orders = await headless.call('account.orders.list', {}).catch((error: unknown) => {
      // A real v1 service lists no orders: the order is named by its store and warehouse instead.
      if (error instanceof StationFailure && error.error.code === 'not_configured') {
        return fail('not_configured', `${error.error.message} To rate order ${orderNumber} from the inbox, name its v1 store and warehouse with --store and --warehouse-name.`);
      }
      throw error;
    });
    const order = orders.find((o) => o.orderNumber.toLowerCase() === orderNumber.trim().toLowerCase());
    if (!order) return fail('not_found', `Order ${orderNumber} is not among the v1 account's orders. To rate an order from the inbox, name its v1 store and warehouse with --store and --warehouse-name.`);
    if (!order.warehouseName) return fail('invalid_input', `Order ${order.orderNumber} names no warehouse; give it with --store and --warehouse-name.`);
    if (packageIndex > order.packages.length) return fail('invalid_input', `Order ${order.orderNumber} has ${order.packages.length} package${order.packages.length === 1 ? '' : 's'}; there is no package ${packageIndex}.`);
    storeName = order.storeName;
    warehouseName = order.warehouseName;
    to = order.to;
    pkg = order.packages[packageIndex - 1] ?? null;
  }
  const weightOz = flags.weightOz ?? pkg?.weightOz;
  if (weightOz === undefined) return fail('invalid_input', `Order ${orderNumber} has no weight for package ${packageIndex}; give it with --weight-oz.`);
  const lengthIn = flags.size?.lengthIn ?? pkg?.lengthIn;
  const widthIn = flags.size?.widthIn ?? pkg?.widthIn;
  const heightIn = flags.size?.heightIn ?? pkg?.heightIn;
  if (lengthIn === undefined || widthIn === undefined || heightIn === undefined) {
    return fail('invalid_input', `v1 rates need the box size, and order ${orderNumber} has none for package ${packageIndex}; give it with --size LxWxH (inches).`);
  }
  return { storeName, orderNumber, packageIndex, warehouseName, to, package: { weightOz, lengthIn, widthIn, heightIn }, ...(flags.from ? { from: flags.from } : {}) };
}
