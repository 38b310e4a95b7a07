import { parseArgs } from 'node:util';
import type { CsvImportReport, OrderLine } from '../../shared/contract/shippingTypes';
import { decodeExport } from '../../shared/domain/orderImport/decode';
import { headerCells } from '../../shared/domain/orderImport/header';
import { plural } from '../../shared/domain/operatorWords';
import { storeFormats, type StoreFormat } from '../../shared/domain/orderImport/types';
import { stationOptions, stationOptionsUsage, withHeadlessStation } from './headless';
import { CliUsageError, type CliCommand } from './command';
import { readInputFile } from './inputFile';

const formatOf = (text: string): StoreFormat | 'auto' => {
  const wanted = text.trim().toLowerCase();
  if (wanted === 'auto' || (storeFormats as readonly string[]).includes(wanted)) return wanted as StoreFormat | 'auto';
  throw new CliUsageError(`--format is one of auto, ${storeFormats.join(', ')}.`);
};

function printReport(report: CsvImportReport, io: { out(text: string): void; err(text: string): void }, json: boolean): number {
  if (json) io.out(JSON.stringify({ format: report.format, imported: report.imported, updated: report.updated, skipped: report.skipped, refused: report.refused }));
  else {
    for (const s of report.skipped) io.out(`skipped order ${s.order_number} (line ${s.line}): ${s.reason}`);
    for (const e of report.refused) io.err(`line ${e.line}: ${e.message}`);
    const read = report.format ? `Read as ${report.format}. ` : '';
    io.out(`${read}Imported ${plural(report.imported, 'new order')}, updated ${report.updated}, skipped ${report.skipped.length}, refused ${report.refused.length}.`);
  }
  return report.refused.length > 0 ? 1 : 0;
}

/** `orders list --json`: the order number as the store shows it, what goes in the box, and whether it is still to ship. */
const listed = (o: OrderLine) => ({
  order_number: o.orderNumber,
  status: o.shipped ? 'shipped' : 'open',
  recipient: o.recipient,
  items: o.items.map((i) => ({ sku: i.sku, name: i.name, quantity: i.quantity })),
  package: o.package,
  source: o.source,
});

type Io = { out(text: string): void; err(text: string): void };

/** `orders mapping save NAME FILE --map field=Column …` and `orders mapping list`. */
async function mappingCommand(args: readonly string[], values: Parameters<typeof withHeadlessStation>[0] & { map?: string[] | undefined; json?: boolean }, io: Io): Promise<number> {
  const [sub, name, file] = args;
  if (sub === 'list') {
    return withHeadlessStation(values, async (headless) => {
      const list = await headless.call('orders.mappings.list', {});
      if (values.json) io.out(JSON.stringify(list));
      else for (const m of list) io.out(`${m.name}: ${Object.entries(m.columns).map(([field, column]) => `${field}=${column}`).join(', ')}`);
      return 0;
    });
  }
  if (sub !== 'save' || !name || !file) throw new CliUsageError('Say: orders mapping save NAME FILE --map order_number=COLUMN …, or orders mapping list.');
  const columns: Record<string, string> = {};
  for (const pair of values.map ?? []) {
    const at = pair.indexOf('=');
    if (at < 1) throw new CliUsageError(`--map takes field=Column, such as order_number="Order #"; not "${pair}".`);
    columns[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
  }
  const header = headerCells(decodeExport(readInputFile(file)));
  return withHeadlessStation(values, async (headless) => {
    const saved = await headless.call('orders.mappings.save', { name, header, columns });
    io.out(`Saved the mapping "${saved.name}" for files with this header (${plural(header.length, 'column')}).`);
    return 0;
  });
}

export const ordersCommand: CliCommand = {
  name: 'orders',
  summary: "Orders inbox: import a store's export or the station's CSV, list it (on the practice service, pull its demo orders)",
  usage: [
    'Usage: parcel-station orders import FILE [--format auto|shopify|woocommerce|ebay|etsy|amazon|shipstation|station] [--json] [options]',
    '       parcel-station orders pull-practice [options]   the practice service\'s demo orders (a real service lists none)',
    '       parcel-station orders list [QUERY] [--json] [options]',
    '       parcel-station orders import FILE --mapping NAME [options]   any other CSV, through a saved column mapping',
    '       parcel-station orders mapping save NAME FILE --map order_number=COLUMN --map recipient_name=COLUMN … [options]',
    '       parcel-station orders mapping list [options]',
    '',
    'A mapping says which of the file\'s columns holds each station field (order_number, recipient_name, company, street,',
    'street2, city, state, zip_code, country, phone, email, sku, item_name, item_quantity, item_price, weight_oz); it is',
    'kept under its name with FILE\'s header, and a later file with that very header is read through it by itself.',
    '',
    'import reads the file as the store exported it, recognised by its header: Shopify orders export, WooCommerce',
    '(Advanced Order Export or Customer/Order Export), eBay Seller Hub orders report, Etsy sold order items,',
    'Amazon unshipped orders report (tab-separated), ShipStation orders export, or the station\'s own CSV.',
    'Orders the store already shipped or cancelled are skipped with the reason. Excel\'s BOM, CRLF, `;`,',
    'Windows-1252 text and apostrophe ZIPs are accepted. --json prints one line:',
    '{"format","imported","updated","skipped":[{"line","order_number","reason"}],"refused":[{"line","message"}]}.',
    'Exit code 1 when anything was refused.',
    '',
    "The station's own CSV: order_number, recipient_name, street and city are required; the other columns are",
    'company, street2, state, zip_code, country, phone, email, weight_oz (or weight_lb, weight_g, weight_kg), length_in,',
    'width_in, height_in, sku, and',
    'per item row item_description, item_quantity, item_value_usd, item_weight_oz, item_hs_code, item_origin_country;',
    'contents_type, non_delivery, itn, aes_exemption for customs. Rows of one order share its order_number.',
    '',
    'An order is found by its number as the store writes it (#1001) or without the # (1001).',
    '',
    ...stationOptionsUsage,
  ].join('\n'),
  async run(argv, io) {
    const { values, positionals } = parseArgs({
      args: [...argv],
      options: { ...stationOptions, json: { type: 'boolean', default: false }, format: { type: 'string', default: 'auto' }, mapping: { type: 'string' }, map: { type: 'string', multiple: true } },
      allowPositionals: true,
      strict: true,
    });
    const [action, arg] = positionals;
    if (action === 'import' && !arg) throw new CliUsageError('Name the file to import.');
    // The real service lists no orders: the old `pull` is answered in words rather than read as a practice pull.
    if (action === 'pull') throw new CliUsageError('The shipping service offers no list of its orders: import them with "orders import FILE.csv". On the practice service, "orders pull-practice" copies its demo orders.');
    if (action === 'mapping') return mappingCommand(positionals.slice(1), values, io);
    if (action !== 'import' && action !== 'pull-practice' && action !== 'list') throw new CliUsageError('Say what to do: import, list, mapping or pull-practice.');
    const format = formatOf(values.format);
    const csv = action === 'import' ? decodeExport(readInputFile(arg as string)) : '';
    return withHeadlessStation(values, async (headless) => {
      if (action === 'import') return printReport(await headless.call('orders.importCsv', { csv, format, ...(values.mapping ? { mapping: values.mapping } : {}) }), io, values.json);
      if (action === 'pull-practice') {
        const r = await headless.call('orders.pullPracticeOrders', {});
        io.out(`Pulled ${r.imported} new practice order${r.imported === 1 ? '' : 's'}, updated ${r.updated}.`);
        return 0;
      }
      const list = await headless.call('orders.list', { query: arg ?? '', includeShipped: true, limit: 500 });
      if (values.json) io.out(JSON.stringify(list.map(listed)));
      else for (const o of list) io.out(`${o.orderNumber.padEnd(16)} ${o.shipped ? 'shipped' : 'open   '} ${o.recipient.name}, ${o.recipient.city} ${o.recipient.state}${o.items.length > 0 ? `  ${o.items.map((i) => `${i.quantity}× ${i.sku}`).join(', ')}` : ''}`);
      return 0;
    });
  },
};
