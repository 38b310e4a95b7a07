/**
 * Any other CSV: the operator says once which of the file's columns holds
 * each of the station's fields, and the mapping is kept under a name with the
 * file's header, so the next file with the same header comes in by itself.
 */

import type { Field, StoreSpec } from './formats';
import { headerKey } from './header';

/** The station's fields as its own CSV names them, and where the reader looks for each. */
export const mappableFields: Readonly<Record<string, Field>> = {
  order_number: 'orderNumber',
  recipient_name: 'name',
  company: 'company',
  street: 'street',
  street2: 'street2',
  city: 'city',
  state: 'state',
  zip_code: 'zip',
  country: 'country',
  phone: 'phone',
  email: 'email',
  sku: 'sku',
  item_name: 'itemName',
  item_quantity: 'quantity',
  item_price: 'price',
  weight_oz: 'weightOz',
  store: 'store',
  tags: 'tags',
};

export interface ColumnMapping {
  readonly name: string;
  /** The header it was made for, as headerKey reads it. */
  readonly header: readonly string[];
  /** Station field (order_number, ...) to the file's column as written. */
  readonly columns: Readonly<Record<string, string>>;
}

/** The problems of a mapping against a file's header, in words; empty when it can be used. */
export function mappingProblems(columns: Readonly<Record<string, string>>, header: readonly string[]): string[] {
  const names = new Set(header.map(headerKey));
  const problems: string[] = [];
  for (const [field, column] of Object.entries(columns)) {
    if (!(field in mappableFields)) problems.push(`"${field}" is not one of the station's fields (${Object.keys(mappableFields).join(', ')})`);
    else if (!names.has(headerKey(column))) problems.push(`the file has no column "${column}" for ${field}`);
  }
  for (const needed of ['order_number', 'recipient_name', 'street', 'city']) if (!columns[needed]) problems.push(`say which column holds ${needed}`);
  return problems;
}

export const sameHeader = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((name, i) => headerKey(name) === headerKey(b[i] ?? ''));

export function mappingSpec(mapping: ColumnMapping): StoreSpec {
  const fields: Partial<Record<Field, string[]>> = {};
  for (const [field, column] of Object.entries(mapping.columns)) {
    const target = mappableFields[field];
    if (target) fields[target] = [headerKey(column)];
  }
  return { format: 'mapped', label: `the mapping "${mapping.name}"`, signature: Object.values(mapping.columns).map(headerKey), fields };
}
