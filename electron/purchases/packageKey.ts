import { fail } from '../../shared/contract/errors';
import { usPsReturnLevels } from '../../shared/contract/shipping';

/**
 * What names one package for the purchase engine: its journal row, its claim
 * among benches, its platform_uk_id (with the account and void generation) and
 * its progress events. Built only here, so every path (Ship bench, batch,
 * returns, CLI, v1 desk) spells one package one way.
 */
export type PackageKey = string & { readonly __packageKey: unique symbol };

const brand = (text: string): PackageKey => text as PackageKey;

/** A key the engine wrote earlier (a journal row's package_key): it was built here, so it is taken as is. */
export const storedPackageKey = (text: string): PackageKey => brand(text);

/** Box `box` of order `orderNumber` going out; order numbers match case-insensitively. */
export const orderBoxKey = (orderNumber: string, box: number): PackageKey => brand(`order:${orderNumber.trim().toLowerCase()}#${box}`);

/**
 * One platform_uk_id per package. An order's outbound package n has the same
 * key on every path (Ship screen, batch, CLI), whatever session key the
 * caller brings, and order numbers match case-insensitively. A return label
 * is its own package: for an order, return 1 of package n (Buy again shows
 * that same label), and a second return asked for on purpose is return 2, a
 * new package, never a re-send of the first under a new id; without an
 * order, the caller's session key.
 */
export function packageKeyOf(input: { packageKey?: string; orderNumber?: string; packageIndex: number; returnNumber?: number }, isReturn: boolean): PackageKey {
  const order = input.orderNumber?.trim().toLowerCase();
  if (order && !isReturn) return orderBoxKey(order, input.packageIndex);
  if (order) return brand(`return:order:${order}#${input.packageIndex}${(input.returnNumber ?? 1) > 1 ? `/return${input.returnNumber}` : ''}`);
  if (input.packageKey) return brand(input.packageKey);
  return fail('invalid_input', 'Scan an order or start a package before buying', { field: 'packageKey' });
}

/** What of a labels.buy names its package (the contract's input, before or after its defaults). */
export type BuyKeyInput = { readonly packageKey?: string; readonly orderNumber?: string; readonly packageIndex?: number; readonly returnNumber?: number } & (
  | { readonly method: 'rate' }
  | { readonly method: 'direct'; readonly serviceLevel: string; readonly options?: { readonly isReturnLabel?: boolean } }
);

/**
 * The package a labels.buy names. A direct purchase is a return when its
 * service is a return service or it asks for a return label; a purchase by
 * rate is one when the quote was asked for a return label (`quoteIsReturn`,
 * asked only then).
 */
export function purchaseKeyOf(input: BuyKeyInput, quoteIsReturn: () => boolean): PackageKey {
  const isReturn = input.method === 'direct' ? (usPsReturnLevels as readonly string[]).includes(input.serviceLevel) || input.options?.isReturnLabel === true : quoteIsReturn();
  return packageKeyOf({ ...input, packageIndex: input.packageIndex ?? 0 }, isReturn);
}

/** Which return label of an order's package a package key names, in packageKeyOf's numbering; null when it is not one. */
export function returnNumberOf(packageKey: string, orderNumber: string, packageIndex = 0): number | null {
  const first = packageKeyOf({ orderNumber, packageIndex }, true);
  if (packageKey === first) return 1;
  const later = packageKey.startsWith(`${first}/return`) ? /^\d+$/.exec(packageKey.slice(first.length + '/return'.length)) : null;
  return later ? Number(later[0]) : null;
}

/** One package of one v1 order: v1 orders live in a store, so the store is part of the name. */
export const v1PackageKey = (storeName: string, orderNumber: string, packageIndex: number): PackageKey =>
  brand(`v1:${storeName.trim().toLowerCase()}/${orderNumber.trim().toLowerCase()}#${packageIndex}`);

/** The box number a key names, in operator words ("?" for a key without one). */
export const boxOf = (packageKey: string): string => packageKey.split('#')[1] ?? '?';

/** The start every package key of one order shares (`v1:store/order#`, `order:x#`). */
export const orderPrefixOf = (packageKey: string): string => packageKey.slice(0, packageKey.lastIndexOf('#') + 1);
