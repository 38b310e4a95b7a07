/**
 * Customs declarations (issue 15): what a package that leaves the country
 * holds, what happens when it cannot be delivered, and how its export is
 * reported to the U.S. Census Bureau (AES). Values are in U.S. dollars; an
 * item's value and weight are per unit, as an order lists them.
 */

import { countryName } from './countries';
import { toCents } from './money';

export const contentsTypes = ['merchandise', 'gift', 'documents', 'returned_goods', 'sample'] as const;
export type ContentsType = (typeof contentsTypes)[number];

export const nonDeliveryOptions = ['return', 'abandon'] as const;
export type NonDeliveryOption = (typeof nonDeliveryOptions)[number];

export const contentsTypeWords: Readonly<Record<ContentsType, string>> = {
  merchandise: 'Merchandise',
  gift: 'Gift',
  documents: 'Documents',
  returned_goods: 'Returned goods',
  sample: 'Commercial sample',
};

export const nonDeliveryWords: Readonly<Record<NonDeliveryOption, string>> = {
  return: 'Return to sender',
  abandon: 'Treat as abandoned',
};

export interface CustomsItem {
  readonly description: string;
  readonly quantity: number;
  /** Per unit, U.S. dollars. */
  readonly valueUsd: number;
  /** Per unit, ounces. */
  readonly weightOz: number;
  /** Harmonized System code, digits only (6 to 10). */
  readonly hsCode?: string | undefined;
  readonly originCountry: string;
}

export interface CustomsDeclaration {
  readonly contentsType: ContentsType;
  readonly nonDelivery: NonDeliveryOption;
  readonly items: readonly CustomsItem[];
  /** Internal Transaction Number from AES, when the export was filed. */
  readonly itn?: string | undefined;
  /** An EEI exemption the shipper claims instead of an ITN. */
  readonly aesExemption?: string | undefined;
}

/** EEI must be filed in AES when one Schedule B / HS line is worth more than this (15 CFR 30.37(a)). */
export const AES_THRESHOLD_USD = 2500;
/** The exemption for shipments with no line over the threshold; the station claims it itself. */
export const LOW_VALUE_EXEMPTION = 'NOEEI 30.37(a)';
/** Items a CN23 has room for. */
export const MAX_CUSTOMS_ITEMS = 30;

const ITN = /^X\d{14}$/;
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "6109.10.0012" -> "6109100012"; undefined when empty. */
export function normalizeHsCode(code: string | undefined): string | undefined {
  const digits = (code ?? '').replace(/[\s.-]/g, '');
  return digits === '' ? undefined : digits;
}

export function normalizeItn(itn: string | undefined): string | undefined {
  const compact = (itn ?? '').replace(/\s/g, '').toUpperCase();
  return compact === '' ? undefined : compact;
}

/** "noeei 30.37(A)" -> "NOEEI 30.37(a)": the prefix in capitals, the paragraph letters small, one space. */
export function normalizeExemption(code: string | undefined): string | undefined {
  const compact = (code ?? '').trim().replace(/\s+/g, ' ');
  if (compact === '') return undefined;
  return compact.replace(/^noeei ?/i, 'NOEEI ').replace(/\(([A-Za-z0-9]+)\)/g, (_, p: string) => `(${p.toLowerCase()})`);
}

export function lineValueCents(item: CustomsItem): number {
  return toCents(item.valueUsd) * item.quantity;
}

export function totalValueCents(declaration: CustomsDeclaration): number {
  return declaration.items.reduce((sum, item) => sum + lineValueCents(item), 0);
}

export function totalWeightOz(declaration: CustomsDeclaration): number {
  return Math.round(declaration.items.reduce((sum, item) => sum + item.weightOz * item.quantity, 0) * 100) / 100;
}

export interface AesLine {
  /** The HS code, or null for an item declared without one (then it is a line by itself). */
  readonly hsCode: string | null;
  readonly descriptions: readonly string[];
  readonly valueCents: number;
}

/** Lines as AES counts them: items sharing an HS code add up; an item without one stands alone. */
export function aesLines(items: readonly CustomsItem[]): AesLine[] {
  const byCode = new Map<string, { descriptions: string[]; valueCents: number }>();
  const lines: AesLine[] = [];
  for (const item of items) {
    const code = normalizeHsCode(item.hsCode);
    if (code === undefined) {
      lines.push({ hsCode: null, descriptions: [item.description], valueCents: lineValueCents(item) });
      continue;
    }
    const line = byCode.get(code) ?? { descriptions: [], valueCents: 0 };
    line.descriptions.push(item.description);
    line.valueCents += lineValueCents(item);
    byCode.set(code, line);
  }
  for (const [hsCode, line] of byCode) lines.push({ hsCode, ...line });
  return lines;
}

/** The lines worth more than the AES threshold, which make an ITN (or another exemption) necessary. */
export function linesOverAesThreshold(items: readonly CustomsItem[]): AesLine[] {
  return aesLines(items).filter((line) => line.valueCents > AES_THRESHOLD_USD * 100);
}

export type ExportFiling = { readonly type: 'ITN'; readonly code: string } | { readonly type: 'EXEMPTION_CODE'; readonly code: string };

/** What goes in the label's AES box: the ITN when given, else the claimed exemption, else NOEEI 30.37(a). */
export function exportFiling(declaration: CustomsDeclaration): ExportFiling {
  const itn = normalizeItn(declaration.itn);
  if (itn !== undefined) return { type: 'ITN', code: itn };
  return { type: 'EXEMPTION_CODE', code: normalizeExemption(declaration.aesExemption) ?? LOW_VALUE_EXEMPTION };
}

export type CustomsField = 'contentsType' | 'nonDelivery' | 'items' | 'itn' | 'aesExemption' | `items.${number}.${keyof CustomsItem}`;

export interface CustomsProblem {
  readonly field: CustomsField;
  readonly message: string;
}

function itemProblems(item: CustomsItem, index: number): CustomsProblem[] {
  const which = `Item ${index + 1}${item.description.trim() ? ` (${item.description.trim()})` : ''}`;
  const at = (key: keyof CustomsItem, message: string): CustomsProblem => ({ field: `items.${index}.${key}`, message: `${which}: ${message}` });
  const problems: CustomsProblem[] = [];
  const description = item.description.trim();
  if (description === '') problems.push(at('description', 'describe what it is, such as "cotton T-shirt"'));
  else if (description.length > 60) problems.push(at('description', 'the description is too long (at most 60 characters)'));
  if (!Number.isInteger(item.quantity) || item.quantity < 1) problems.push(at('quantity', 'the quantity must be a whole number of at least 1'));
  else if (item.quantity > 9999) problems.push(at('quantity', 'the quantity is more than 9,999; check it'));
  if (!Number.isFinite(item.valueUsd) || item.valueUsd <= 0) problems.push(at('valueUsd', 'enter its value in dollars (more than zero)'));
  else if (item.valueUsd > 100_000) problems.push(at('valueUsd', 'the value is more than $100,000 each; check it'));
  if (!Number.isFinite(item.weightOz) || item.weightOz <= 0) problems.push(at('weightOz', 'enter its weight in ounces (more than zero)'));
  const hs = normalizeHsCode(item.hsCode);
  if (hs !== undefined && !/^\d{6,10}$/.test(hs)) problems.push(at('hsCode', `"${item.hsCode ?? ''}" is not an HS code (6 to 10 digits, such as 6109.10)`));
  if (countryName(item.originCountry.trim()) === undefined) {
    problems.push(at('originCountry', item.originCountry.trim() === '' ? 'enter the country it was made in, such as US or CN' : `"${item.originCountry}" is not a country code; use two letters, such as US or CN`));
  }
  return problems;
}

/**
 * Every rule the declaration breaks, worded for the packer. A package that
 * leaves the country needs a declaration; documents need no items; every
 * other contents type needs at least one.
 */
export function customsProblems(declaration: CustomsDeclaration | null | undefined): CustomsProblem[] {
  if (!declaration) return [{ field: 'items', message: 'This package leaves the country: declare its contents for customs' }];
  const problems: CustomsProblem[] = [];
  if (!contentsTypes.includes(declaration.contentsType)) problems.push({ field: 'contentsType', message: 'Pick what the package holds: merchandise, gift, documents, returned goods or sample' });
  if (!nonDeliveryOptions.includes(declaration.nonDelivery)) problems.push({ field: 'nonDelivery', message: 'Pick what happens if it cannot be delivered: return or abandon' });
  if (declaration.items.length === 0 && declaration.contentsType !== 'documents') {
    problems.push({ field: 'items', message: `List the items in the package for customs: ${contentsTypeWords[declaration.contentsType]?.toLowerCase() ?? 'goods'} need at least one` });
  }
  if (declaration.items.length > MAX_CUSTOMS_ITEMS) problems.push({ field: 'items', message: `A customs form holds at most ${MAX_CUSTOMS_ITEMS} items; combine similar ones` });
  declaration.items.forEach((item, index) => problems.push(...itemProblems(item, index)));
  const itn = normalizeItn(declaration.itn);
  if (itn !== undefined && !ITN.test(itn)) problems.push({ field: 'itn', message: `"${declaration.itn ?? ''}" is not an ITN; it is an X and 14 digits, such as X20250627012345` });
  const exemption = normalizeExemption(declaration.aesExemption);
  if (exemption && !/^NOEEI 30\.\d{2}(\([a-z0-9]+\))*$/.test(exemption)) {
    problems.push({ field: 'aesExemption', message: `"${declaration.aesExemption ?? ''}" is not an exemption code; it looks like NOEEI 30.37(a)` });
  }
  if (itn === undefined && problems.every((p) => !p.field.startsWith('items.'))) {
    const over = linesOverAesThreshold(declaration.items);
    const claimsOther = exemption !== undefined && exemption !== LOW_VALUE_EXEMPTION;
    if (over.length > 0 && !claimsOther) {
      const line = over[0] as AesLine;
      const what = line.hsCode ? `HS ${line.hsCode} (${line.descriptions.join(', ')})` : line.descriptions.join(', ');
      problems.push({
        field: 'itn',
        message: `${what} is worth ${usd.format(line.valueCents / 100)}, over ${usd.format(AES_THRESHOLD_USD)}: file the export in AES and enter its ITN`,
      });
    }
  }
  return problems;
}
