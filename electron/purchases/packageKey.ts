import { fail } from '../../shared/contract/errors';
import { usPsReturnLevels } from '../../shared/contract/shipping';

/** Names one package's journal row, claim, platform_uk_id and events; built only here, so every path spells a package one way. */
export type PackageKey = string & { readonly __packageKey: unique symbol };

const brand = (text: string): PackageKey => text as PackageKey;

/** A key the engine wrote earlier (a journal row's package_key): it was built here, so it is taken as is. */
export const storedPackageKey = (text: string): PackageKey => brand(text);

/** Box `box` of order `orderNumber` going out; order numbers match case-insensitively. */
export const orderBoxKey = (orderNumber: string, box: number): PackageKey => brand(`order:${orderNumber.trim().toLowerCase()}#${box}`);

/**
 * An order's package n has one key on every path, whatever session key the
 * caller brings. A return is its own package: return 1 of package n (Buy again
 * shows that label), and a second one asked for on purpose is return 2, never
 * the first re-sent under a new id. Without an order: the caller's key.
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

/** The package a labels.buy names; a purchase by rate is a return when its quote was asked for one (`quoteIsReturn`, asked only then). */
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
