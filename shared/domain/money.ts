/**
 * Money as integer cents: the service sends dollars as numbers or strings,
 * and adding float dollars drifts (0.1 + 0.2). Convert once at the edge, add
 * cents, and convert back only for display or the wire.
 */

export type Cents = number;

/** Dollars (number or numeric string) to whole cents, half away from zero. */
export function toCents(dollars: number | string): Cents {
  const value = typeof dollars === 'string' ? Number(dollars.trim()) : dollars;
  if (!Number.isFinite(value)) throw new RangeError(`Not an amount of money: ${String(dollars)}`);
  const sign = value < 0 ? -1 : 1;
  // toFixed(6) removes binary noise (4.005 stored as 4.00499999...) before rounding.
  return sign * Math.round(Number((Math.abs(value) * 100).toFixed(6)));
}

export function toDollars(cents: Cents): number {
  return Math.round(cents) / 100;
}

/** "$12.34" (negative as "-$1.00"); other currencies as "12.34 CAD". */
export function formatMoney(cents: Cents, currency = 'USD'): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return currency.toUpperCase() === 'USD' ? `${sign}$${text}` : `${sign}${text} ${currency.toUpperCase()}`;
}
