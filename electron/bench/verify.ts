import type { BenchVerify, VerifyLine, VerifyProblemKind } from '../../shared/contract/benchChecks';
import type { OrderItem } from '../../shared/contract/shippingTypes';
import { plural } from '../../shared/domain/operatorWords';
import { skuKey } from '../../shared/domain/products';

/**
 * Scan to verify, as data: the order's lines with what is counted in the box,
 * and the words for a refused scan. The bench machine keeps it in its view;
 * nothing here reads the catalog or the settings (the station passes them in).
 */

export const verifyOff: BenchVerify = { status: 'off', lines: [], problem: null, skippedBy: null };

/** The key that skips verifying one order: deliberate, never the reflex Enter. */
export const SKIP_VERIFY_KEY = 'Alt+V';

const statusOf = (lines: readonly VerifyLine[]): BenchVerify['status'] => (lines.every((l) => l.counted >= l.quantity) ? 'complete' : 'checking');

export interface VerifyStart {
  /** The bench's setting. */
  readonly on: boolean;
  /** A rule's word for this order: skip (true) or verify even with the setting off (false). */
  readonly rule: { readonly skip: boolean; readonly ruleName: string } | null;
  /** The catalog's barcode of each SKU it has one for, keyed by skuKey. */
  readonly barcodes: ReadonlyMap<string, string>;
}

/** The lines to count for an order's items (the same SKU on two lines counts as one line); off without items or with the setting off. */
export function startVerify(items: readonly OrderItem[], start: VerifyStart): BenchVerify {
  const required = start.on || start.rule?.skip === false;
  if (items.length === 0 || !required) return verifyOff;
  const lines: VerifyLine[] = [];
  for (const item of items) {
    const key = skuKey(item.sku);
    const same = lines.findIndex((l) => skuKey(l.sku) === key);
    const earlier = lines[same];
    if (earlier) lines[same] = { ...earlier, quantity: earlier.quantity + item.quantity };
    else lines.push({ sku: item.sku, name: item.name, code: start.barcodes.get(key) ?? item.sku, quantity: item.quantity, counted: 0 });
  }
  if (start.rule?.skip) return { status: 'skipped', lines, problem: null, skippedBy: `rule "${start.rule.ruleName}"` };
  return { status: 'checking', lines, problem: null, skippedBy: null };
}

/** Items are counted while the order is being checked (or is complete, so one more is too many). */
export const verifying = (v: BenchVerify): boolean => v.status === 'checking' || v.status === 'complete';

/** The line a scan names, by its barcode or its SKU (any case); null when it names none. */
export function lineOf(v: BenchVerify, text: string): number | null {
  const key = text.trim().toLowerCase();
  const index = v.lines.findIndex((l) => l.code.trim().toLowerCase() === key || skuKey(l.sku) === skuKey(text));
  return index >= 0 ? index : null;
}

function tooMany(line: VerifyLine): string {
  return `Too many ${line.name} (${line.sku}): the order has ${line.quantity}, all counted already. Take the extra one out of the box.`;
}

const refused = (v: BenchVerify, kind: VerifyProblemKind, message: string): BenchVerify => ({ ...v, problem: { kind, message } });

/** One scan of a line's item: counted, or too many. */
export function countScan(v: BenchVerify, index: number): BenchVerify {
  const line = v.lines[index];
  if (!line || !verifying(v)) return v;
  if (line.counted >= line.quantity) return refused(v, 'tooMany', tooMany(line));
  const lines = v.lines.map((l, i) => (i === index ? { ...l, counted: l.counted + 1 } : l));
  return { ...v, lines, status: statusOf(lines), problem: null };
}

/** A count typed for a line: taken as the number in the box, refused when it is more than the order has. */
export function countTyped(v: BenchVerify, index: number, quantity: number): BenchVerify {
  const line = v.lines[index];
  if (!line || !verifying(v)) return v;
  if (quantity > line.quantity) {
    return refused(v, 'tooMany', `Too many ${line.name} (${line.sku}): the order has ${line.quantity}, not ${quantity}. Take the extra out of the box and type the count again.`);
  }
  const lines = v.lines.map((l, i) => (i === index ? { ...l, counted: quantity } : l));
  return { ...v, lines, status: statusOf(lines), problem: null };
}

/** A scan that is no item of the order: a product of the catalog (named), or nothing the station knows. */
export function refuseScan(v: BenchVerify, text: string, product: { readonly sku: string; readonly name: string } | null): BenchVerify {
  if (!verifying(v)) return v;
  if (product) return refused(v, 'notInOrder', `${product.name} (${product.sku}) is not in this order. Take it out of the box.`);
  return refused(v, 'wrongItem', `Wrong item: "${text.trim()}" is no item of this order, and no product or order the station knows. Check what you scanned.`);
}

export function skipVerify(v: BenchVerify, by: string): BenchVerify {
  if (v.status === 'off' || v.status === 'skipped') return v;
  return { ...v, status: 'skipped', problem: null, skippedBy: by };
}

const left = (v: BenchVerify): number => v.lines.reduce((sum, l) => sum + Math.max(0, l.quantity - l.counted), 0);

/** Why Buy waits for the items, in words; null when it does not. */
export function verifyBlocker(v: BenchVerify): string | null {
  if (v.status !== 'checking') return null;
  const missing = v.lines.filter((l) => l.counted < l.quantity).map((l) => `${l.quantity - l.counted} × ${l.sku}`);
  return `Scan the items into the box: ${plural(left(v), 'item')} still to scan (${missing.join(', ')}). To ship this order without checking them, press ${SKIP_VERIFY_KEY}.`;
}

/** What History keeps about the check; null when verification was off. */
export function verifyDecision(v: BenchVerify): string | null {
  const units = v.lines.reduce((sum, l) => sum + l.quantity, 0);
  if (v.status === 'complete') return `Items verified by scan: ${plural(units, 'item')} on ${plural(v.lines.length, 'line')}.`;
  if (v.status === 'skipped') return `Scan to verify skipped by ${v.skippedBy ?? 'the operator'}.`;
  return null;
}
