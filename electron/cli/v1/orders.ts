import { parseArgs } from 'node:util';
import { stationOptions, withHeadlessStation } from '../headless';
import { CliUsageError, type CliCommand } from '../command';

const statuses = ['awaiting', 'hold', 'shipped'] as const;
const isStatus = (s: string): s is (typeof statuses)[number] => (statuses as readonly string[]).includes(s);

export const v1OrdersCommand: CliCommand = {
  name: 'orders',
  summary: 'The v1 account\'s orders (a service that lists them: the sandbox)',
  usage: [
    'parcel-station v1 orders [--status awaiting|hold|shipped] [--store S] [--json]',
    '→ {"orders": [{"order_number", "store_name", "warehouse_name", "status", "has_label", "recipient", "city", "state", "packages"}]}',
  ].join('\n'),
  async run(argv, io) {
    const { values } = parseArgs({ args: [...argv], options: { ...stationOptions, json: { type: 'boolean', default: false }, status: { type: 'string' }, store: { type: 'string' } }, strict: true });
    const status = values.status?.trim().toLowerCase();
    if (status !== undefined && !isStatus(status)) throw new CliUsageError('--status is awaiting, hold or shipped.');
    return withHeadlessStation(values, async (headless) => {
      const orders = await headless.call('account.orders.list', { ...(status ? { status } : {}), ...(values.store ? { storeName: values.store } : {}) });
      if (values.json) {
        io.out(
          JSON.stringify({
            orders: orders.map((o) => ({
              order_number: o.orderNumber,
              store_name: o.storeName,
              warehouse_name: o.warehouseName,
              status: o.status,
              has_label: o.hasLabel,
              recipient: o.to.name,
              city: o.to.city,
              state: o.to.state,
              packages: o.packages.length,
            })),
          }),
        );
      } else if (orders.length === 0) io.out('No v1 orders.');
      else for (const o of orders) io.out(`${o.orderNumber.padEnd(14)} ${o.status.padEnd(8)} ${o.hasLabel ? 'label' : '     '}  ${o.to.name}, ${o.to.city} ${o.to.state}  (${o.storeName})`);
      return 0;
    });
  },
};
