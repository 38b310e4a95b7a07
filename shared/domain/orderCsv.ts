/**
 * Orders from a CSV file (issue 4 item 7, issue 15): a header row naming the
 * columns, then one row per order, or one row per customs item with the rows
 * of an order sharing its order_number (the first row gives the recipient and
 * the package). Quoted fields may hold commas, quotes ("") and line breaks
 * (RFC 4180). A bad row is reported by its line number in the file and never
 * stops the good orders; an order with a bad row is not imported at all, so
 * no item of a declaration is silently dropped.
 */

import type { StationAddress } from './address';
import { addressProblems, isCountryCode, normalizePostalCode, regionCodes } from './countries';
import { contentsTypes, nonDeliveryOptions, normalizeHsCode, normalizeItn } from './customs';
import type { ContentsType, CustomsDeclaration, CustomsItem, NonDeliveryOption } from './customs';
import { cleanZip } from './orderImport/places';
import { readRows, sniffSeparator } from './orderImport/text';
import type { OrderItem } from './orderImport/types';
import { toOunces, type WeightUnit } from './units';

export const orderCsvColumns = [
  'order_number',
  'recipient_name',
  'company',
  'street',
  'street2',
  'city',
  'state',
  'zip_code',
  'country',
  'phone',
  'email',
  'weight_oz',
  'length_in',
  'width_in',
  'height_in',
  'contents_type',
  'non_delivery',
  'itn',
  'aes_exemption',
  'item_description',
  'item_quantity',
  'item_value_usd',
  'item_weight_oz',
  'item_hs_code',
  'item_origin_country',
  'sku',
  'weight_lb',
  'weight_g',
  'weight_kg',
] as const;

const otherWeights: ReadonlyArray<readonly [string, WeightUnit]> = [
  ['weight_lb', 'lb'],
  ['weight_g', 'g'],
  ['weight_kg', 'kg'],
];

/** The state and postal code depend on the country (countries.ts), so only these columns are always needed. */
const required = ['order_number', 'recipient_name', 'street', 'city'] as const;
const recipientColumns = ['recipient_name', 'company', 'street', 'street2', 'city', 'state', 'zip_code', 'country', 'phone', 'email'] as const;
const orderColumns = ['contents_type', 'non_delivery', 'itn', 'aes_exemption'] as const;
const itemColumns = ['item_description', 'item_quantity', 'item_value_usd', 'item_weight_oz', 'item_hs_code', 'item_origin_country'] as const;

export interface CsvOrder {
  readonly orderNumber: string;
  readonly recipient: Omit<StationAddress, 'residential'>;
  readonly package: { readonly weightOz: number; readonly lengthIn?: number; readonly widthIn?: number; readonly heightIn?: number } | null;
  /** Null when the file declares nothing for this order. */
  readonly customs: CustomsDeclaration | null;
  /** Rows with a sku: what goes in the box, for the packer and the catalog. */
  readonly items: readonly OrderItem[];
}

export interface CsvParseResult {
  readonly orders: ReadonlyArray<{ readonly line: number; readonly order: CsvOrder }>;
  readonly errors: ReadonlyArray<{ readonly line: number; readonly message: string }>;
}

export interface CsvParseOptions {
  /**
   * The ship-from country. Orders with no country are shipped within it,
   * items with no origin were made in it, and recipients in other countries
   * need a phone number. Without it, the country column must be filled.
   */
  readonly originCountry?: string | undefined;
}

function number(value: string, what: string, problems: string[]): number | undefined {
  if (value === '') return undefined;
  const parsed = Number(value.replace(/^\$/, ''));
  if (!Number.isFinite(parsed) || parsed <= 0) {
    problems.push(`${what} "${value}" is not a positive number`);
    return undefined;
  }
  return parsed;
}

function oneOf<T extends string>(value: string, allowed: readonly T[], column: string, problems: string[]): T | undefined {
  if (value === '') return undefined;
  const key = value.toLowerCase().replace(/[\s-]+/g, '_') as T;
  if (allowed.includes(key)) return key;
  problems.push(`${column} "${value}" is not one of ${allowed.join(', ')}`);
  return undefined;
}

interface Group {
  readonly line: number;
  readonly order: Omit<CsvOrder, 'customs' | 'items'>;
  readonly fields: Map<string, { value: string; line: number }>;
  readonly items: CustomsItem[];
  readonly lineItems: OrderItem[];
  bad: boolean;
}

type Getter = (column: string) => string;

/** A row naming a sku is a line item; its description, quantity and value are the item's. */
function lineItemOf(get: Getter): OrderItem | null {
  const sku = get('sku');
  if (sku === '') return null;
  const quantity = Number(get('item_quantity') || '1');
  const unitPrice = Number(get('item_value_usd').replace(/^\$/, ''));
  return {
    sku,
    name: get('item_description') || sku,
    quantity: Number.isInteger(quantity) && quantity > 0 ? quantity : 1,
    ...(get('item_value_usd') !== '' && Number.isFinite(unitPrice) ? { unitPrice } : {}),
  };
}

function itemOf(get: Getter, origin: string | undefined, problems: string[]): CustomsItem | null {
  if (itemColumns.every((column) => get(column) === '')) return null;
  const description = get('item_description');
  if (description === '') problems.push('item_description is empty');
  const quantityText = get('item_quantity') || '1';
  const quantity = Number(quantityText);
  if (!Number.isInteger(quantity) || quantity < 1) problems.push(`item_quantity "${quantityText}" is not a whole number of at least 1`);
  const valueUsd = number(get('item_value_usd'), 'item_value_usd', problems);
  if (get('item_value_usd') === '') problems.push('item_value_usd is empty (the value of one unit, in U.S. dollars)');
  const weightOz = number(get('item_weight_oz'), 'item_weight_oz', problems);
  if (get('item_weight_oz') === '') problems.push('item_weight_oz is empty (the weight of one unit, in ounces)');
  const hsCode = normalizeHsCode(get('item_hs_code'));
  if (hsCode !== undefined && !/^\d{6,10}$/.test(hsCode)) problems.push(`item_hs_code "${get('item_hs_code')}" is not an HS code (6 to 10 digits)`);
  const originCountry = (get('item_origin_country') || origin || '').toUpperCase();
  if (originCountry === '') problems.push('item_origin_country is empty');
  else if (!isCountryCode(originCountry)) problems.push(`item_origin_country "${get('item_origin_country')}" is not a two-letter country code`);
  if (valueUsd === undefined || weightOz === undefined || description === '') return null;
  return { description, quantity, valueUsd, weightOz, ...(hsCode !== undefined ? { hsCode } : {}), originCountry };
}

function recipientOf(get: Getter, origin: string | undefined, problems: string[]): CsvOrder['recipient'] {
  const country = (get('country') || origin || '').toUpperCase();
  const email = get('email');
  if (country === '') problems.push('country is empty');
  if (email !== '' && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) problems.push(`email "${email}" does not look right`);
  // Codes from a fixed list (ON, NSW) are matched in upper case; free-form regions (Kent) are kept as written.
  const state = country !== '' && regionCodes(country) ? get('state').toUpperCase() : get('state');
  const zip = cleanZip(country, get('zip_code'));
  if (country !== '') {
    const broken = addressProblems({ state, zip, country, phone: get('phone') }, origin ? { otherCountry: origin } : {});
    for (const problem of broken) problems.push(problem.field === 'country' ? `country "${get('country')}" is not a two-letter code` : problem.message);
  }
  const optional = <K extends string>(key: K, column: string): Partial<Record<K, string>> => (get(column) === '' ? {} : ({ [key]: get(column) } as Record<K, string>));
  return {
    name: get('recipient_name'),
    ...optional('company', 'company'),
    ...optional('phone', 'phone'),
    ...(email ? { email } : {}),
    street: get('street'),
    ...optional('street2', 'street2'),
    city: get('city'),
    state,
    zip: country === '' ? zip : normalizePostalCode(country, zip),
    country,
  };
}

/** The package weight from weight_oz, or from a column in another unit (weight_lb, weight_g, weight_kg). */
function weightOf(get: Getter, problems: string[]): number | undefined {
  if (get('weight_oz') !== '') return number(get('weight_oz'), 'weight_oz', problems);
  for (const [column, unit] of otherWeights) {
    const value = number(get(column), column, problems);
    if (value !== undefined) return Math.round(toOunces({ value, unit }) * 100) / 100;
  }
  return undefined;
}

function packageOf(get: Getter, problems: string[]): CsvOrder['package'] {
  const weightOz = weightOf(get, problems);
  const lengthIn = number(get('length_in'), 'length_in', problems);
  const widthIn = number(get('width_in'), 'width_in', problems);
  const heightIn = number(get('height_in'), 'height_in', problems);
  if (weightOz === undefined) return null;
  return {
    weightOz,
    ...(lengthIn !== undefined ? { lengthIn } : {}),
    ...(widthIn !== undefined ? { widthIn } : {}),
    ...(heightIn !== undefined ? { heightIn } : {}),
  };
}

/** A later row of an order must not name another recipient; it may repeat the first row's or leave it empty. */
function conflicts(get: Getter, first: Getter): string | undefined {
  return recipientColumns.find((column) => get(column) !== '' && get(column).toLowerCase() !== first(column).toLowerCase());
}

function customsOf(group: Group): CustomsDeclaration | null {
  const field = (column: string) => group.fields.get(column)?.value ?? '';
  if (group.items.length === 0 && orderColumns.every((column) => field(column) === '')) return null;
  const itn = normalizeItn(field('itn'));
  const exemption = field('aes_exemption');
  return {
    contentsType: (field('contents_type') || 'merchandise') as ContentsType,
    nonDelivery: (field('non_delivery') || 'return') as NonDeliveryOption,
    items: group.items,
    ...(itn !== undefined ? { itn } : {}),
    ...(exemption !== '' ? { aesExemption: exemption } : {}),
  };
}

/**
 * A row naming a sku declares customs only when it gives what only a customs
 * line needs (its weight, HS code or origin); otherwise the catalog declares
 * the item for an order leaving the country (products.ts).
 */
function customsWanted(lineItem: OrderItem | null, get: Getter): boolean {
  return lineItem === null || get('item_weight_oz') !== '' || get('item_hs_code') !== '' || get('item_origin_country') !== '';
}

export function parseOrderCsv(text: string, options: CsvParseOptions = {}): CsvParseResult {
  const origin = options.originCountry?.trim().toUpperCase() || undefined;
  const rows = readRows(text, sniffSeparator(text, new Set(orderCsvColumns)));
  const header = rows.shift();
  if (!header) return { orders: [], errors: [{ line: 1, message: 'The file is empty; the first row must name the columns' }] };
  const names = header.cells.map((f) => f.trim().toLowerCase());
  const missing = required.filter((column) => !names.includes(column));
  if (missing.length > 0) {
    return { orders: [], errors: [{ line: header.line, message: `The header row lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}` }] };
  }
  const index = new Map(names.map((name, i) => [name, i]));
  const errors: Array<{ line: number; message: string }> = [];
  const groups = new Map<string, Group>();
  const firstRows = new Map<string, Getter>();
  for (const row of rows) {
    const get: Getter = (column) => {
      const at = index.get(column);
      return at === undefined ? '' : (row.cells[at] ?? '').trim();
    };
    const problems: string[] = [];
    if (row.cells.length > names.length) problems.push(`the row has ${row.cells.length} fields but the header names ${names.length}`);
    const orderNumber = get('order_number');
    const key = orderNumber.toLowerCase();
    const earlier = orderNumber === '' ? undefined : groups.get(key);
    if (earlier) {
      const first = firstRows.get(key) as Getter;
      const differs = conflicts(get, first);
      // A row naming another recipient is a different order under a reused number: refuse the row, keep the first.
      if (differs !== undefined) {
        errors.push({ line: row.line, message: `order ${orderNumber} already appears on line ${earlier.line} with a different ${differs.replace('_', ' ')}` });
        continue;
      }
      const lineItem = lineItemOf(get);
      const item = customsWanted(lineItem, get) ? itemOf(get, origin, problems) : null;
      recordOrderFields(earlier, get, row.line, problems);
      if (lineItem) earlier.lineItems.push(lineItem);
      if (item === null && lineItem === null && problems.length === 0) {
        errors.push({ line: row.line, message: `order ${orderNumber} already appears on line ${earlier.line}` });
      } else if (problems.length > 0) {
        earlier.bad = true;
        errors.push({ line: row.line, message: `${problems.join('; ')} (order ${orderNumber} is not imported)` });
      } else if (item) earlier.items.push(item);
      continue;
    }
    for (const column of required) if (get(column) === '') problems.push(`${column} is empty`);
    const recipient = recipientOf(get, origin, problems);
    const pkg = packageOf(get, problems);
    const lineItem = lineItemOf(get);
    const item = customsWanted(lineItem, get) ? itemOf(get, origin, problems) : null;
    const group: Group = { line: row.line, order: { orderNumber, recipient, package: pkg }, fields: new Map(), items: item ? [item] : [], lineItems: lineItem ? [lineItem] : [], bad: false };
    recordOrderFields(group, get, row.line, problems);
    if (problems.length > 0) {
      errors.push({ line: row.line, message: problems.join('; ') });
      group.bad = true;
    }
    if (orderNumber !== '') {
      groups.set(key, group);
      firstRows.set(key, get);
    }
  }
  const orders = [...groups.values()].filter((g) => !g.bad).map((g) => ({ line: g.line, order: { ...g.order, customs: customsOf(g), items: g.lineItems } }));
  errors.sort((a, b) => a.line - b.line);
  return { orders, errors };
}

/** Per-order columns may sit on any row of the order, but must not disagree. */
function recordOrderFields(group: Group, get: Getter, line: number, problems: string[]): void {
  const checks: Record<(typeof orderColumns)[number], (value: string) => string | undefined> = {
    contents_type: (v) => oneOf(v, contentsTypes, 'contents_type', problems),
    non_delivery: (v) => oneOf(v, nonDeliveryOptions, 'non_delivery', problems),
    itn: (v) => normalizeItn(v),
    aes_exemption: (v) => v.toUpperCase(),
  };
  for (const column of orderColumns) {
    const raw = get(column);
    if (raw === '') continue;
    const value = checks[column](raw);
    if (value === undefined) continue;
    const known = group.fields.get(column);
    if (known && known.value !== value) problems.push(`${column} "${raw}" differs from line ${known.line}`);
    else if (!known) group.fields.set(column, { value, line });
  }
}
