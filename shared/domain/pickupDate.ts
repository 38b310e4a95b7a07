/**
 * The service's default pickup date: the next calendar day in the
 * America/Los_Angeles time zone, whatever the hour of submission. Computed with
 * Intl so daylight-saving changes follow the platform's time zone data.
 */
export const PICKUP_TIME_ZONE = 'America/Los_Angeles';

/** The calendar date (YYYY-MM-DD) an instant falls on in a time zone. */
export function calendarDate(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** YYYY-MM-DD plus n days, on the calendar (no time zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + days));
  return next.toISOString().slice(0, 10);
}

export function defaultPickupDate(now: Date): string {
  return addDays(calendarDate(now, PICKUP_TIME_ZONE), 1);
}

/**
 * A pickup date before today on the service's calendar (Los Angeles) is in
 * the past and cannot be booked; today itself is left for the service to
 * judge, since the docs are silent about same-day cut-off times.
 */
export function isPastPickupDate(date: string, now: Date): boolean {
  return date < calendarDate(now, PICKUP_TIME_ZONE);
}
