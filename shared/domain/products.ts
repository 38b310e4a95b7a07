/**
 * The product catalog: what one unit of a SKU weighs, measures and declares.
 * An order's items (orderImport) name SKUs; the catalog turns them into the
 * package weight (the sum of each item's weight times its quantity, plus the
 * box's tare) and, for an order leaving the country, into customs lines.
 */

import { isCountryCode } from './countries';
import type { CustomsItem } from './customs';
import { normalizeHsCode } from './customs';
import { readRows, sniffSeparator, headerKey } from './orderImport/text';
import type { OrderItem } from './orderImport/types';
import { parseMoney } from './orderImport/types';
import { parseTypedWeight } from './units';

export interface Product {
  readonly sku: string;
  readonly name: string;
  readonly weightOz: number;
  readonly lengthIn?: number;
  readonly widthIn?: number;
  readonly heightIn?: number;
  readonly barcode?: string;
  readonly hsCode?: string;
  readonly originCountry?: string;
  readonly customsDescription?: string;
  readonly valueUsd?: number;
}

/** A SKU as the catalog keys it: trimmed, blanks collapsed, any case. */
export const skuKey = (sku: string): string => sku.trim().toLowerCase().replace(/\s+/g, ' ');

export const productColumns = ['sku', 'name', 'weight_oz', 'length_in', 'width_in', 'height_in', 'barcode', 'hs_code', 'origin_country', 'customs_description', 'value_usd'] as const;

/** Weight columns in other units, and what one of their units is in ounces' words for parseTypedWeight. */
const weightColumns: ReadonlyArray<readonly [string, string]> = [
  ['weight_oz', 'oz'],
  ['weight_lb', 'lb'],
  ['weight_g', 'g'],
  ['weight_kg', 'kg'],
  ['weight', ''],
];

export interface ProductFileResult {
  readonly products: readonly Product[];
  readonly refused: ReadonlyArray<{ readonly line: number; readonly message: string }>;
}

type Get = (column: string) => string;

function weightOf(get: Get): { value?: number; problem?: string } {
  for (const [column, unit] of weightColumns) {
    // European Excel writes 14,5 for 14.5.
    const text = get(column).replace(/(\d),(\d)/g, '$1.$2');
    if (text === '') continue;
    // A bare number in `weight` is ounces, as typed weights are; `1.2 lb` or `540 g` say their unit.
    const value = parseTypedWeight(unit === '' || !/^\d*\.?\d+$/.test(text) ? text : `${text} ${unit}`);
    if (value === undefined || value <= 0) return { problem: `the weight "${text}" is not a weight (such as 12.5, 1.2 lb or 540 g)` };
    return { value };
  }
  return { problem: 'the weight is empty (weight_oz, or weight_lb, weight_g, weight_kg)' };
}

function productOf(get: Get, problems: string[]): Product | null {
  const sku = get('sku');
  if (sku === '') problems.push('the sku is empty');
  const weight = weightOf(get);
  if (weight.problem) problems.push(weight.problem);
  const positive = (column: string): number | undefined => {
    if (get(column) === '') return undefined;
    const value = parseMoney(get(column));
    if (value === undefined || value <= 0) problems.push(`${column} "${get(column)}" is not a positive number`);
    return value;
  };
  const lengthIn = positive('length_in');
  const widthIn = positive('width_in');
  const heightIn = positive('height_in');
  const valueUsd = positive('value_usd');
  const hsCode = normalizeHsCode(get('hs_code'));
  if (hsCode !== undefined && !/^\d{6,10}$/.test(hsCode)) problems.push(`hs_code "${get('hs_code')}" is not an HS code (6 to 10 digits)`);
  const origin = get('origin_country').toUpperCase();
  if (origin !== '' && !isCountryCode(origin)) problems.push(`origin_country "${get('origin_country')}" is not a two-letter country code`);
  if (problems.length > 0 || weight.value === undefined) return null;
  const optional = <K extends keyof Product>(key: K, value: Product[K] | undefined | ''): Partial<Product> => (value === undefined || value === '' ? {} : { [key]: value });
  return {
    sku,
    name: get('name'),
    weightOz: weight.value,
    ...optional('lengthIn', lengthIn),
    ...optional('widthIn', widthIn),
    ...optional('heightIn', heightIn),
    ...optional('barcode', get('barcode')),
    ...optional('hsCode', hsCode),
    ...optional('originCountry', origin),
    ...optional('customsDescription', get('customs_description')),
    ...optional('valueUsd', valueUsd),
  };
}

/** `products import FILE`: one row per SKU; only sku and a weight are required. A bad row is refused by its line. */
export function parseProductCsv(text: string): ProductFileResult {
  const known = new Set<string>([...productColumns, ...weightColumns.map(([column]) => column)]);
  const rows = readRows(text, sniffSeparator(text, known));
  const header = rows.shift();
  if (!header) return { products: [], refused: [{ line: 1, message: 'The file is empty; its first row must name the columns' }] };
  const index = new Map(header.cells.map((cell, i) => [headerKey(cell), i]));
  if (!index.has('sku') || !weightColumns.some(([column]) => index.has(column))) {
    return { products: [], refused: [{ line: header.line, message: 'The header row must name the columns sku and weight_oz (or weight_lb, weight_g, weight_kg)' }] };
  }
  const products = new Map<string, Product>();
  const refused: Array<{ line: number; message: string }> = [];
  for (const row of rows) {
    const get: Get = (column) => {
      const at = index.get(column);
      return at === undefined ? '' : (row.cells[at] ?? '').trim();
    };
    const problems: string[] = [];
    const product = productOf(get, problems);
    if (product) products.set(skuKey(product.sku), product);
    else refused.push({ line: row.line, message: problems.join('; ') });
  }
  return { products: [...products.values()], refused };
}

export type CatalogWeight =
  | { readonly ok: true; readonly weightOz: number; readonly itemsOz: number; readonly tareOz: number }
  | { readonly ok: false; readonly missing: readonly string[]; readonly message: string };

/** The catalog's weight of the items, in ounces to a tenth, plus the box's tare; or the SKUs it has no weight for, in words. */
export function catalogWeight(items: readonly OrderItem[], products: ReadonlyMap<string, Product>, tareOz = 0): CatalogWeight {
  const missing = items.filter((item) => !products.has(skuKey(item.sku))).map((item) => item.sku);
  if (missing.length > 0) {
    const list = missing.map((sku) => `"${sku}"`).join(', ');
    return {
      ok: false,
      missing,
      message: `The catalog has no weight for SKU ${list}: weigh the package, or add ${missing.length > 1 ? 'their weights' : 'its weight'} in Products (products import FILE).`,
    };
  }
  const itemsOz = items.reduce((sum, item) => sum + (products.get(skuKey(item.sku)) as Product).weightOz * item.quantity, 0);
  const round = (oz: number) => Math.round(oz * 10) / 10;
  return { ok: true, weightOz: round(itemsOz + tareOz), itemsOz: round(itemsOz), tareOz };
}

/**
 * Customs lines from the catalog for an order leaving the country: its
 * description (or name), HS code and origin, the order's price of a unit
 * (else the catalog's value). Null when a SKU is missing or has no value.
 */
export function catalogCustomsItems(items: readonly OrderItem[], products: ReadonlyMap<string, Product>, shipFromCountry: string): CustomsItem[] | null {
  const lines: CustomsItem[] = [];
  for (const item of items) {
    const product = products.get(skuKey(item.sku));
    const valueUsd = item.unitPrice ?? product?.valueUsd;
    if (!product || valueUsd === undefined) return null;
    lines.push({
      description: (product.customsDescription || product.name || item.name).slice(0, 60),
      quantity: item.quantity,
      valueUsd,
      weightOz: product.weightOz,
      ...(product.hsCode ? { hsCode: product.hsCode } : {}),
      originCountry: product.originCountry ?? shipFromCountry,
    });
  }
  return lines;
}
