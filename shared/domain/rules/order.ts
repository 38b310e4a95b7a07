/**
 * The rule numbers in their new order after moving `id` to just before
 * `before` (last when null); undefined when either is not in the list.
 * One answer for a bench's own list and the warehouse's.
 */
export function reorderedIds(ids: readonly number[], id: number, before: number | null): number[] | undefined {
  if (!ids.includes(id) || (before !== null && !ids.includes(before))) return undefined;
  if (before === id) return [...ids];
  const rest = ids.filter((other) => other !== id);
  const at = before === null ? rest.length : rest.indexOf(before);
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}
