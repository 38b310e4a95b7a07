import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { stationOptions, stationOptionsUsage, withHeadlessStation } from './headless';
import { CliUsageError, type CliCommand } from './command';

export const ordersCommand: CliCommand = {
  name: 'orders',
  summary: 'Orders inbox: import a CSV file, list it (on the practice service, pull its demo orders)',
  usage: [
    'Usage: parcel-station orders import FILE.csv [options]',
    '       parcel-station orders pull-practice [options]   the practice service\'s demo orders (a real service lists none)',
    '       parcel-station orders list [QUERY] [--json] [options]',
    '',
    'CSV columns (header row): order_number, recipient_name, company, street, street2, city, state,',
    'zip_code, country, phone, email, weight_oz, length_in, width_in, height_in.',
    'A bad row is reported by its line number and the good rows still import (exit code 1 when any row was bad).',
    '',
    ...stationOptionsUsage,
  ].join('\n'),
  async run(argv, io) {
    const { values, positionals } = parseArgs({ args: [...argv], options: { ...stationOptions, json: { type: 'boolean', default: false } }, allowPositionals: true, strict: true });
    const [action, arg] = positionals;
    if (action === 'import' && !arg) throw new CliUsageError('Name the CSV file to import.');
    // The real service lists no orders: the old `pull` is answered in words rather than read as a practice pull.
    if (action === 'pull') throw new CliUsageError('The shipping service offers no list of its orders: import them with "orders import FILE.csv". On the practice service, "orders pull-practice" copies its demo orders.');
    if (action !== 'import' && action !== 'pull-practice' && action !== 'list') throw new CliUsageError('Say what to do: import, list or pull-practice.');
    let csv = '';
    if (action === 'import') {
      try {
        csv = fs.readFileSync(arg as string, 'utf8');
      } catch {
        io.err(`Cannot read ${arg}.`);
        return 1;
      }
    }
    return withHeadlessStation(values, async (headless) => {
      if (action === 'import') {
        const report = await headless.call('orders.importCsv', { csv });
        for (const e of report.errors) io.err(`line ${e.line}: ${e.message}`);
        io.out(`Imported ${report.imported} new order${report.imported === 1 ? '' : 's'}, updated ${report.updated}, ${report.errors.length} bad row${report.errors.length === 1 ? '' : 's'}.`);
        return report.errors.length > 0 ? 1 : 0;
      }
      if (action === 'pull-practice') {
        const r = await headless.call('orders.pullPracticeOrders', {});
        io.out(`Pulled ${r.imported} new practice order${r.imported === 1 ? '' : 's'}, updated ${r.updated}.`);
        return 0;
      }
      const list = await headless.call('orders.list', { query: arg ?? '', includeShipped: true, limit: 500 });
      if (values.json) io.out(JSON.stringify(list));
      else for (const o of list) io.out(`${o.orderNumber.padEnd(16)} ${o.shipped ? 'shipped' : 'open   '} ${o.recipient.name}, ${o.recipient.city} ${o.recipient.state}`);
      return 0;
    });
  },
};
