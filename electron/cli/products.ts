import { parseArgs } from 'node:util';
import type { Product } from '../../shared/contract/products';
import { decodeExport } from '../../shared/domain/orderImport/decode';
import { stationOptions, stationOptionsUsage, withHeadlessStation } from './headless';
import { CliUsageError, type CliCommand } from './command';
import { readInputFile } from './inputFile';

/** `products list --json`: the catalog's columns, as `products import` reads them. */
const listed = (p: Product) => ({
  sku: p.sku,
  name: p.name,
  weight_oz: p.weightOz,
  length_in: p.lengthIn ?? null,
  width_in: p.widthIn ?? null,
  height_in: p.heightIn ?? null,
  barcode: p.barcode ?? null,
  hs_code: p.hsCode ?? null,
  origin_country: p.originCountry ?? null,
  customs_description: p.customsDescription ?? null,
  value_usd: p.valueUsd ?? null,
});

export const productsCommand: CliCommand = {
  name: 'products',
  summary: 'Product catalog: import a CSV file of SKUs with their weights, list it',
  usage: [
    'Usage: parcel-station products import FILE.csv [--json] [options]',
    '       parcel-station products list [QUERY] [--json] [options]',
    '',
    'CSV columns (header row): sku, name, weight_oz, length_in, width_in, height_in, barcode, hs_code,',
    'origin_country, customs_description, value_usd. Only sku and the weight are required; the weight may',
    'come as weight_lb, weight_g or weight_kg instead, or as weight with its unit (1.2 lb, 540 g).',
    'An order without a weight of its own is weighed from the catalog: each item\'s weight times its quantity,',
    'plus the default box preset\'s tare. Importing a SKU again replaces what the catalog said about it.',
    'A bad row is reported by its line number and the good rows still import (exit code 1 when any row was bad).',
    '',
    ...stationOptionsUsage,
  ].join('\n'),
  async run(argv, io) {
    const { values, positionals } = parseArgs({ args: [...argv], options: { ...stationOptions, json: { type: 'boolean', default: false } }, allowPositionals: true, strict: true });
    const [action, arg] = positionals;
    if (action !== 'import' && action !== 'list') throw new CliUsageError('Say what to do: import or list.');
    if (action === 'import' && !arg) throw new CliUsageError('Name the CSV file to import.');
    const csv = action === 'import' ? decodeExport(readInputFile(arg as string)) : '';
    return withHeadlessStation(values, async (headless) => {
      if (action === 'import') {
        const report = await headless.call('products.importCsv', { csv });
        if (values.json) io.out(JSON.stringify(report));
        else {
          for (const e of report.refused) io.err(`line ${e.line}: ${e.message}`);
          io.out(`Imported ${report.imported} new product${report.imported === 1 ? '' : 's'}, updated ${report.updated}, refused ${report.refused.length}.`);
        }
        return report.refused.length > 0 ? 1 : 0;
      }
      const list = await headless.call('products.list', { query: arg ?? '', limit: 1000 });
      if (values.json) io.out(JSON.stringify(list.map(listed)));
      else for (const p of list) io.out(`${p.sku.padEnd(16)} ${String(p.weightOz).padStart(7)} oz  ${p.name}`);
      return 0;
    });
  },
};
