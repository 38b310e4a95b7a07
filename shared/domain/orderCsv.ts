/**
 * Orders from a CSV file (issue 4 item 7): a header row naming the columns,
 * then one order per row. Quoted fields may hold commas, quotes ("") and line
 * breaks (RFC 4180). A bad row is reported by its line number in the file and
 * never stops the good rows.
 */

import type { StationAddress } from '../contract/shippingTypes';

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
] as const;

const required = ['order_number', 'recipient_name', 'street', 'city', 'state', 'zip_code'] as const;

export interface CsvOrder {
  readonly orderNumber: string;
  readonly recipient: Omit<StationAddress, 'residential'>;
  readonly package: { readonly weightOz: number; readonly lengthIn?: number; readonly widthIn?: number; readonly heightIn?: number } | null;
}

export interface CsvParseResult {
  readonly orders: ReadonlyArray<{ readonly line: number; readonly order: CsvOrder }>;
  readonly errors: ReadonlyArray<{ readonly line: number; readonly message: string }>;
}

interface RawRow {
  readonly line: number;
  readonly fields: string[];
}

/** Splits CSV text into rows of fields, remembering the line each row starts on. */
export function splitCsv(text: string): RawRow[] {
  const rows: RawRow[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let i = 0; i < source.length; i += 1) {
    const ch = source[i] as string;
    if (quoted) {
      if (ch === '"' && source[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') {
        quoted = false;
      } else {
        if (ch === '\n') line += 1;
        field += ch;
      }
      continue;
    }
    if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      fields.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && source[i + 1] === '\n') i += 1;
      fields.push(field);
      rows.push({ line: rowLine, fields });
      fields = [];
      field = '';
      line += 1;
      rowLine = line;
    } else field += ch;
  }
  if (field !== '' || fields.length > 0) {
    fields.push(field);
    rows.push({ line: rowLine, fields });
  }
  return rows.filter((row) => row.fields.some((f) => f.trim() !== ''));
}

function number(value: string, what: string, problems: string[]): number | undefined {
  if (value === '') return undefined;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) {
    problems.push(`${what} "${value}" is not a positive number`);
    return undefined;
  }
  return parsed;
}

export function parseOrderCsv(text: string): CsvParseResult {
  const rows = splitCsv(text);
  const header = rows.shift();
  if (!header) return { orders: [], errors: [{ line: 1, message: 'The file is empty; the first row must name the columns' }] };
  const names = header.fields.map((f) => f.trim().toLowerCase());
  const missing = required.filter((column) => !names.includes(column));
  if (missing.length > 0) {
    return { orders: [], errors: [{ line: header.line, message: `The header row lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}` }] };
  }
  const index = new Map(names.map((name, i) => [name, i]));
  const orders: Array<{ line: number; order: CsvOrder }> = [];
  const errors: Array<{ line: number; message: string }> = [];
  const seen = new Map<string, number>();
  for (const row of rows) {
    const get = (column: string): string => {
      const at = index.get(column);
      return at === undefined ? '' : (row.fields[at] ?? '').trim();
    };
    const problems: string[] = [];
    if (row.fields.length > names.length) problems.push(`the row has ${row.fields.length} fields but the header names ${names.length}`);
    for (const column of required) if (get(column) === '') problems.push(`${column} is empty`);
    const country = (get('country') || 'US').toUpperCase();
    if (!/^[A-Z]{2}$/.test(country)) problems.push(`country "${get('country')}" is not a two-letter code`);
    const email = get('email');
    if (email !== '' && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) problems.push(`email "${email}" does not look right`);
    const weightOz = number(get('weight_oz'), 'weight_oz', problems);
    const lengthIn = number(get('length_in'), 'length_in', problems);
    const widthIn = number(get('width_in'), 'width_in', problems);
    const heightIn = number(get('height_in'), 'height_in', problems);
    const orderNumber = get('order_number');
    const earlier = seen.get(orderNumber.toLowerCase());
    if (orderNumber !== '' && earlier !== undefined) problems.push(`order ${orderNumber} already appears on line ${earlier}`);
    if (problems.length > 0) {
      errors.push({ line: row.line, message: problems.join('; ') });
      continue;
    }
    seen.set(orderNumber.toLowerCase(), row.line);
    const optional = (column: string) => (get(column) === '' ? {} : { [column]: get(column) });
    orders.push({
      line: row.line,
      order: {
        orderNumber,
        recipient: {
          name: get('recipient_name'),
          ...(get('company') ? { company: get('company') } : {}),
          ...(optional('phone') as { phone?: string }),
          ...(email ? { email } : {}),
          street: get('street'),
          ...(optional('street2') as { street2?: string }),
          city: get('city'),
          state: get('state'),
          zip: get('zip_code'),
          country,
        },
        package:
          weightOz === undefined
            ? null
            : {
                weightOz,
                ...(lengthIn !== undefined ? { lengthIn } : {}),
                ...(widthIn !== undefined ? { widthIn } : {}),
                ...(heightIn !== undefined ? { heightIn } : {}),
              },
      },
    });
  }
  return { orders, errors };
}
