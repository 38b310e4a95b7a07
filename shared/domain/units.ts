/**
 * Weights: the units a USB scale may report, exact conversions to ounces and
 * pounds (what carriers bill on), rounding for postage, and display text.
 *
 * Every unit is defined by its size in nanograms, an exact integer for all
 * but the tael, so a conversion is one multiplication and one division of exact
 * integers rather than a chain of rounded factors.
 */

export const weightUnits = ['mg', 'g', 'kg', 'ct', 'tael', 'grain', 'dwt', 'tonne', 'ton', 'ozt', 'oz', 'lb'] as const;
export type WeightUnit = (typeof weightUnits)[number];

export interface Weight {
  readonly value: number;
  readonly unit: WeightUnit;
}

const NANOGRAMS: Readonly<Record<WeightUnit, number>> = {
  mg: 1_000_000,
  g: 1_000_000_000,
  kg: 1_000_000_000_000,
  ct: 200_000_000, // metric carat, 200 mg
  // Taels differ by region (37.5 g Taiwan, 50 g mainland); the HID tables do not
  // say which, so the Hong Kong tael is used: 1 1/3 avoirdupois ounces.
  tael: (28_349_523_125 * 4) / 3,
  grain: 64_798_910, // 64.798 91 mg, exact by definition
  dwt: 1_555_173_840, // pennyweight, 24 grains
  tonne: 1_000_000_000_000_000,
  ton: 907_184_740_000_000, // short (avoirdupois) ton, 2000 lb
  ozt: 31_103_476_800, // troy ounce, 480 grains
  oz: 28_349_523_125, // avoirdupois ounce, 1/16 lb
  lb: 453_592_370_000, // 0.453 592 37 kg, exact by definition
};

/** HID point-of-sale usage page (0x8D) weight unit codes, as sent in byte 2 of a scale report. */
export const hidWeightUnits: Readonly<Record<number, WeightUnit>> = {
  1: 'mg',
  2: 'g',
  3: 'kg',
  4: 'ct',
  5: 'tael',
  6: 'grain',
  7: 'dwt',
  8: 'tonne',
  9: 'ton',
  10: 'ozt',
  11: 'oz',
  12: 'lb',
};

export function unitFromHidCode(code: number): WeightUnit | undefined {
  return hidWeightUnits[code];
}

/** Operator words for each unit, as a packer would say it. */
export const unitNames: Readonly<Record<WeightUnit, string>> = {
  mg: 'milligrams',
  g: 'grams',
  kg: 'kilograms',
  ct: 'carats',
  tael: 'taels',
  grain: 'grains',
  dwt: 'pennyweights',
  tonne: 'metric tons',
  ton: 'tons',
  ozt: 'troy ounces',
  oz: 'ounces',
  lb: 'pounds',
};

export function convertWeight(weight: Weight, to: WeightUnit): number {
  if (weight.unit === to) return weight.value;
  return (weight.value * NANOGRAMS[weight.unit]) / NANOGRAMS[to];
}

export const toOunces = (weight: Weight): number => convertWeight(weight, 'oz');
export const toPounds = (weight: Weight): number => convertWeight(weight, 'lb');
export const toGrams = (weight: Weight): number => convertWeight(weight, 'g');

/**
 * Removes the float noise of a conversion (4.8999999999 -> 4.9) without
 * changing a real value: 9 significant decimals is far below any scale's
 * resolution.
 */
function clean(value: number): number {
  return Number(value.toFixed(9));
}

/**
 * Rounds a weight in ounces up to the next step (0.1 oz by default): postage
 * is priced on the weight at or above the real one, so a label never
 * under-declares. Negative weights (a scale under zero) round to zero.
 */
export function roundUpOunces(ounces: number, step = 0.1): number {
  if (!(step > 0)) throw new RangeError('The rounding step must be positive');
  if (!(ounces > 0)) return 0;
  const steps = Math.ceil(clean(ounces / step));
  return clean(steps * step);
}

/** The whole ounces USPS bills for a light package: any fraction counts as the next ounce. */
export const billableOunces = (ounces: number): number => roundUpOunces(ounces, 1);

/** The whole pounds a carrier bills for a heavier package: any fraction counts as the next pound. */
export const billablePounds = (ounces: number): number => (ounces > 0 ? Math.ceil(clean(ounces / 16)) : 0);

/** Splits ounces into whole pounds and remaining ounces, rounded to `decimals` for display. */
export function splitPoundsOunces(ounces: number, decimals = 1): { readonly pounds: number; readonly ounces: number } {
  const factor = 10 ** decimals;
  const total = Math.round(clean(Math.abs(ounces)) * factor) / factor;
  const pounds = Math.floor(clean(total / 16));
  const rest = Math.round((total - pounds * 16) * factor) / factor;
  return { pounds, ounces: rest };
}

/**
 * Display text in US units: "4.9 oz", "1 lb 4.6 oz", "2 lb", "0 oz",
 * "-0.3 oz" (a scale under zero).
 */
export function formatOunces(ounces: number, decimals = 1): string {
  const { pounds, ounces: rest } = splitPoundsOunces(ounces, decimals);
  const sign = ounces < 0 && (pounds > 0 || rest > 0) ? '-' : '';
  const oz = `${trimZeros(rest.toFixed(decimals))} oz`;
  if (pounds === 0) return `${sign}${oz}`;
  if (rest === 0) return `${sign}${pounds} lb`;
  return `${sign}${pounds} lb ${oz}`;
}

/** A reading as the scale shows it ("7.85 lb", "540 g"), before conversion. */
export function formatWeight(weight: Weight): string {
  return `${trimZeros(String(clean(weight.value)))} ${weight.unit}`;
}

function trimZeros(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

const typedUnits: ReadonlyArray<readonly [RegExp, WeightUnit]> = [
  [/^(lbs?|pounds?|#)$/, 'lb'],
  [/^(oz|ozs|ounces?)$/, 'oz'],
  [/^(kgs?|kilos?|kilograms?)$/, 'kg'],
  [/^(g|grams?)$/, 'g'],
];

/**
 * Reads a weight a person typed: "20", "20 oz", "1.5 lb", "1 lb 4 oz",
 * "1lb4oz", "500 g", "0.5kg". A bare number is ounces. Returns the weight in
 * ounces, or undefined when the text is not a weight.
 */
export function parseTypedWeight(text: string): number | undefined {
  const input = text.trim().toLowerCase();
  if (input === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(input)) return Number(input);
  const part = /(\d+(?:\.\d+)?|\.\d+)\s*([a-z#]+)\s*/y;
  let total = 0;
  let index = 0;
  let parts = 0;
  while (index < input.length) {
    part.lastIndex = index;
    const match = part.exec(input);
    if (!match) return undefined;
    const unit = typedUnits.find(([pattern]) => pattern.test(match[2] ?? ''))?.[1];
    if (!unit) return undefined;
    total += toOunces({ value: Number(match[1]), unit });
    index = part.lastIndex;
    parts += 1;
  }
  return parts > 0 ? clean(total) : undefined;
}
