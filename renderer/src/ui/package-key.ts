/**
 * A bench key for a package that has no order: made once when the package is
 * started and reused for every retry, so the station re-sends one platform_uk_id.
 */
export function newPackageKey(prefix: string): string {
  const random = typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `${prefix}:${random}`;
}
