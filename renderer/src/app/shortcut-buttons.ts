/**
 * Alt+<letter> presses the enabled control on the current screen that
 * declares it in aria-keyshortcuts, so a key shown on a button is the key
 * that works, with no handler per screen. A screen that handles the key
 * itself calls preventDefault first and wins.
 */
export function pressShortcut(event: KeyboardEvent, root: ParentNode = document): boolean {
  if (event.defaultPrevented || !event.altKey || event.ctrlKey || event.metaKey || !event.code.startsWith('Key')) return false;
  // Alt+letter is a command here, never text: it must not type into the focused Scan box.
  event.preventDefault();
  const combo = `Alt+${event.code.slice(3)}`;
  const target = [...root.querySelectorAll<HTMLElement>(`main [aria-keyshortcuts~="${combo}"]`)].find(
    (element) => !(element as HTMLButtonElement).disabled && element.getClientRects().length > 0,
  );
  if (!target) return false;
  if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement) target.focus();
  else target.click();
  return true;
}
