import type { BenchCustoms, CustomsText } from '../../shared/contract/bench';
import type { CustomsDeclaration, CustomsItem } from '../../shared/contract/shippingTypes';
import { customsProblems, exportFiling, type CustomsProblem } from '../../shared/domain/customs';
import { parseTypedWeight } from '../../shared/domain/units';

/** The editor's fields for a declaration (an order's, or none yet: merchandise to be returned, no items). */
export function customsTextOf(declaration: CustomsDeclaration | null): CustomsText {
  return {
    contentsType: declaration?.contentsType ?? 'merchandise',
    nonDelivery: declaration?.nonDelivery ?? 'return',
    itn: declaration?.itn ?? '',
    aesExemption: declaration?.aesExemption ?? '',
    items: (declaration?.items ?? []).map((item) => ({
      description: item.description,
      quantity: String(item.quantity),
      valueUsd: String(item.valueUsd),
      weightOz: String(item.weightOz),
      hsCode: item.hsCode ?? '',
      originCountry: item.originCountry,
    })),
  };
}

type Line = CustomsText['items'][number];
type Read = { readonly value: number; readonly problem: string | null };

function readQuantity(text: string): Read {
  const t = text.trim();
  if (t === '') return { value: Number.NaN, problem: 'enter how many are in the box, such as 2' };
  return /^\d+$/.test(t) ? { value: Number(t), problem: null } : { value: Number.NaN, problem: `"${t}" is not a quantity; type a whole number, such as 2` };
}

function readDollars(text: string): Read {
  const t = text.trim();
  if (t === '') return { value: Number.NaN, problem: 'enter the value of one unit in dollars, such as 35.00' };
  const cleaned = t.replace(/^(US)?\$|[,\s]|USD$/gi, '');
  return /^(\d+(\.\d*)?|\.\d+)$/.test(cleaned) ? { value: Number(cleaned), problem: null } : { value: Number.NaN, problem: `"${t}" is not an amount; type dollars, such as 35 or 49.50` };
}

/** Ounces when the unit is left out (the column says oz), otherwise any weight the Weight field reads (4 oz, 0.5 lb, 200 g). */
function readOunces(text: string): Read {
  const t = text.trim();
  if (t === '') return { value: Number.NaN, problem: 'enter the weight of one unit in ounces, such as 5' };
  const oz = parseTypedWeight(t);
  return oz === undefined ? { value: Number.NaN, problem: `"${t}" is not a weight; type ounces, such as 5 or 4.5 oz` } : { value: oz, problem: null };
}

function readLine(line: Line, index: number): { item: CustomsItem; problems: CustomsProblem[] } {
  const description = line.description.trim();
  const which = `Item ${index + 1}${description ? ` (${description})` : ''}`;
  const problems: CustomsProblem[] = [];
  const take = (key: 'quantity' | 'valueUsd' | 'weightOz', read: Read): number => {
    if (read.problem) problems.push({ field: `items.${index}.${key}`, message: `${which}: ${read.problem}` });
    return read.value;
  };
  const hsCode = line.hsCode.trim();
  const item: CustomsItem = {
    description,
    quantity: take('quantity', readQuantity(line.quantity)),
    valueUsd: take('valueUsd', readDollars(line.valueUsd)),
    weightOz: take('weightOz', readOunces(line.weightOz)),
    ...(hsCode ? { hsCode } : {}),
    originCountry: line.originCountry.trim().toUpperCase(),
  };
  return { item, problems };
}

/**
 * Reads the editor's fields into a declaration and checks it with the
 * customs rules (shared/domain/customs.ts): a field that is not a number says
 * so; every other broken rule, the AES threshold included, is worded by the
 * rules. The declaration is kept only when nothing is broken, so nothing is
 * rated or bought from a declaration the packer has not finished.
 */
export function readCustoms(text: CustomsText): BenchCustoms {
  const lines = text.items.map(readLine);
  const itn = text.itn.trim();
  const aesExemption = text.aesExemption.trim();
  const declaration: CustomsDeclaration = {
    contentsType: text.contentsType,
    nonDelivery: text.nonDelivery,
    items: lines.map((l) => l.item),
    ...(itn ? { itn } : {}),
    ...(aesExemption ? { aesExemption } : {}),
  };
  const unreadable = lines.flatMap((l) => l.problems);
  const taken = new Set(unreadable.map((p) => p.field));
  const problems = [...unreadable, ...customsProblems(declaration).filter((p) => !taken.has(p.field))].sort((a, b) => rank(a.field) - rank(b.field));
  const ok = problems.length === 0;
  return { text, declaration: ok ? declaration : null, problems, filing: ok ? exportFiling(declaration) : null };
}

/** Problems in the order the editor shows the fields: items first, row by row. */
function rank(field: CustomsProblem['field']): number {
  const item = /^items\.(\d+)\./.exec(field);
  if (item) return Number(item[1]);
  return field === 'items' ? -1 : 1000;
}
