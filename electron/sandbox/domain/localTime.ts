/** ISO 8601 timestamps with a zone's UTC offset, e.g. 2026-11-23T10:15:00-08:00. */
const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The instant in the zone, with its offset; UTC ("+00:00") when no zone is given. */
export function isoWithOffset(instant: Date, timeZone: string | undefined): string {
  const at = new Date(Math.floor(instant.getTime() / 1000) * 1000);
  if (!timeZone) return at.toISOString().replace(/\.\d{3}Z$/, '+00:00');
  const parts: Record<string, number> = {};
  for (const part of formatFor(timeZone).formatToParts(at)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const local = Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
  const offsetMin = Math.round((local - at.getTime()) / 60_000);
  const sign = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  const clock = new Date(local).toISOString().slice(0, 19);
  return `${clock}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The calendar date of an instant in a zone (UTC when none). */
export function localDate(instant: Date, timeZone: string | undefined): string {
  return isoWithOffset(instant, timeZone).slice(0, 10);
}

/** UTC ISO without milliseconds. */
export function isoUtc(instant: Date): string {
  return new Date(Math.floor(instant.getTime() / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}
