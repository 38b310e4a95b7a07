/**
 * Orders from a store's export: rows grouped by order number (one row per
 * item on every store), the ship-to address from the first row that has one
 * (eBay's summary row, Shopify's first row), items from the rows that name
 * one, and orders the store already shipped or cancelled set aside with why.
 * An order with a problem is refused whole, naming its first line.
 */

import { addressProblems, normalizePostalCode } from '../countries';
import type { Cell, Field, StoreSpec } from './formats';
import { cleanZip, countryCode, regionCode } from './places';
import type { FileRow } from './text';
import { headerKey } from './text';
import type { ImportedOrder, OrderFileResult, OrderItem, RefusedLine, SkippedOrder } from './types';
import { parseMoney, parseTags } from './types';

type FieldOf = (field: Field) => string;

interface Group {
  readonly line: number;
  readonly orderNumber: string;
  address: FieldOf | undefined;
  skip: string | undefined;
  readonly items: OrderItem[];
  notShipping: number;
  weightOz: number | undefined;
  store: string;
  tags: string;
  /** From the order's first row that has one (Shopify writes it on the first row only). */
  note: string | undefined;
  readonly problems: string[];
}

const addressFields: readonly Field[] = ['name', 'firstName', 'lastName', 'company', 'street', 'street2', 'street3', 'city', 'state', 'zip', 'country', 'phone', 'email'];

function recipientOf(field: FieldOf, origin: string | undefined, problems: string[]): ImportedOrder['recipient'] {
  const country = countryCode(field('country')) || origin || '';
  const name = field('name') || [field('firstName'), field('lastName')].filter((part) => part !== '').join(' ');
  const street = field('street');
  const street2 = [field('street2'), field('street3')].filter((part) => part !== '').join(', ');
  const state = regionCode(country, field('state'));
  const zip = country === '' ? cleanZip('', field('zip')) : normalizePostalCode(country, cleanZip(country, field('zip')));
  if (name === '') problems.push("the recipient's name is empty");
  if (street === '') problems.push('the street is empty');
  if (field('city') === '') problems.push('the city is empty');
  if (country === '') problems.push('the country is empty');
  else for (const problem of addressProblems({ state, zip, country, phone: field('phone') }, origin ? { otherCountry: origin } : {})) problems.push(problem.message);
  const optional = (key: 'company' | 'phone' | 'email', value: string) => (value === '' ? {} : { [key]: value });
  return {
    name,
    ...optional('company', field('company')),
    ...optional('phone', field('phone')),
    ...optional('email', field('email')),
    street,
    ...(street2 !== '' ? { street2 } : {}),
    city: field('city'),
    state,
    zip,
    country,
  };
}

function addItem(group: Group, spec: StoreSpec, field: FieldOf, cell: Cell, line: number): void {
  const name = field('itemName');
  const sku = field('sku') || field('listing');
  if (name === '' && sku === '') return;
  const quantityText = field('quantity') || '1';
  const quantity = Number(quantityText);
  if (!Number.isInteger(quantity) || quantity < 0) {
    group.problems.push(`line ${line}: the quantity "${quantityText}" is not a whole number`);
    return;
  }
  if (quantity === 0 || spec.itemShips?.(cell) === false) {
    group.notShipping += 1;
    return;
  }
  const unitPrice = parseMoney(field('price'));
  group.items.push({ sku, name: name || sku, quantity, ...(unitPrice !== undefined ? { unitPrice } : {}) });
}

export function readStoreOrders(spec: StoreSpec, header: FileRow, rows: readonly FileRow[], origin: string | undefined): OrderFileResult {
  if (spec.refuse) return { format: spec.format, orders: [], skipped: [], refused: [{ line: header.line, message: spec.refuse }] };
  const index = new Map<string, number>();
  header.cells.forEach((cell, i) => {
    const key = headerKey(cell);
    if (!index.has(key)) index.set(key, i);
  });
  const groups = new Map<string, Group>();
  const refused: RefusedLine[] = [];
  for (const row of rows) {
    if (spec.footer?.(row.cells)) break;
    const cell: Cell = (column) => {
      const at = index.get(column);
      return at === undefined ? '' : (row.cells[at] ?? '').trim();
    };
    const field: FieldOf = (f) => {
      for (const column of spec.fields[f] ?? []) {
        const value = cell(column);
        if (value !== '') return value;
      }
      return '';
    };
    const orderNumber = field('orderNumber');
    if (orderNumber === '') {
      refused.push({ line: row.line, message: `The row has no order number (column ${spec.fields.orderNumber?.[0] ?? ''})` });
      continue;
    }
    const key = orderNumber.toLowerCase();
    let group = groups.get(key);
    if (!group) {
      group = { line: row.line, orderNumber, address: undefined, skip: undefined, items: [], notShipping: 0, weightOz: undefined, store: '', tags: '', note: undefined, problems: [] };
      groups.set(key, group);
    }
    group.skip ??= spec.skip?.(cell);
    if (!group.address && (field('street') !== '' || field('name') !== '')) {
      const kept = new Map(addressFields.map((f) => [f, field(f)]));
      group.address = (f) => kept.get(f) ?? '';
    }
    const weight = field('weightOz');
    if (weight !== '' && group.weightOz === undefined) {
      const value = parseMoney(weight);
      if (value === undefined || value <= 0) group.problems.push(`line ${row.line}: the weight "${weight}" is not a positive number of ounces`);
      else group.weightOz = value;
    }
    // Like the address, the store and tags are the order's: Shopify writes them on its first row only.
    if (group.store === '') group.store = field('store');
    if (group.tags === '') group.tags = field('tags');
    if (group.note === undefined && field('note') !== '') group.note = field('note').replace(/\r\n?/g, '\n');
    addItem(group, spec, field, cell, row.line);
  }
  const orders: Array<{ line: number; order: ImportedOrder }> = [];
  const skipped: SkippedOrder[] = [];
  for (const group of groups.values()) {
    const said = { line: group.line, order_number: group.orderNumber };
    if (group.skip) {
      skipped.push({ ...said, reason: group.skip });
      continue;
    }
    if (group.items.length === 0 && group.notShipping > 0) {
      skipped.push({ ...said, reason: 'nothing left to ship: every item is shipped already or needs no shipping' });
      continue;
    }
    const problems = [...group.problems];
    const recipient = recipientOf(group.address ?? (() => ''), origin, problems);
    if (problems.length > 0) {
      refused.push({ line: group.line, message: `Order ${group.orderNumber} is not imported: ${problems.join('; ')}` });
      continue;
    }
    const pkg = group.weightOz === undefined ? null : { weightOz: group.weightOz };
    const tags = parseTags(group.tags);
    const labels = { ...(group.store !== '' ? { store: group.store } : {}), ...(tags.length > 0 ? { tags } : {}), ...(group.note ? { note: group.note } : {}) };
    orders.push({ line: group.line, order: { orderNumber: group.orderNumber, recipient, package: pkg, customs: null, items: group.items, ...labels } });
  }
  refused.sort((a, b) => a.line - b.line);
  return { format: spec.format, orders, skipped, refused };
}
