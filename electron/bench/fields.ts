import { formatOunces, parseTypedWeight } from '../../shared/domain/units';

/** The heaviest parcel the station buys for (the contract's limit, 150 lb). */
const MAX_OZ = 2400;
const MAX_INSURANCE = 10_000;

export type Parsed = { readonly value: number | null; readonly error: string | null };

/** A typed weight: exactly what Buy will use, or words for the field. Empty text is no weight yet, not an error. */
export function readWeight(text: string): Parsed {
  const trimmed = text.trim();
  if (trimmed === '') return { value: null, error: null };
  const oz = parseTypedWeight(trimmed);
  if (oz === undefined) return { value: null, error: `"${trimmed}" is not a weight. Type it like 12 oz, 1.5 lb or 1 lb 4 oz.` };
  if (oz <= 0) return { value: null, error: 'The weight must be more than zero. Put the box on the scale or type its weight.' };
  if (oz > MAX_OZ) return { value: null, error: `${formatOunces(oz)} is more than the 150 lb a parcel may weigh. Check the weight.` };
  return { value: oz, error: null };
}

/** A typed insurance amount in dollars; empty means no insurance. */
export function readInsurance(text: string): Parsed {
  const trimmed = text.trim();
  if (trimmed === '') return { value: null, error: null };
  const cleaned = trimmed.replace(/[$,\s]/g, '');
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(cleaned)) return { value: null, error: `"${trimmed}" is not an amount. Type dollars, like 120 or 45.50, or clear the field for no insurance.` };
  const amount = Number(cleaned);
  if (amount < 0) return { value: null, error: 'The insurance amount cannot be negative. Type the value of the contents, or clear the field.' };
  if (amount === 0) return { value: null, error: null };
  if (amount > MAX_INSURANCE) return { value: null, error: 'The service insures up to $10,000. Type a smaller amount.' };
  return { value: Math.round(amount * 100) / 100, error: null };
}
