/**
 * `orders import FILE`: which export the file is, found by its header (or
 * named by the operator), then its orders. The station's own CSV keeps its
 * own reader (orderCsv.ts), which also takes customs declarations.
 */

import { orderCsvColumns, parseOrderCsv } from '../orderCsv';
import { knownColumns, storeSpecs } from './formats';
import type { StoreSpec } from './formats';
import { mappingProblems, mappingSpec, sameHeader, type ColumnMapping } from './mapping';
import { readStoreOrders } from './storeOrders';
import { headerKey, readRows, sniffSeparator } from './text';
import type { FileRow } from './text';
import type { OrderFileResult, StoreFormat } from './types';

export interface OrderFileOptions {
  /** `auto` (the default) recognises the file by its header. */
  readonly format?: StoreFormat | 'auto';
  readonly originCountry?: string | undefined;
  /** The mapping the operator named: the file is read through it, whatever its header. */
  readonly mapping?: ColumnMapping | undefined;
  /** Saved mappings: a file no store export matches is read through the one made for its very header. */
  readonly mappings?: readonly ColumnMapping[];
}

/** eBay's report has a title row before its header: the header is the first of the first rows an export recognises. */
const HEADER_SEARCH_ROWS = 10;

function specFor(row: FileRow, wanted: StoreFormat | 'auto'): StoreSpec | undefined {
  const names = new Set(row.cells.map(headerKey));
  return storeSpecs.find((spec) => (wanted === 'auto' || spec.format === wanted) && spec.signature.every((name) => names.has(name)));
}

function isStationHeader(row: FileRow): boolean {
  const names = new Set(row.cells.map(headerKey));
  return names.has('order_number') && names.has('recipient_name');
}

const formatLabels: Readonly<Record<StoreFormat, string>> = {
  shopify: 'Shopify', woocommerce: 'WooCommerce', ebay: 'eBay', etsy: 'Etsy', amazon: 'Amazon', shipstation: 'ShipStation', station: "station's own",
};

const formatNames = 'Shopify, WooCommerce, eBay, Etsy (sold order items), Amazon (unshipped orders), ShipStation or the station\'s own CSV';

export function importOrderFile(text: string, options: OrderFileOptions = {}): OrderFileResult {
  const wanted = options.format ?? 'auto';
  const origin = options.originCountry?.trim().toUpperCase() || undefined;
  const known = new Set([...knownColumns, ...orderCsvColumns]);
  const rows = readRows(text, sniffSeparator(text, known));
  if (rows.length === 0) return { format: null, orders: [], skipped: [], refused: [{ line: 1, message: 'The file is empty; its first row must name the columns' }] };
  const head = rows.slice(0, HEADER_SEARCH_ROWS);
  if (options.mapping) {
    const mapping = options.mapping;
    const at = head.findIndex((row) => mappingProblems(mapping.columns, row.cells).length === 0);
    const header = head[at];
    if (!header) {
      const problems = mappingProblems(mapping.columns, (rows[0] as FileRow).cells);
      return { format: 'mapped', orders: [], skipped: [], refused: [{ line: (rows[0] as FileRow).line, message: `The mapping "${mapping.name}" does not fit this file: ${problems.join('; ')}` }] };
    }
    return readStoreOrders(mappingSpec(mapping), header, rows.slice(at + 1), origin);
  }
  for (const [at, row] of head.entries()) {
    const saved = wanted === 'auto' ? options.mappings?.find((m) => sameHeader(m.header, row.cells)) : undefined;
    if (saved) return readStoreOrders(mappingSpec(saved), row, rows.slice(at + 1), origin);
    if ((wanted === 'auto' || wanted === 'station') && isStationHeader(row)) {
      const parsed = parseOrderCsv(text, { originCountry: origin });
      return { format: 'station', orders: parsed.orders, skipped: [], refused: parsed.errors };
    }
    const spec = specFor(row, wanted);
    if (spec) return readStoreOrders(spec, row, rows.slice(at + 1), origin);
  }
  const first = rows[0] as FileRow;
  const said = wanted === 'auto' ? formatNames : `the ${formatLabels[wanted]} export`;
  return {
    format: null,
    orders: [],
    skipped: [],
    refused: [
      {
        line: first.line,
        message: `The header row is not ${wanted === 'auto' ? 'one of ' : ''}${said}. Its columns: ${first.cells.slice(0, 12).join(', ')}${first.cells.length > 12 ? ', …' : ''}. Map them once (orders mapping save NAME FILE --map order_number=COLUMN …) and import with --mapping NAME.`,
      },
    ],
  };
}
