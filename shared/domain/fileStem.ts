/**
 * Values from the service (tracking numbers, shipment numbers) are only ever
 * used as file names when they are plain: letters, digits, dash and
 * underscore, starting with a letter or digit, at most 64 characters. A
 * separator, a dot or anything else could leave the folder it is meant for.
 */
const PLAIN_STEM = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export function isPlainFileStem(value: string | null | undefined): value is string {
  return typeof value === 'string' && PLAIN_STEM.test(value);
}

/** The first of the candidates that is a plain file stem, or null when none is. */
export function plainFileStem(...candidates: ReadonlyArray<string | null | undefined>): string | null {
  return candidates.find(isPlainFileStem) ?? null;
}
