/**
 * Sorting rates and the station's rule for which one to preselect: the
 * cheapest, the fastest, or the cheapest that arrives within N days.
 */

export interface RankableRate {
  readonly price: number;
  readonly deliveryDays: number | null;
  readonly serviceName: string;
  readonly serviceLevel?: string;
}

/**
 * Services limited to certain contents (Media Mail: books and recordings;
 * Library Mail: between libraries). Often the cheapest, so a rule would pick
 * them for a box of mugs; they are shown but never preselected.
 */
export function isContentRestricted(rate: RankableRate): boolean {
  return /media[_ ]mail|library[_ ]mail/i.test(`${rate.serviceLevel ?? ''} ${rate.serviceName}`);
}

/** The content rule of a restricted service, in the words the operator sees when picking it by hand. */
export function contentRule(rate: RankableRate): string | null {
  const name = `${rate.serviceLevel ?? ''} ${rate.serviceName}`;
  if (/media[_ ]mail/i.test(name)) {
    return 'Media Mail is only for books, sound and video recordings and printed teaching material: no ads, no other goods. The carrier may open the box and charge the difference.';
  }
  if (/library[_ ]mail/i.test(name)) {
    return 'Library Mail is only for items sent between libraries, schools, museums and nonprofit organizations. Check the sender and the contents qualify.';
  }
  return null;
}

export type RateRule = { readonly kind: 'cheapest' } | { readonly kind: 'fastest' } | { readonly kind: 'cheapestWithin'; readonly days: number };

const days = (rate: RankableRate): number => rate.deliveryDays ?? Number.POSITIVE_INFINITY;

/** Cheapest first; equal prices by fewer days, then by name so the order is stable. */
export function compareRates(a: RankableRate, b: RankableRate): number {
  return a.price - b.price || days(a) - days(b) || a.serviceName.localeCompare(b.serviceName);
}

export function sortRates<R extends RankableRate>(rates: readonly R[]): R[] {
  return [...rates].sort(compareRates);
}

/** Index of the rate the rule picks in `rates` (never a content-restricted one), or null when none qualifies. */
export function pickRate(rates: readonly RankableRate[], rule: RateRule): number | null {
  let best: number | null = null;
  rates.forEach((rate, index) => {
    if (isContentRestricted(rate)) return;
    if (rule.kind === 'cheapestWithin' && days(rate) > rule.days) return;
    if (best === null) {
      best = index;
      return;
    }
    const current = rates[best] as RankableRate;
    const better =
      rule.kind === 'fastest'
        ? days(rate) - days(current) || rate.price - current.price
        : compareRates(rate, current);
    if (better < 0) best = index;
  });
  return best;
}

export function describeRule(rule: RateRule): string {
  switch (rule.kind) {
    case 'cheapest':
      return 'cheapest';
    case 'fastest':
      return 'fastest';
    case 'cheapestWithin':
      return `cheapest within ${rule.days} day${rule.days === 1 ? '' : 's'}`;
  }
}
